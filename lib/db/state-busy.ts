import { StateStoreUnavailableError } from "@/lib/errors";

/**
 * Runs a statement of the SQLite state file: a write lock held by another process past the busy
 * timeout (SQLITE_BUSY, or a snapshot another write made stale) is the store being unavailable
 * (a 503 with Retry-After), not a fault of the request.
 */
export function stateBusy<T>(run: () => T): T {
  try {
    return run();
  } catch (error) {
    if (String((error as { code?: string }).code).startsWith("SQLITE_BUSY")) throw new StateStoreUnavailableError(error);
    throw error;
  }
}
