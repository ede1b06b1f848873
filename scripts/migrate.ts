/**
 * `npm run migrate`: brings the PostgreSQL API state (API_STATE_URL) to the current schema
 * version. App instances do the same when they start; this runs it ahead of a deployment. The
 * SQLite state file needs none: its schema is created when it is opened.
 */
import { migrateApiState, openPgState } from "@/lib/db/api-state-pg";
import { env } from "@/lib/env";

const url = env().API_STATE_URL;
if (url === undefined) {
  console.log("API_STATE_URL is not set: the SQLite state file (API_STATE_PATH) needs no migrations.");
} else {
  const state = openPgState(url);
  try {
    const applied = await migrateApiState(state.pool);
    console.log(applied.length === 0 ? "The API state database is up to date." : `Applied migrations ${applied.join(", ")}.`);
  } catch (error) {
    console.error(`Migration failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  } finally {
    await state.close();
  }
}
