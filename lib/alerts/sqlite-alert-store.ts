import { z } from "zod";
import type { StateDb } from "@/lib/db/api-state-db";
import { stateBusy } from "@/lib/db/state-busy";
import { AlertDelivery, AlertEvent, type AlertStore, newDeliveryId, newEventId } from "./alert-store";

/** Alerts in the SQLite state file (API_STATE_PATH). */
const json = <T extends z.ZodType>(schema: T) => z.string().transform((text) => schema.parse(JSON.parse(text)) as z.output<T>);
const ScreenRow = z.object({ id: z.string(), name: z.string(), request: json(z.record(z.string(), z.unknown())), webhook_url: z.string().nullable(), webhook_secret: z.string() });
const StateRow = z.object({ as_of: z.string(), members: json(z.array(z.string())) });
const EventRow = AlertEvent.extend({ rules: json(AlertEvent.shape.rules) });
const DeliveryRow = AlertDelivery.extend({ events: json(AlertDelivery.shape.events) });
const EVENT_COLUMNS = "id, screen_id, as_of, full_ticker, change, rules, created_at";

export function sqliteAlertStore(db: StateDb): AlertStore {
  const record = db.transaction((screenId: string, events: Parameters<AlertStore["record"]>[1]) => {
    const insert = db.prepare(
      `INSERT INTO alert_events (${EVENT_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (screen_id, as_of, full_ticker, change) DO NOTHING RETURNING ${EVENT_COLUMNS}`,
    );
    const now = new Date().toISOString();
    return events.flatMap((e) => EventRow.array().parse(insert.all(newEventId(), screenId, e.as_of, e.full_ticker, e.change, JSON.stringify(e.rules), now)));
  }).immediate;
  return {
    alerting: async () =>
      stateBusy(() =>
        ScreenRow.array()
          .parse(db.prepare("SELECT id, name, request, webhook_url, webhook_secret FROM saved_screens WHERE feed_token IS NOT NULL ORDER BY created_at, id").all())
          .map((r) => ({ id: r.id, name: r.name, request: r.request, webhookUrl: r.webhook_url, webhookSecret: r.webhook_secret })),
      ),
    state: async (screenId) =>
      stateBusy(() => {
        const row = StateRow.optional().parse(db.prepare("SELECT as_of, members FROM alert_states WHERE screen_id = ?").get(screenId));
        return row === undefined ? null : { asOf: row.as_of, members: row.members };
      }),
    saveState: async (screenId, asOf, members) =>
      stateBusy(
        () =>
          void db
            .prepare("INSERT INTO alert_states (screen_id, as_of, members, updated_at) VALUES (?, ?, ?, ?) ON CONFLICT (screen_id) DO UPDATE SET as_of = excluded.as_of, members = excluded.members, updated_at = excluded.updated_at")
            .run(screenId, asOf, JSON.stringify(members), new Date().toISOString()),
      ),
    record: async (screenId, events) => stateBusy(() => record(screenId, events)),
    logDelivery: async (screenId, d) =>
      stateBusy(
        () =>
          void db
            .prepare("INSERT INTO alert_deliveries (id, screen_id, events, attempt, status, error, at) VALUES (?, ?, ?, ?, ?, ?, ?)")
            .run(newDeliveryId(), screenId, JSON.stringify(d.events), d.attempt, d.status, d.error, new Date().toISOString()),
      ),
    deliveries: async (screenId, limit) =>
      stateBusy(() => DeliveryRow.array().parse(db.prepare("SELECT id, events, attempt, status, error, at FROM alert_deliveries WHERE screen_id = ? ORDER BY rowid DESC LIMIT ?").all(screenId, limit))),
    feed: async (token, limit) =>
      stateBusy(() => {
        const screen = z.object({ id: z.string(), name: z.string() }).optional().parse(db.prepare("SELECT id, name FROM saved_screens WHERE feed_token = ?").get(token));
        if (screen === undefined) return null;
        const events = EventRow.array().parse(db.prepare(`SELECT ${EVENT_COLUMNS} FROM alert_events WHERE screen_id = ? ORDER BY as_of DESC, created_at DESC, full_ticker LIMIT ?`).all(screen.id, limit));
        return { screen, events };
      }),
  };
}
