import type { StateDb } from "@/lib/db/api-state-db";
import { generateApiKey, hashApiKey, randomBase62 } from "./api-key-format";

/** What is known about a key, without the key. */
export interface ApiKeyRecord {
  id: string;
  name: string;
  tier: string;
  hint: string;
  createdAt: string;
  revokedAt: string | null;
}

interface ApiKeyRow {
  id: string;
  name: string;
  tier: string;
  key_hint: string;
  created_at: string;
  revoked_at: string | null;
}

const toRecord = (row: ApiKeyRow): ApiKeyRecord => ({
  id: row.id,
  name: row.name,
  tier: row.tier,
  hint: row.key_hint,
  createdAt: row.created_at,
  revokedAt: row.revoked_at,
});

/** Creates a key; the returned `key` is the only copy that will ever exist. */
export function createApiKey(db: StateDb, input: { name: string; tier: string }): { record: ApiKeyRecord; key: string } {
  const key = generateApiKey();
  const row: ApiKeyRow = {
    id: `key_${randomBase62(12)}`,
    name: input.name,
    tier: input.tier,
    key_hint: key.slice(-4),
    created_at: new Date().toISOString(),
    revoked_at: null,
  };
  db.prepare(
    `INSERT INTO api_keys (id, name, tier, key_hash, key_hint, created_at) VALUES (@id, @name, @tier, @key_hash, @key_hint, @created_at)`,
  ).run({ ...row, key_hash: hashApiKey(key) });
  return { record: toRecord(row), key };
}

export function listApiKeys(db: StateDb): ApiKeyRecord[] {
  const rows = db.prepare(`SELECT id, name, tier, key_hint, created_at, revoked_at FROM api_keys ORDER BY created_at, id`).all();
  return (rows as ApiKeyRow[]).map(toRecord);
}

/** Revokes a key from the next request on. Returns the record, or null when no key has this id. */
export function revokeApiKey(db: StateDb, id: string): ApiKeyRecord | null {
  db.prepare(`UPDATE api_keys SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL`).run(new Date().toISOString(), id);
  const row = db.prepare(`SELECT id, name, tier, key_hint, created_at, revoked_at FROM api_keys WHERE id = ?`).get(id);
  return row ? toRecord(row as ApiKeyRow) : null;
}

/** Looks a key up by its hash (prepared once per connection: this runs on every request). */
export function keyLookup(db: StateDb): (hash: Buffer) => { id: string; tier: string; revoked: boolean } | undefined {
  const statement = db.prepare(`SELECT id, tier, revoked_at IS NOT NULL AS revoked FROM api_keys WHERE key_hash = ?`);
  return (hash) => {
    const row = statement.get(hash) as { id: string; tier: string; revoked: number } | undefined;
    return row && { id: row.id, tier: row.tier, revoked: row.revoked === 1 };
  };
}
