import { renameSync, rmSync } from "node:fs";

/**
 * Fills `staging` (emptied first) and puts it in place of `target` only once `fill` succeeds: a
 * failure leaves `target` as it was and removes the staging folder. A sync replaces its extraction
 * and its kept files this way, so a bad zip or a failed build never leaves half a folder behind.
 */
export async function replaceDirectory<T>(target: string, staging: string, fill: (staging: string) => Promise<T> | T): Promise<T> {
  rmSync(staging, { recursive: true, force: true });
  let result: T;
  try {
    result = await fill(staging);
  } catch (error) {
    rmSync(staging, { recursive: true, force: true });
    throw error;
  }
  rmSync(target, { recursive: true, force: true });
  renameSync(staging, target);
  return result;
}
