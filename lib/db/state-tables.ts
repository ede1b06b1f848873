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
  int: string;
}

export const SQLITE_TYPES: StateTypes = { text: "TEXT", time: "TEXT", bytes: "BLOB", json: "TEXT", int: "INTEGER" };
export const PG_TYPES: StateTypes = { text: "text", time: "timestamptz", bytes: "bytea", json: "json", int: "integer" };

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

/** Alerts of saved screens (lib/alerts/): where to send them, what was last seen, what changed, each delivery. */
export const alertsTables = ({ text, time, json, int }: StateTypes) => `ALTER TABLE saved_screens ADD COLUMN webhook_url ${text};     -- alerts on: POSTed to here (optional)
ALTER TABLE saved_screens ADD COLUMN webhook_secret ${text};  -- alerts on: the HMAC key of the deliveries
ALTER TABLE saved_screens ADD COLUMN feed_token ${text};      -- alerts on (set exactly then): the Atom feed's address
CREATE UNIQUE INDEX saved_screens_feed_token ON saved_screens (feed_token);
CREATE TABLE alert_states (
  screen_id  ${text} PRIMARY KEY,
  as_of      ${text} NOT NULL,   -- the trading day the members were seen on
  members    ${json} NOT NULL,   -- their tickers
  updated_at ${time} NOT NULL
);
CREATE TABLE alert_events (
  id          ${text} PRIMARY KEY,
  screen_id   ${text} NOT NULL,
  as_of       ${text} NOT NULL,
  full_ticker ${text} NOT NULL,
  change      ${text} NOT NULL,  -- entered or left
  rules       ${json} NOT NULL,  -- the filters that flipped, their values and reasons
  created_at  ${time} NOT NULL,
  UNIQUE (screen_id, as_of, full_ticker, change)
);
CREATE TABLE alert_deliveries (
  id         ${text} PRIMARY KEY,
  screen_id  ${text} NOT NULL,
  events     ${json} NOT NULL,   -- the ids of the events the body carried
  attempt    ${int} NOT NULL,
  status     ${int},             -- the receiver's HTTP status; NULL when none came
  error      ${text},
  at         ${time} NOT NULL
);
CREATE INDEX alert_deliveries_screen ON alert_deliveries (screen_id, at);`;

/** Alerts delivered at least once: each change waits, pending, until its webhook took it (lib/alerts/run-alerts.ts). */
export const alertDeliveryColumns = ({ text }: StateTypes) => `ALTER TABLE alert_events ADD COLUMN delivery ${text};  -- pending: still to deliver to the screen's webhook; delivered; NULL: recorded without a webhook
CREATE INDEX alert_events_pending ON alert_events (screen_id, delivery, created_at);
CREATE INDEX alert_events_created ON alert_events (created_at);
CREATE INDEX alert_deliveries_at ON alert_deliveries (at);`;
