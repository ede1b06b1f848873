/**
 * The API state's tables that both stores create alike, written once with each store's column
 * types (the SQLite file's upgrades, lib/db/api-state-db.ts, and the PostgreSQL migrations,
 * lib/db/api-state-pg.ts). Released text never changes: a change is a new upgrade and migration.
 */
export interface StateTypes {
  text: string;
  /** A timestamp: ISO text in SQLite, timestamptz in PostgreSQL. */
  time: string;
  bytes: string;
  /** A JSON document kept as sent. */
  json: string;
}

export const SQLITE_TYPES: StateTypes = { text: "TEXT", time: "TEXT", bytes: "BLOB", json: "TEXT" };
export const PG_TYPES: StateTypes = { text: "text", time: "timestamptz", bytes: "bytea", json: "json" };

/** Saved screens (lib/screens/). */
export const savedScreensTable = ({ text, time, json }: StateTypes) => `CREATE TABLE saved_screens (
  id          ${text} PRIMARY KEY,
  owner       ${text} NOT NULL,          -- who may read and change it: account:<id>, or key:<id> for a key of the CLI
  name        ${text} NOT NULL,
  notes       ${text} NOT NULL,
  request     ${json} NOT NULL,          -- the v2 screen request as sent
  share_token ${text} UNIQUE,            -- set while shared: any key may read the screen by it
  created_at  ${time} NOT NULL,
  updated_at  ${time} NOT NULL
);
CREATE INDEX saved_screens_owner ON saved_screens (owner, created_at);`;

/** Accounts, their sessions, and the keys they create (lib/accounts/). */
export const accountsTables = ({ text, time, bytes }: StateTypes) => `ALTER TABLE api_keys ADD COLUMN account_id ${text};  -- the account that created it on the account page; NULL from the CLI
CREATE INDEX api_keys_account ON api_keys (account_id);
CREATE TABLE accounts (
  id            ${text} PRIMARY KEY,
  email         ${text} NOT NULL UNIQUE,   -- lower case
  password_hash ${text} NOT NULL,          -- argon2id, PHC string
  created_at    ${time} NOT NULL
);
CREATE TABLE sessions (
  token_hash ${bytes} PRIMARY KEY,          -- SHA-256 of the cookie's token; the token itself is never stored
  account_id ${text} NOT NULL REFERENCES accounts (id),
  created_at ${time} NOT NULL,
  expires_at ${time} NOT NULL
);
CREATE INDEX sessions_account ON sessions (account_id);`;
