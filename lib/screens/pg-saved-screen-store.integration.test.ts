import { afterAll, beforeAll } from "vitest";
import { openPgState, type PgState } from "@/lib/db/api-state-pg";
import { savedScreenStoreContract } from "@/test/support/screens/saved-screen-store-contract";
import { type LocalServer, startPostgres } from "@/test/support/local-servers";
import { pgSavedScreenStore } from "./pg-saved-screen-store";

// A real PostgreSQL, started here in a temporary directory; two pools on it, as two app instances.
let server: LocalServer;
let states: PgState[] = [];
beforeAll(async () => {
  server = await startPostgres();
  states = [openPgState(server.url), openPgState(server.url)];
}, 60_000);
afterAll(async () => {
  await Promise.all(states.map((s) => s.close()));
  await server.stop();
});

savedScreenStoreContract("PostgreSQL", () => ({ store: pgSavedScreenStore(states[0]!), other: pgSavedScreenStore(states[1]!) }));
