import { Pool, type PoolClient } from "pg";
import { z } from "zod";
import { accountsTables, alertDeliveryColumns, alertsTables, PG_TYPES, savedScreensTable } from "./state-tables";

/**
 * The API state in PostgreSQL (`API_STATE_URL`): the same tables as the SQLite state file, shared
 * by every app instance. The schema is versioned: each migration runs once, in order, recorded in
 * `schema_migrations`; `migrateApiState` applies the missing ones (at start and by
 * `npm run migrate`). Migrations never change once released: a change is a new version.
 */
export const MIGRATIONS: readonly { version: number; name: string; sql: string }[] = [
  {
    version: 1,
    name: "api keys and the rate-limit log",
    sql: `
CREATE TABLE api_keys (
  id          text PRIMARY KEY,
  name        text NOT NULL,
  tier        text NOT NULL,
  key_hash    bytea NOT NULL UNIQUE,  -- SHA-256 of the whole key; the key itself is never stored
  key_hint    text NOT NULL,          -- last four characters, to tell keys apart in listings
  created_at  timestamptz NOT NULL,
  revoked_at  timestamptz
);
-- Sliding-window log: one row per admitted request, per subject (an API key id or a UI client).
CREATE TABLE rate_limit_log (
  subject text NOT NULL,
  at_ms   bigint NOT NULL
);
CREATE INDEX rate_limit_log_subject_at ON rate_limit_log (subject, at_ms);
CREATE INDEX rate_limit_log_at ON rate_limit_log (at_ms);
-- One sliding-window decision, atomic as the Redis limiter's script: a per-subject lock, then for
-- each window (limit, length) its count, oldest and (when full) the time a slot frees; the request
-- is recorded only when every window has room. Returns [admitted, (count, oldest, free_at) ...],
-- -1 for none (lib/rate-limit/pg-limiter.ts).
CREATE FUNCTION rate_limit_consume(p_subject text, p_now bigint, p_limits integer[], p_windows bigint[])
RETURNS bigint[] LANGUAGE plpgsql AS $$
DECLARE
  result bigint[] := ARRAY[1];
  n bigint;
  oldest bigint;
  free_at bigint;
BEGIN
  PERFORM pg_advisory_xact_lock(hashtextextended(p_subject, 0));
  DELETE FROM rate_limit_log WHERE subject = p_subject AND at_ms <= p_now - (SELECT max(w) FROM unnest(p_windows) AS w);
  FOR i IN 1 .. array_length(p_limits, 1) LOOP
    SELECT count(*), min(at_ms) INTO n, oldest FROM rate_limit_log WHERE subject = p_subject AND at_ms > p_now - p_windows[i];
    free_at := -1;
    IF n >= p_limits[i] THEN
      result[1] := 0;
      SELECT at_ms + p_windows[i] INTO free_at FROM rate_limit_log
        WHERE subject = p_subject AND at_ms > p_now - p_windows[i] ORDER BY at_ms OFFSET n - p_limits[i] LIMIT 1;
    END IF;
    result := result || ARRAY[n, coalesce(oldest, -1), free_at];
  END LOOP;
  IF result[1] = 1 THEN
    INSERT INTO rate_limit_log (subject, at_ms) VALUES (p_subject, p_now);
  END IF;
  RETURN result;
END
$$;
`,
  },
  {
    version: 2,
    name: "refunds of admitted requests",
    sql: `
-- Each admitted request's row carries the entry its receipt names (lib/rate-limit/receipts.ts), so
-- a refund deletes that row and no other.
ALTER TABLE rate_limit_log ADD COLUMN entry text;
-- rate_limit_consume of version 1, recording p_entry. Instances of the previous release call it
-- with four arguments until they stop; their rows have no entry and are never refunded.
DROP FUNCTION rate_limit_consume(text, bigint, integer[], bigint[]);
CREATE FUNCTION rate_limit_consume(p_subject text, p_now bigint, p_limits integer[], p_windows bigint[], p_entry text DEFAULT NULL)
RETURNS bigint[] LANGUAGE plpgsql AS $$
DECLARE
  result bigint[] := ARRAY[1];
  n bigint;
  oldest bigint;
  free_at bigint;
BEGIN
  PERFORM pg_advisory_xact_lock(hashtextextended(p_subject, 0));
  DELETE FROM rate_limit_log WHERE subject = p_subject AND at_ms <= p_now - (SELECT max(w) FROM unnest(p_windows) AS w);
  FOR i IN 1 .. array_length(p_limits, 1) LOOP
    SELECT count(*), min(at_ms) INTO n, oldest FROM rate_limit_log WHERE subject = p_subject AND at_ms > p_now - p_windows[i];
    free_at := -1;
    IF n >= p_limits[i] THEN
      result[1] := 0;
      SELECT at_ms + p_windows[i] INTO free_at FROM rate_limit_log
        WHERE subject = p_subject AND at_ms > p_now - p_windows[i] ORDER BY at_ms OFFSET n - p_limits[i] LIMIT 1;
    END IF;
    result := result || ARRAY[n, coalesce(oldest, -1), free_at];
  END LOOP;
  IF result[1] = 1 THEN
    INSERT INTO rate_limit_log (subject, at_ms, entry) VALUES (p_subject, p_now, p_entry);
  END IF;
  RETURN result;
END
$$;
-- Takes one admitted request back, under the subject's lock as a decision: each statement of a
-- decision sees the rows committed when it starts, so a row deleted between its count and its
-- look-up of the time a slot frees would make the two disagree.
CREATE FUNCTION rate_limit_refund(p_subject text, p_at bigint, p_entry text)
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(hashtextextended(p_subject, 0));
  DELETE FROM rate_limit_log WHERE subject = p_subject AND at_ms = p_at AND entry = p_entry;
END
$$;
`,
  },
  { version: 3, name: "saved screens", sql: savedScreensTable(PG_TYPES) },
  { version: 4, name: "accounts, sessions and the keys they create", sql: accountsTables(PG_TYPES) },
  { version: 5, name: "alerts of saved screens", sql: alertsTables(PG_TYPES) },
  { version: 6, name: "alerts delivered at least once, pruned", sql: alertDeliveryColumns(PG_TYPES) },
];

