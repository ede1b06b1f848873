import { z } from "zod";
import { type PgState, stateQuery } from "@/lib/db/api-state-pg";
import { KeyStoreUnavailableError } from "@/lib/errors";
import { type ApiKeyStore, KEY_COLUMNS, KEY_INSERT_COLUMNS, keyInsertValues, keyRecordRow, newApiKey } from "./api-key-store";

/**
 * API keys in PostgreSQL (`API_STATE_URL`), shared by every app instance. Every lookup asks the
 * database (one indexed read over a pooled connection): there is no key cache, so a revocation
 * holds on every instance from its next request.
 */
const FoundRow = z
  .object({ id: z.string(), tier: z.string(), revoked: z.boolean(), account_id: z.string().nullable() })
  .transform(({ account_id, ...found }) => ({ ...found, accountId: account_id }));

const KeyRecordRow = keyRecordRow(z.date(), (date) => date.toISOString());

export function pgKeyStore(state: PgState): ApiKeyStore {
  const query = (sql: string, values: unknown[] = []) => stateQuery(state, sql, values, (cause) => new KeyStoreUnavailableError(cause));

  return {
    kind: "postgres",
    async create(input) {
      const { record, key, hash } = newApiKey(input);
      await query(`INSERT INTO api_keys (${KEY_INSERT_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7)`, keyInsertValues(record, hash));
      return { record, key };
    },
    async createCapped(input, maxActive) {
      const { record, key, hash } = newApiKey(input);
      const client = await state
        .ready()
        .then(() => state.pool.connect())
        .catch((error: unknown) => {
          throw new KeyStoreUnavailableError(error);
        });
      try {
        await client.query("BEGIN");
        // The account's lock first, in a statement of its own, so that the count sees every key a create holding it before committed.
        await client.query("SELECT pg_advisory_xact_lock(hashtextextended($1, 2))", [input.accountId]);
        const inserted = await client.query({
          text: `INSERT INTO api_keys (${KEY_INSERT_COLUMNS}) SELECT $1, $2, $3, $4, $5, $6, $7 WHERE (SELECT count(*) FROM api_keys WHERE account_id = $7 AND revoked_at IS NULL) < $8`,
          values: [...keyInsertValues(record, hash), maxActive],
        });
        await client.query("COMMIT");
        return inserted.rowCount === 1 ? { record, key } : "full";
      } catch (error) {
        await client.query("ROLLBACK").catch(() => {});
        throw new KeyStoreUnavailableError(error);
      } finally {
        client.release();
      }
    },
    list: async (accountId) =>
      KeyRecordRow.array().parse(await query(`SELECT ${KEY_COLUMNS} FROM api_keys WHERE $1::text IS NULL OR account_id = $1 ORDER BY created_at, id`, [accountId ?? null])),
    async revoke(id, accountId) {
      // COALESCE keeps the first revocation's time, as the SQLite store does.
      const rows = await query(`UPDATE api_keys SET revoked_at = COALESCE(revoked_at, now()) WHERE id = $1 AND ($2::text IS NULL OR account_id = $2) RETURNING ${KEY_COLUMNS}`, [
        id,
        accountId ?? null,
      ]);
      return KeyRecordRow.optional().parse(rows[0]) ?? null;
    },
    async find(hash) {
      const rows = await query(`SELECT id, tier, revoked_at IS NOT NULL AS revoked, account_id FROM api_keys WHERE key_hash = $1`, [hash]);
      return FoundRow.optional().parse(rows[0]);
    },
    ping: async () => void (await query("SELECT 1")),
  };
}
