import { z } from "zod";
import type { StateDb } from "@/lib/db/api-state-db";
import { stateBusy } from "@/lib/db/state-busy";
import { AlertDelivery, AlertEvent, type AlertState, type AlertStore, newDeliveryId, newEventId, sameState } from "./alert-store";

/** Alerts in the SQLite state file (API_STATE_PATH). */
const json = <T extends z.ZodType>(schema: T) => z.string().transform((text) => schema.parse(JSON.parse(text)) as z.output<T>);
const ScreenRow = z.object({
  id: z.string(),
  owner: z.string(),
  name: z.string(),
  request: json(z.record(z.string(), z.unknown())),
  webhook_url: z.string().nullable(),
  webhook_secret: z.string(),
  updated_at: z.string(),
});
const StateRow = z.object({ as_of: z.string(), members: json(z.array(z.string())) });
const WebhookRow = z.object({ webhook_url: z.string(), webhook_secret: z.string() });
const EventRow = AlertEvent.extend({ rules: json(AlertEvent.shape.rules) });
const DeliveryRow = AlertDelivery.extend({ events: json(AlertDelivery.shape.events) });
const EVENT_COLUMNS = "id, screen_id, as_of, full_ticker, change, rules, created_at";

export function sqliteAlertStore(db: StateDb): AlertStore {
  // Immediate: the checks and the writes hold the write lock together.
  const commit = db.transaction((screen: Parameters<AlertStore["commit"]>[0], read: AlertState | null, asOf: string, members: readonly string[], events: Parameters<AlertStore["commit"]>[4]) => {
    const current = z
      .object({ webhook_url: z.string().nullable() })
      .optional()
      .parse(db.prepare("SELECT webhook_url FROM saved_screens WHERE id = ? AND feed_token IS NOT NULL AND updated_at = ?").get(screen.id, screen.version));
    if (current === undefined) return "screen changed" as const;
    const state = z.object({ as_of: z.string(), members: z.string() }).optional().parse(db.prepare("SELECT as_of, members FROM alert_states WHERE screen_id = ?").get(screen.id));
    if (!sameState(state, read)) return "state moved" as const;
    const insert = db.prepare(
      `INSERT INTO alert_events (${EVENT_COLUMNS}, delivery) VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (screen_id, as_of, full_ticker, change) DO NOTHING RETURNING ${EVENT_COLUMNS}`,
    );
    const now = new Date().toISOString();
    const delivery = current.webhook_url === null ? null : "pending";
    const recorded = events.flatMap((e) => EventRow.array().parse(insert.all(newEventId(), screen.id, e.as_of, e.full_ticker, e.change, JSON.stringify(e.rules), now, delivery)));
    db.prepare("INSERT INTO alert_states (screen_id, as_of, members, updated_at) VALUES (?, ?, ?, ?) ON CONFLICT (screen_id) DO UPDATE SET as_of = excluded.as_of, members = excluded.members, updated_at = excluded.updated_at").run(
      screen.id,
      asOf,
      JSON.stringify(members),
      now,
    );
    return recorded;
  }).immediate;
  return {
    alerting: async () =>
      stateBusy(() =>
        ScreenRow.array()
          .parse(
            db
              .prepare(
                "SELECT s.id, s.owner, s.name, s.request, s.webhook_url, s.webhook_secret, s.updated_at FROM saved_screens s LEFT JOIN alert_states a ON a.screen_id = s.id WHERE s.feed_token IS NOT NULL ORDER BY a.updated_at IS NOT NULL, a.updated_at, s.created_at, s.id",
              )
              .all(),
          )
          .map((r) => ({ id: r.id, owner: r.owner, name: r.name, request: r.request, webhookUrl: r.webhook_url, webhookSecret: r.webhook_secret, version: r.updated_at })),
      ),
    state: async (screenId) =>
      stateBusy(() => {
        const row = StateRow.optional().parse(db.prepare("SELECT as_of, members FROM alert_states WHERE screen_id = ?").get(screenId));
        return row === undefined ? null : { asOf: row.as_of, members: row.members };
      }),
    commit: async (screen, read, asOf, members, events) => stateBusy(() => commit(screen, read, asOf, members, events)),
    pending: async (screenId, since, limit) =>
      stateBusy(() => {
        const hook = WebhookRow.optional().parse(db.prepare("SELECT webhook_url, webhook_secret FROM saved_screens WHERE id = ? AND feed_token IS NOT NULL AND webhook_url IS NOT NULL").get(screenId));
        if (hook === undefined) return { webhook: null, events: [] };
        const events = EventRow.array().parse(
          db.prepare(`SELECT ${EVENT_COLUMNS} FROM alert_events WHERE screen_id = ? AND delivery = 'pending' AND created_at >= ? ORDER BY created_at, rowid LIMIT ?`).all(screenId, since, limit),
        );
        return { webhook: { url: hook.webhook_url, secret: hook.webhook_secret }, events };
      }),
    delivered: async (screenId, eventIds) =>
      stateBusy(() => void db.prepare("UPDATE alert_events SET delivery = 'delivered' WHERE screen_id = ? AND id IN (SELECT value FROM json_each(?))").run(screenId, JSON.stringify(eventIds))),
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
    prune: async (before) =>
      stateBusy(() =>
        db.transaction(() => {
          db.prepare("DELETE FROM alert_events WHERE created_at < ?").run(before);
          db.prepare("DELETE FROM alert_deliveries WHERE at < ?").run(before);
        })(),
      ),
  };
}
