import type { PoolClient } from "pg";
import { z } from "zod";
import { type PgState, stateQuery, stateTransaction } from "@/lib/db/api-state-pg";
import { StateStoreUnavailableError } from "@/lib/errors";
import { abandonPending, alertColumns, requestChanged, newScreenId, newShareToken, SCREEN_COLUMNS, type SavedScreenStore, savedScreenRow } from "./saved-screen-store";

/** Saved screens in PostgreSQL (`API_STATE_URL`), shared by every app instance. */
const Row = savedScreenRow(z.record(z.string(), z.unknown()), z.date(), (date) => date.toISOString());

export function pgSavedScreenStore(state: PgState): SavedScreenStore {
  const query = (sql: string, values: unknown[] = []) => stateQuery(state, sql, values, (cause) => new StateStoreUnavailableError(cause));
  const transaction = <T>(work: (client: PoolClient) => Promise<T>) => stateTransaction(state, work, (cause) => new StateStoreUnavailableError(cause));
  const one = async (sql: string, values: unknown[]) => Row.optional().parse((await query(sql, values))[0]) ?? null;

  return {
    async create(owner, input, max) {
      const alerts = alertColumns(input.alerts, null);
      // The owner's lock first, in a statement of its own: each later statement's snapshot then sees
      // every screen a create that held the lock before committed, so the count cannot run stale.
      const rows = await transaction(async (client) => {
        await client.query("SELECT pg_advisory_xact_lock(hashtextextended($1, 1))", [owner]);
        const inserted = await client.query({
          text: `INSERT INTO saved_screens (id, owner, name, notes, request, share_token, webhook_url, webhook_secret, feed_token, created_at, updated_at)
                 SELECT $2, $1, $3, $4, $5, $6, $7, $8, $9, now(), now() WHERE (SELECT count(*) FROM saved_screens WHERE owner = $1) < $10
                 RETURNING ${SCREEN_COLUMNS}`,
          values: [owner, newScreenId(), input.name, input.notes, JSON.stringify(input.request), input.shared ? newShareToken() : null, alerts.webhook_url, alerts.webhook_secret, alerts.feed_token, max],
        });
        return inserted.rows;
      });
      return Row.optional().parse(rows[0]) ?? "full";
    },
    list: async (owner) => Row.array().parse(await query(`SELECT ${SCREEN_COLUMNS} FROM saved_screens WHERE owner = $1 ORDER BY created_at, id`, [owner])),
    get: (owner, id) => one(`SELECT ${SCREEN_COLUMNS} FROM saved_screens WHERE owner = $1 AND id = $2`, [owner, id]),
    update: async (owner, id, change) => {
      const rows = await transaction(async (client) => {
        const found = z
          .object({ request: z.string(), webhook_url: z.string().nullable(), webhook_secret: z.string().nullable(), feed_token: z.string().nullable() })
          .optional()
          .parse((await client.query("SELECT request::text AS request, webhook_url, webhook_secret, feed_token FROM saved_screens WHERE owner = $1 AND id = $2 FOR UPDATE", [owner, id])).rows[0]);
        if (found === undefined) return [];
        const alerts = alertColumns(change.alerts, found);
        const updated = await client.query({
          text: `UPDATE saved_screens SET name = COALESCE($3, name), notes = COALESCE($4, notes), request = COALESCE($5::json, request),
                   share_token = CASE WHEN $6::boolean IS NULL THEN share_token WHEN $6 THEN COALESCE(share_token, $7) END,
                   webhook_url = $8, webhook_secret = $9, feed_token = $10, updated_at = now()
                 WHERE owner = $1 AND id = $2 RETURNING ${SCREEN_COLUMNS}`,
          values: [
            owner,
            id,
            change.name ?? null,
            change.notes ?? null,
            change.request === undefined ? null : JSON.stringify(change.request),
            change.shared ?? null,
            newShareToken(),
            alerts.webhook_url,
            alerts.webhook_secret,
            alerts.feed_token,
          ],
        });
        if (alerts.feed_token === null || requestChanged(found.request, change)) await client.query("DELETE FROM alert_states WHERE screen_id = $1", [id]);
        // Without a webhook now, the changes still waiting for one are not sent (to a later one either).
        if (alerts.webhook_url === null) await client.query(abandonPending("$1"), [id]);
        return updated.rows;
      });
      return Row.optional().parse(rows[0]) ?? null;
    },
    remove: async (owner, id) =>
      transaction(async (client) => {
        const deleted = await client.query("DELETE FROM saved_screens WHERE owner = $1 AND id = $2 RETURNING id", [owner, id]);
        if (deleted.rows.length === 0) return false;
        // A screen's alert records go with it.
        for (const table of ["alert_states", "alert_events", "alert_deliveries"]) await client.query(`DELETE FROM ${table} WHERE screen_id = $1`, [id]);
        return true;
      }),
    shared: (token) => one(`SELECT ${SCREEN_COLUMNS} FROM saved_screens WHERE share_token = $1`, [token]),
  };
}
