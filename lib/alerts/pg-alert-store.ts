import { z } from "zod";
import { type PgState, stateQuery } from "@/lib/db/api-state-pg";
import { StateStoreUnavailableError } from "@/lib/errors";
import { AlertDelivery, AlertEvent, type AlertStore, newDeliveryId, newEventId } from "./alert-store";

/** Alerts in PostgreSQL (`API_STATE_URL`), shared by every app instance. */
const iso = z.date().transform((d) => d.toISOString());
const ScreenRow = z.object({ id: z.string(), name: z.string(), request: z.record(z.string(), z.unknown()), webhook_url: z.string().nullable(), webhook_secret: z.string() });
const StateRow = z.object({ as_of: z.string(), members: z.array(z.string()) });
const EventRow = AlertEvent.extend({ created_at: iso });
const DeliveryRow = AlertDelivery.extend({ at: iso });
const EVENT_COLUMNS = "id, screen_id, as_of, full_ticker, change, rules, created_at";

export function pgAlertStore(state: PgState): AlertStore {
  const query = (sql: string, values: unknown[] = []) => stateQuery(state, sql, values, (cause) => new StateStoreUnavailableError(cause));
  return {
    alerting: async () =>
      ScreenRow.array()
        .parse(await query("SELECT id, name, request, webhook_url, webhook_secret FROM saved_screens WHERE feed_token IS NOT NULL ORDER BY created_at, id"))
        .map((r) => ({ id: r.id, name: r.name, request: r.request, webhookUrl: r.webhook_url, webhookSecret: r.webhook_secret })),
    async state(screenId) {
      const row = StateRow.optional().parse((await query("SELECT as_of, members FROM alert_states WHERE screen_id = $1", [screenId]))[0]);
      return row === undefined ? null : { asOf: row.as_of, members: row.members };
    },
    async saveState(screenId, asOf, members) {
      await query(
        "INSERT INTO alert_states (screen_id, as_of, members, updated_at) VALUES ($1, $2, $3, now()) ON CONFLICT (screen_id) DO UPDATE SET as_of = excluded.as_of, members = excluded.members, updated_at = now()",
        [screenId, asOf, JSON.stringify(members)],
      );
    },
    async record(screenId, events) {
      if (events.length === 0) return [];
      // One statement: the rows in order, those already recorded left out by the unique key.
      const rows = await query(
        `INSERT INTO alert_events (${EVENT_COLUMNS})
         SELECT e.id, $1, e.as_of, e.full_ticker, e.change, e.rules, now() FROM json_to_recordset($2::json) AS e(id text, as_of text, full_ticker text, change text, rules json, n int)
         ORDER BY e.n ON CONFLICT (screen_id, as_of, full_ticker, change) DO NOTHING RETURNING ${EVENT_COLUMNS}`,
        [screenId, JSON.stringify(events.map((e, n) => ({ id: newEventId(), ...e, n })))],
      );
      const recorded = EventRow.array().parse(rows);
      const order = new Map(events.map((e, n) => [`${e.as_of} ${e.full_ticker} ${e.change}`, n]));
      return recorded.sort((a, b) => order.get(`${a.as_of} ${a.full_ticker} ${a.change}`)! - order.get(`${b.as_of} ${b.full_ticker} ${b.change}`)!);
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
  };
}
