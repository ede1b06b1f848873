import { z } from "zod";
import type { StateDb } from "@/lib/db/api-state-db";
import { KeyStoreUnavailableError } from "@/lib/errors";
import { SqlCount, SqlFlag } from "@/lib/db/sql-rows";
import { type ApiKeyRecord, type ApiKeyStore, KEY_COLUMNS, type NewKey, KEY_INSERT_COLUMNS, keyInsertValues, keyRecordRow, newApiKey } from "./api-key-store";

/**
 * API keys in the SQLite state file (API_STATE_PATH). The functions are synchronous (tests and
 * benches set up keys with them); `sqliteKeyStore` is the same behind the store interface.
 */
const FoundRow = z
  .object({ id: z.string(), tier: z.string(), revoked: SqlFlag.transform((flag) => flag === 1), account_id: z.string().nullable() })
  .transform(({ account_id, ...found }) => ({ ...found, accountId: account_id }));

const KeyRecordRow = keyRecordRow(z.string(), (text) => text);

export function createApiKey(db: StateDb, input: NewKey): { record: ApiKeyRecord; key: string } {
  const { record, key, hash } = newApiKey(input);
  db.prepare(`INSERT INTO api_keys (${KEY_INSERT_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?)`).run(...keyInsertValues(record, hash));
  return { record, key };
}

/** Every key, or an account's. */
export function listApiKeys(db: StateDb, accountId?: string): ApiKeyRecord[] {
  const rows = accountId === undefined ? db.prepare(`SELECT ${KEY_COLUMNS} FROM api_keys ORDER BY created_at, id`).all() : db.prepare(`SELECT ${KEY_COLUMNS} FROM api_keys WHERE account_id = ? ORDER BY created_at, id`).all(accountId);
  return KeyRecordRow.array().parse(rows);
}

/** Revokes a key (of the account, when given). */
export function revokeApiKey(db: StateDb, id: string, accountId?: string): ApiKeyRecord | null {
  const ofAccount = accountId === undefined ? "" : " AND account_id = ?";
  const scope = accountId === undefined ? [id] : [id, accountId];
  db.prepare(`UPDATE api_keys SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL${ofAccount}`).run(new Date().toISOString(), ...scope);
  return KeyRecordRow.optional().parse(db.prepare(`SELECT ${KEY_COLUMNS} FROM api_keys WHERE id = ?${ofAccount}`).get(...scope)) ?? null;
}

export function sqliteKeyStore(db: StateDb): ApiKeyStore {
  // Prepared once: this runs on every request.
  const lookup = db.prepare(`SELECT id, tier, revoked_at IS NOT NULL AS revoked, account_id FROM api_keys WHERE key_hash = ?`);
  const guarded = <T>(read: () => T): T => {
    try {
      return read();
    } catch (error) {
      // The busy timeout ran out: another process held the write lock for seconds.
      if ((error as { code?: string }).code === "SQLITE_BUSY") throw new KeyStoreUnavailableError(error);
      throw error;
    }
  };
  return {
    kind: "sqlite",
    create: async (input) => guarded(() => createApiKey(db, input)),
    createCapped: async (input, maxActive) =>
      guarded(() =>
        db
          .transaction(() => {
            const active = SqlCount.parse(db.prepare("SELECT count(*) FROM api_keys WHERE account_id = ? AND revoked_at IS NULL").pluck().get(input.accountId));
            return active >= maxActive ? ("full" as const) : createApiKey(db, input);
          })
          .immediate(),
      ),
    list: async (accountId) => guarded(() => listApiKeys(db, accountId)),
    revoke: async (id, accountId) => guarded(() => revokeApiKey(db, id, accountId)),
    find: async (hash) => FoundRow.optional().parse(guarded(() => lookup.get(hash))),
    ping: async () => void guarded(() => db.prepare("SELECT 1").get()),
  };
}
