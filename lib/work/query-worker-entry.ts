import { existsSync } from "node:fs";
import path from "node:path";

/** The query worker bundled to plain JavaScript by `npm run build` (scripts/build-query-worker.ts). */
export const BUILT_QUERY_WORKER = ".next/query-worker/query-worker.mjs";
/** The query worker's sources, started through tsx. */
export const SOURCE_QUERY_WORKER = "lib/work/worker-entry.mjs";

/**
 * The file a query worker thread starts from. Under `next start` (production) it is the bundle, so
 * a worker starts without compiling TypeScript; elsewhere (next dev, tests, benchmarks) the sources
 * through tsx (worker-entry.mjs), so an edit needs no build.
 */
export function queryWorkerEntry(root: string): string {
  if (process.env.NODE_ENV !== "production") return path.join(/*turbopackIgnore: true*/ root, SOURCE_QUERY_WORKER);
  const built = path.join(/*turbopackIgnore: true*/ root, BUILT_QUERY_WORKER);
  if (!existsSync(built)) throw new Error(`${BUILT_QUERY_WORKER} is missing: run \`npm run build\``);
  return built;
}
