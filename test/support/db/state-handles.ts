import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll } from "vitest";
import { openApiStateDb, type StateDb } from "@/lib/db/api-state-db";
import { openPgState, type PgState } from "@/lib/db/api-state-pg";
import { type LocalServer, startPostgres } from "../local-servers";

/**
 * Two handles on one API state, as two app instances have, for the stores' contract suites: a
 * temporary state file opened twice, or a real PostgreSQL (started for the file's tests) with two
 * pools. Cleaned up after the file's tests.
 */
export function twoStateFiles(): [StateDb, StateDb] {
  const dir = mkdtempSync(path.join(tmpdir(), "api-state-"));
  const file = path.join(dir, "state.db");
  const dbs: [StateDb, StateDb] = [openApiStateDb(file), openApiStateDb(file)];
  afterAll(() => {
    dbs.forEach((d) => d.close());
    rmSync(dir, { recursive: true, force: true });
  });
  return dbs;
}

/** The two pools, once `beforeAll` has started PostgreSQL: call the returned function inside tests. */
export function twoPgStates(): () => [PgState, PgState] {
  let server: LocalServer;
  let states: [PgState, PgState] | undefined;
  beforeAll(async () => {
    server = await startPostgres();
    states = [openPgState(server.url), openPgState(server.url)];
  }, 60_000);
  afterAll(async () => {
    await Promise.all((states ?? []).map((s) => s.close()));
    await server?.stop();
  });
  return () => states!;
}
