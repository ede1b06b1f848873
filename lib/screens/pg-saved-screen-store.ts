import type { PoolClient } from "pg";
import { z } from "zod";
import { type PgState, stateQuery } from "@/lib/db/api-state-pg";
import { StateStoreUnavailableError } from "@/lib/errors";
import { alertColumns, newScreenId, newShareToken, SCREEN_COLUMNS, type SavedScreenStore, savedScreenRow } from "./saved-screen-store";

/** Saved screens in PostgreSQL (`API_STATE_URL`), shared by every app instance. */
const Row = savedScreenRow(z.record(z.string(), z.unknown()), z.date(), (date) => date.toISOString());

export function pgSavedScreenStore(state: PgState): SavedScreenStore {
  const query = (sql: string, values: unknown[] = []) => stateQuery(state, sql, values, (cause) => new StateStoreUnavailableError(cause));
  async function transaction<T>(work: (client: PoolClient) => Promise<T>): Promise<T> {
    let client: PoolClient;
    try {
      await state.ready();
      client = await state.pool.connect();
    } catch (error) {
      throw new StateStoreUnavailableError(error);
    }
    try {
      await client.query("BEGIN");
      const result = await work(client);
      await client.query("COMMIT");
      return result;
    } catch (error) {
      await client.query("ROLLBACK").catch(() => {});
      throw new StateStoreUnavailableError(error);
    } finally {
      client.release();
    }
  }
  const one = async (sql: string, values: unknown[]) => Row.optional().parse((await query(sql, values))[0]) ?? null;

  return {
    async create(owner, input, max) {
      const alerts = alertColumns(input, null);
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
    update: async (owner, id, input) => {
      const alerts = alertColumns(input, null);
      const rows = await transaction(async (client) => {
        // A shared screen keeps its token, a screen with alerts its secret and feed; the new ones are used only when it had none.
        const updated = await client.query({
          text: `UPDATE saved_screens SET name = $3, notes = $4, request = $5, share_token = CASE WHEN $6 THEN COALESCE(share_token, $7) END,
                   webhook_url = $8, webhook_secret = CASE WHEN $9::text IS NULL THEN NULL ELSE COALESCE(webhook_secret, $9) END,
                   feed_token = CASE WHEN $10::text IS NULL THEN NULL ELSE COALESCE(feed_token, $10) END, updated_at = now()
                 WHERE owner = $1 AND id = $2 RETURNING ${SCREEN_COLUMNS}`,
          values: [owner, id, input.name, input.notes, JSON.stringify(input.request), input.shared, newShareToken(), alerts.webhook_url, alerts.webhook_secret, alerts.feed_token],
        });
        // Alerts off: what they last saw goes, so that turning them on again starts from the screen then.
        if (updated.rows.length > 0 && alerts.feed_token === null) await client.query("DELETE FROM alert_states WHERE screen_id = $1", [id]);
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