// Any constant: instances starting together take turns migrating instead of racing.
const MIGRATION_LOCK = 718_001;

const VersionRows = z.array(z.object({ version: z.int() }));

/** Applies the migrations this database lacks, in one transaction; returns the versions applied. */
export async function migrateApiState(pool: Pool): Promise<number[]> {
  const client = await pool.connect();
  try {
    await client.query("BEGIN");
    await client.query("SELECT pg_advisory_xact_lock($1)", [MIGRATION_LOCK]);
    await client.query(
      "CREATE TABLE IF NOT EXISTS schema_migrations (version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())",
    );
    const rows = VersionRows.parse((await client.query("SELECT version FROM schema_migrations")).rows);
    const done = new Set(rows.map((row) => row.version));
    const missing = MIGRATIONS.filter((m) => !done.has(m.version));
    for (const migration of missing) {
      await client.query(migration.sql);
      await client.query("INSERT INTO schema_migrations (version, name) VALUES ($1, $2)", [migration.version, migration.name]);
    }
    await client.query("COMMIT");
    return missing.map((m) => m.version);
  } catch (error) {
    await client.query("ROLLBACK").catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}

/** A connection pool to the state database and a gate that migrates it once before first use. */
export interface PgState {
  pool: Pool;
  /** Resolves once the schema is current; a failure (PostgreSQL away) is retried on the next call. */
  ready(): Promise<void>;
  close(): Promise<void>;
}

export function openPgState(url: string): PgState {
  const pool = new Pool({
    connectionString: url,
    max: 10,
    // Fail a request quickly when PostgreSQL is away (it gets a 503) instead of queueing it for ever.
    connectionTimeoutMillis: 2000,
    query_timeout: 2000,
    idleTimeoutMillis: 30_000,
  });
  // An idle connection that breaks (server restart) is dropped by the pool; the next query reconnects.
  pool.on("error", () => {});
  let migrated: Promise<void> | undefined;
  return {
    pool,
    ready: () =>
      (migrated ??= migrateApiState(pool).then(
        () => {},
        (error: unknown) => {
          migrated = undefined;
          throw error;
        },
      )),
    close: () => pool.end(),
  };
}

/**
 * One query once the schema is current, its rows; PostgreSQL being away (or the query failing)
 * becomes the caller's 503 error (`unavailable`).
 */
export async function stateQuery(state: PgState, sql: string, values: unknown[], unavailable: (cause: unknown) => Error): Promise<unknown[]> {
  try {
    await state.ready();
    return (await state.pool.query({ text: sql, values })).rows;
  } catch (error) {
    throw unavailable(error);
  }
}

/**
 * Work in one transaction on a connection of its own once the schema is current; PostgreSQL
 * being away, or any statement failing, rolls it back and becomes the caller's 503 error.
 */
export async function stateTransaction<T>(state: PgState, work: (client: PoolClient) => Promise<T>, unavailable: (cause: unknown) => Error): Promise<T> {
  let client: PoolClient;
  try {
    await state.ready();
    client = await state.pool.connect();
  } catch (error) {
    throw unavailable(error);
  }
  try {
    await client.query("BEGIN");
    const result = await work(client);
    await client.query("COMMIT");
    return result;
  } catch (error) {
    await client.query("ROLLBACK").catch(() => {});
    throw unavailable(error);
  } finally {
    client.release();
  }
}
