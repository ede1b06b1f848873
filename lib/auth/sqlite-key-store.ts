import { z } from "zod";
import type { StateDb } from "@/lib/db/api-state-db";
import { KeyStoreUnavailableError } from "@/lib/errors";
import { SqlFlag } from "@/lib/db/sql-rows";
import { type ApiKeyRecord, type ApiKeyStore, KEY_COLUMNS, KEY_INSERT_COLUMNS, keyInsertValues, keyRecordRow, newApiKey } from "./api-key-store";

/**
 * API keys in the SQLite state file (API_STATE_PATH). The functions are synchronous (tests and
 * benches set up keys with them); `sqliteKeyStore` is the same behind the store interface.
 */
const FoundRow = z.object({ id: z.string(), tier: z.string(), revoked: SqlFlag.transform((flag) => flag === 1) });

const KeyRecordRow = keyRecordRow(z.string(), (text) => text);

export function createApiKey(db: StateDb, input: { name: string; tier: string }): { record: ApiKeyRecord; key: string } {
  const { record, key, hash } = newApiKey(input);
  db.prepare(`INSERT INTO api_keys (${KEY_INSERT_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?)`).run(...keyInsertValues(record, hash));
  return { record, key };
}

export function listApiKeys(db: StateDb): ApiKeyRecord[] {
  return KeyRecordRow.array().parse(db.prepare(`SELECT ${KEY_COLUMNS} FROM api_keys ORDER BY created_at, id`).all());
}

export function revokeApiKey(db: StateDb, id: string): ApiKeyRecord | null {
  db.prepare(`UPDATE api_keys SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL`).run(new Date().toISOString(), id);
  return KeyRecordRow.optional().parse(db.prepare(`SELECT ${KEY_COLUMNS} FROM api_keys WHERE id = ?`).get(id)) ?? null;
}

export function sqliteKeyStore(db: StateDb): ApiKeyStore {
  // Prepared once: this runs on every request.
  const lookup = db.prepare(`SELECT id, tier, revoked_at IS NOT NULL AS revoked FROM api_keys WHERE key_hash = ?`);
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
    create: async (input) => createApiKey(db, input),
    list: async () => listApiKeys(db),
    revoke: async (id) => revokeApiKey(db, id),
    find: async (hash) => FoundRow.optional().parse(guarded(() => lookup.get(hash))),
    ping: async () => void guarded(() => db.prepare("SELECT 1").get()),
  };
}
