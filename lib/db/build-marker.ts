import { readFileSync } from "node:fs";

/** Marker present while a build runs (it holds the builder's pid), so the server can answer "building" instead of "missing". */
export const buildingMarker = (databasePath: string) => `${databasePath}.building`;

/**
 * Whether a build of this database is running: its marker exists and names a live process. A
 * marker left by a build that was killed does not count (the next start builds again).
 */
export function buildInProgress(databasePath: string): boolean {
  let pid: number;
  try {
    pid = Number(readFileSync(buildingMarker(databasePath), "utf8"));
  } catch {
    return false;
  }
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
