import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrateApiState, MIGRATIONS, openPgState, type PgState } from "@/lib/db/api-state-pg";
import { KeyStoreUnavailableError } from "@/lib/errors";
import { keyStoreContract } from "@/test/support/auth/key-store-contract";
import { type LocalServer, startPostgres } from "@/test/support/local-servers";
import { apiKeyAuthenticator } from "./authenticate";
import { pgKeyStore } from "./pg-key-store";

// A real PostgreSQL, started here in a temporary directory and stopped after the tests.
let server: LocalServer;
let states: PgState[] = [];
let stores: { store: ReturnType<typeof pgKeyStore>; other: ReturnType<typeof pgKeyStore>; stranger: ReturnType<typeof pgKeyStore> };
beforeAll(async () => {
  server = await startPostgres();
  const admin = openPgState(server.url);
  await admin.pool.query("CREATE DATABASE stranger");
  await admin.close();
  // Two pools on one database (two app instances), one on a database of its own.
  states = [openPgState(server.url), openPgState(server.url), openPgState(server.url.replace(/\/postgres$/, "/stranger"))];
  stores = { store: pgKeyStore(states[0]!), other: pgKeyStore(states[1]!), stranger: pgKeyStore(states[2]!) };
}, 60_000);
afterAll(async () => {
  await Promise.all(states.map((s) => s.close()));
  await server.stop();
});

keyStoreContract("PostgreSQL", () => stores);

describe("PostgreSQL key store", () => {
  it("stores only the SHA-256 of a key", async () => {
    const { key } = await stores.store.create({ name: "hashed", tier: "starter" });
    const { rows } = await states[0]!.pool.query("SELECT * FROM api_keys");
    const stored = JSON.stringify(rows);
    expect(stored).not.toContain(key);
    expect(stored).not.toContain(key.slice(4, 30));
  });

  it("applies each migration once, recorded by version, also when instances start together", async () => {
    const fresh = openPgState(server.url);
    const admin = fresh.pool;
    await admin.query("CREATE DATABASE migrations_race");
    const racing = [openPgState(server.url.replace(/\/postgres$/, "/migrations_race")), openPgState(server.url.replace(/\/postgres$/, "/migrations_race"))];
    try {
      const applied = await Promise.all(racing.map((s) => migrateApiState(s.pool)));
      // One instance applied everything, the other found nothing left to do.
      expect(applied.flat().sort()).toEqual(MIGRATIONS.map((m) => m.version));
      expect(await migrateApiState(racing[0]!.pool)).toEqual([]);
      const { rows } = await racing[0]!.pool.query("SELECT version, name FROM schema_migrations ORDER BY version");
      expect(rows).toEqual(MIGRATIONS.map(({ version, name }) => ({ version, name })));
    } finally {
      await Promise.all([...racing, fresh].map((s) => s.close()));
    }
  });

  it("fails with a store error (a 503 for the caller, never an admission) when PostgreSQL is unreachable", async () => {
    const down = await startPostgres();
    const orphan = openPgState(down.url);
    const store = pgKeyStore(orphan);
    const { key } = await store.create({ name: "soon unreachable", tier: "starter" });
    expect(await apiKeyAuthenticator(store)(`Bearer ${key}`)).not.toBeNull();
    await down.stop();
    await expect(apiKeyAuthenticator(store)(`Bearer ${key}`)).rejects.toBeInstanceOf(KeyStoreUnavailableError);
    await expect(store.ping()).rejects.toBeInstanceOf(KeyStoreUnavailableError);
    await expect(store.list()).rejects.toBeInstanceOf(KeyStoreUnavailableError);
    await orphan.close();
  }, 30_000);
});
