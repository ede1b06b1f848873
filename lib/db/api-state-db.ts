import { mkdirSync } from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { z } from "zod";
import { env } from "@/lib/env";
import { accountsTables, alertDeliveryColumns, alertsTables, savedScreensTable, SQLITE_TYPES } from "./state-tables";

/**
 * The API state file: API keys, the rate-limit log, saved screens, accounts and sessions. It is separate from the market database,
 * so rebuilding market data (`npm run ingest`) never touches it. Several processes (app
 * instances, the `apikey` command) may open it at once: WAL lets readers run beside the one
 * writer, and the busy timeout makes a writer wait for the lock instead of failing.
 */
const SCHEMA = `
CREATE TABLE IF NOT EXISTS api_keys (
  id          TEXT PRIMARY KEY,
  name        TEXT NOT NULL,
  tier        TEXT NOT NULL,
  key_hash    BLOB NOT NULL UNIQUE,   -- SHA-256 of the whole key; the key itself is never stored
  key_hint    TEXT NOT NULL,          -- last four characters, to tell keys apart in listings
  created_at  TEXT NOT NULL,
  revoked_at  TEXT
);
-- Sliding-window log: one row per admitted request, per subject (an API key id or a UI client).
CREATE TABLE IF NOT EXISTS rate_limit_log (
  subject TEXT NOT NULL,
  at_ms   INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS rate_limit_log_subject_at ON rate_limit_log (subject, at_ms);
CREATE INDEX IF NOT EXISTS rate_limit_log_at ON rate_limit_log (at_ms);
`;

/**
 * Changes to the schema above, in order; a file's `user_version` counts those it has. Like the
 * PostgreSQL migrations, a released change never changes: a new one is appended.
 */
const UPGRADES = [
  // Names each admitted request, so that a refund deletes that one (lib/rate-limit/receipts.ts).
  "ALTER TABLE rate_limit_log ADD COLUMN entry TEXT",
  savedScreensTable(SQLITE_TYPES),
  accountsTables(SQLITE_TYPES),
  alertsTables(SQLITE_TYPES),
  alertDeliveryColumns(SQLITE_TYPES),
];
const UserVersion = z.int().nonnegative();

/** Brings a file up to date; processes opening an old file at once take turns on the write lock. */
function upgrade(db: Database.Database): void {
  db.transaction(() => {
    const version = UserVersion.parse(db.pragma("user_version", { simple: true }));
    if (version >= UPGRADES.length) return;
    for (const sql of UPGRADES.slice(version)) db.exec(sql);
    db.pragma(`user_version = ${UPGRADES.length}`);
  }).immediate();
}

export type StateDb = Database.Database;

/** Opens (creating if needed) an API state file. Callers keep the handle for the process's life. */
export function openApiStateDb(file: string): StateDb {
  if (file !== ":memory:") mkdirSync(path.dirname(file), { recursive: true });
  const db = new Database(file);
  db.pragma("busy_timeout = 5000");
  db.pragma("journal_mode = WAL");
  // WAL + NORMAL is durable across application crashes; a power loss may drop the last few
  // log rows, which only ever makes a limit more lenient for one window.
  db.pragma("synchronous = NORMAL");
  db.exec(SCHEMA);
  upgrade(db);
  return db;
}

let shared: StateDb | undefined;

/** The process-wide connection to the configured state file (`API_STATE_PATH`). */
export function apiStateDb(): StateDb {
  if (shared === undefined) {
    const db = (shared = openApiStateDb(env().API_STATE_PATH));
    // Closing folds the write-ahead log back into the file.
    process.once("exit", () => db.close());
  }
  return shared;
}
