import { z } from "zod";
import { type PgState, stateQuery, stateTransaction } from "@/lib/db/api-state-pg";
import { StateStoreUnavailableError } from "@/lib/errors";
import { AlertDelivery, AlertEvent, type AlertStore, newDeliveryId, newEventId, sameState } from "./alert-store";

/** Alerts in PostgreSQL (`API_STATE_URL`), shared by every app instance. */
const iso = z.date().transform((d) => d.toISOString());
const ScreenRow = z.object({
  id: z.string(),
  owner: z.string(),
  name: z.string(),
  request: z.record(z.string(), z.unknown()),
  webhook_url: z.string().nullable(),
  webhook_secret: z.string(),
  updated_at: iso,
});
const StateRow = z.object({ as_of: z.string(), members: z.array(z.string()) });
const EventRow = AlertEvent.extend({ created_at: iso });
const DeliveryRow = AlertDelivery.extend({ at: iso });
const EVENT_COLUMNS = "id, screen_id, as_of, full_ticker, change, rules, created_at";

export function pgAlertStore(state: PgState): AlertStore {
  const unavailable = (cause: unknown) => new StateStoreUnavailableError(cause);
  const query = (sql: string, values: unknown[] = []) => stateQuery(state, sql, values, unavailable);
  return {
    alerting: async () =>
      ScreenRow.array()
        .parse(
          await query(
            `SELECT s.id, s.owner, s.name, s.request, s.webhook_url, s.webhook_secret, s.updated_at FROM saved_screens s LEFT JOIN alert_states a ON a.screen_id = s.id
             WHERE s.feed_token IS NOT NULL ORDER BY a.updated_at NULLS FIRST, s.created_at, s.id`,
          ),
        )
        .map((r) => ({ id: r.id, owner: r.owner, name: r.name, request: r.request, webhookUrl: r.webhook_url, webhookSecret: r.webhook_secret, version: r.updated_at })),
    async state(screenId) {
      const row = StateRow.optional().parse((await query("SELECT as_of, members FROM alert_states WHERE screen_id = $1", [screenId]))[0]);
      return row === undefined ? null : { asOf: row.as_of, members: row.members };
    },
    commit: (screen, read, asOf, members, events) =>
      stateTransaction(
        state,
        async (client) => {
          // The screen's row locked as the run read it (a version of milliseconds, as read), in a
          // statement of its own: the next one's snapshot then sees every commit that held the lock before.
          const current = z
            .object({ webhook_url: z.string().nullable() })
            .optional()
            .parse(
              (
                await client.query(
                  "SELECT webhook_url FROM saved_screens WHERE id = $1 AND feed_token IS NOT NULL AND date_trunc('milliseconds', updated_at) = $2::timestamptz FOR UPDATE",
                  [screen.id, screen.version],
                )
              ).rows[0],
            );
          if (current === undefined) return "screen changed" as const;
          const written = z
            .object({ as_of: z.string(), members: z.string() })
            .optional()
            .parse((await client.query("SELECT as_of, members::text AS members FROM alert_states WHERE screen_id = $1", [screen.id])).rows[0]);
          if (!sameState(written, read)) return "state moved" as const;
          const recorded =
            events.length === 0
              ? []
              : EventRow.array().parse(
                  (
                    await client.query(
                      // One statement: the rows in order, those already recorded left out by the unique key.
                      `INSERT INTO alert_events (${EVENT_COLUMNS}, delivery)
                       SELECT e.id, $1, e.as_of, e.full_ticker, e.change, e.rules, now() + e.n * interval '1 microsecond', $3 FROM json_to_recordset($2::json) AS e(id text, as_of text, full_ticker text, change text, rules json, n int)
                       ORDER BY e.n ON CONFLICT (screen_id, as_of, full_ticker, change) DO NOTHING RETURNING ${EVENT_COLUMNS}`,
                      [screen.id, JSON.stringify(events.map((e, n) => ({ id: newEventId(), ...e, n }))), current.webhook_url === null ? null : "pending"],
                    )
                  ).rows,
                );
          await client.query(
            "INSERT INTO alert_states (screen_id, as_of, members, updated_at) VALUES ($1, $2, $3, now()) ON CONFLICT (screen_id) DO UPDATE SET as_of = excluded.as_of, members = excluded.members, updated_at = now()",
            [screen.id, asOf, JSON.stringify(members)],
          );
          const order = new Map(events.map((e, n) => [`${e.as_of} ${e.full_ticker} ${e.change}`, n]));
          return recorded.sort((a, b) => order.get(`${a.as_of} ${a.full_ticker} ${a.change}`)! - order.get(`${b.as_of} ${b.full_ticker} ${b.change}`)!);
        },
        unavailable,
      ),
    async pending(screenId, since, limit) {
      const hook = z
        .object({ webhook_url: z.string(), webhook_secret: z.string() })
        .optional()
        .parse((await query("SELECT webhook_url, webhook_secret FROM saved_screens WHERE id = $1 AND feed_token IS NOT NULL AND webhook_url IS NOT NULL", [screenId]))[0]);
      if (hook === undefined) return { webhook: null, events: [] };
      const events = EventRow.array().parse(
        await query(`SELECT ${EVENT_COLUMNS} FROM alert_events WHERE screen_id = $1 AND delivery = 'pending' AND created_at >= $2 ORDER BY created_at, as_of, full_ticker LIMIT $3`, [screenId, since, limit]),
      );
      return { webhook: { url: hook.webhook_url, secret: hook.webhook_secret }, events };
    },
    async delivered(screenId, eventIds) {
      await query("UPDATE alert_events SET delivery = 'delivered' WHERE screen_id = $1 AND id = ANY($2::text[])", [screenId, eventIds]);
    },
    async logDelivery(screenId, d) {
      await query("INSERT INTO alert_deliveries (id, screen_id, events, attempt, status, error, at) VALUES ($1, $2, $3, $4, $5, $6, clock_timestamp())", [
        newDeliveryId(),
        screenId,
        JSON.stringify(d.events),
        d.attempt,
        d.status,
        d.error,
      ]);
    },
    deliveries: async (screenId, limit) =>
      DeliveryRow.array().parse(await query("SELECT id, events, attempt, status, error, at FROM alert_deliveries WHERE screen_id = $1 ORDER BY at DESC, id DESC LIMIT $2", [screenId, limit])),
    async feed(token, limit) {
      const screen = z.object({ id: z.string(), name: z.string() }).optional().parse((await query("SELECT id, name FROM saved_screens WHERE feed_token = $1", [token]))[0]);
      if (screen === undefined) return null;
      const events = EventRow.array().parse(await query(`SELECT ${EVENT_COLUMNS} FROM alert_events WHERE screen_id = $1 ORDER BY as_of DESC, created_at DESC, full_ticker LIMIT $2`, [screen.id, limit]));
      return { screen, events };
    },
    prune: (before) =>
      stateTransaction(
        state,
        async (client) => {
          await client.query("DELETE FROM alert_events WHERE created_at < $1", [before]);
          await client.query("DELETE FROM alert_deliveries WHERE at < $1", [before]);
        },
        unavailable,
      ),
  };
}
