import { apiStateDb, type StateDb } from "./api-state-db";
import { openPgState, type PgState } from "./api-state-pg";
import { env } from "@/lib/env";

/**
 * Where this process keeps its API state: PostgreSQL when `API_STATE_URL` is set (shared by every
 * instance), else the SQLite state file (`API_STATE_PATH`, the zero-configuration default).
 */
export type ApiState = { kind: "sqlite"; db: StateDb } | { kind: "postgres"; pg: PgState };

let shared: ApiState | undefined;

/** The process-wide API state, opened on first use. */
export function apiState(): ApiState {
  if (shared === undefined) {
    const url = env().API_STATE_URL;
    shared = url === undefined ? { kind: "sqlite", db: apiStateDb() } : { kind: "postgres", pg: openPgState(url) };
  }
  return shared;
}
