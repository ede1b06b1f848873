import { z } from "zod";
import type { StateDb } from "@/lib/db/api-state-db";
import { SqlCount } from "@/lib/db/sql-rows";
import { stateBusy } from "@/lib/db/state-busy";
import { abandonPending, alertColumns, requestChanged, newScreenId, newShareToken, SCREEN_COLUMNS, type SavedScreenChange, type SavedScreenStore, savedScreenRow } from "./saved-screen-store";

const AlertRow = z.object({ webhook_url: z.string().nullable(), webhook_secret: z.string().nullable(), feed_token: z.string().nullable() });

/** Saved screens in the SQLite state file (API_STATE_PATH). */
const Row = savedScreenRow(
  z.string().transform((text) => z.record(z.string(), z.unknown()).parse(JSON.parse(text))),
  z.string(),
  (text) => text,
);

export function sqliteSavedScreenStore(db: StateDb): SavedScreenStore {
  const read = (sql: string, ...params: unknown[]) => Row.optional().parse(db.prepare(`SELECT ${SCREEN_COLUMNS} FROM saved_screens ${sql}`).get(...params)) ?? null;

  // Immediate: the count and the insert hold the write lock together, so concurrent creates cannot pass the limit.
  const create = db.transaction((owner: string, input: Parameters<SavedScreenStore["create"]>[1], max: number) => {
    const kept = SqlCount.parse(db.prepare("SELECT count(*) FROM saved_screens WHERE owner = ?").pluck().get(owner));
    if (kept >= max) return "full" as const;
    const id = newScreenId();
    const now = new Date().toISOString();
    const alerts = alertColumns(input.alerts, null);
    db.prepare(
      "INSERT INTO saved_screens (id, owner, name, notes, request, share_token, webhook_url, webhook_secret, feed_token, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
    ).run(id, owner, input.name, input.notes, JSON.stringify(input.request), input.shared ? newShareToken() : null, alerts.webhook_url, alerts.webhook_secret, alerts.feed_token, now, now);
    return read("WHERE id = ?", id)!;
  }).immediate;

  // Immediate too: the read of what stays and the write are one step.
  const update = db.transaction((owner: string, id: string, change: SavedScreenChange) => {
    const found = z
      .object({ request: z.string(), share_token: z.string().nullable(), name: z.string(), notes: z.string() })
      .extend(AlertRow.shape)
      .optional()
      .parse(db.prepare("SELECT name, notes, request, share_token, webhook_url, webhook_secret, feed_token FROM saved_screens WHERE owner = ? AND id = ?").get(owner, id));
    if (found === undefined) return null;
    const token = change.shared === undefined ? found.share_token : change.shared ? (found.share_token ?? newShareToken()) : null;
    const alerts = alertColumns(change.alerts, found);
    db.prepare("UPDATE saved_screens SET name = ?, notes = ?, request = ?, share_token = ?, webhook_url = ?, webhook_secret = ?, feed_token = ?, updated_at = ? WHERE id = ?").run(
      change.name ?? found.name,
      change.notes ?? found.notes,
      change.request === undefined ? found.request : JSON.stringify(change.request),
      token,
      alerts.webhook_url,
      alerts.webhook_secret,
      alerts.feed_token,
      new Date().toISOString(),
      id,
    );
    if (alerts.feed_token === null || requestChanged(found.request, change)) db.prepare("DELETE FROM alert_states WHERE screen_id = ?").run(id);
    // Without a webhook now, the changes still waiting for one are not sent (to a later one either).
    if (alerts.webhook_url === null) db.prepare(abandonPending("?")).run(id);
    return read("WHERE id = ?", id);
  }).immediate;

  // A screen's alert records go with it.
  const remove = db.transaction((owner: string, id: string) => {
    if (db.prepare("DELETE FROM saved_screens WHERE owner = ? AND id = ?").run(owner, id).changes === 0) return false;
    for (const table of ["alert_states", "alert_events", "alert_deliveries"]) db.prepare(`DELETE FROM ${table} WHERE screen_id = ?`).run(id);
    return true;
  }).immediate;

  return {
    create: async (owner, input, max) => stateBusy(() => create(owner, input, max)),
    list: async (owner) => stateBusy(() => Row.array().parse(db.prepare(`SELECT ${SCREEN_COLUMNS} FROM saved_screens WHERE owner = ? ORDER BY created_at, id`).all(owner))),
    get: async (owner, id) => stateBusy(() => read("WHERE owner = ? AND id = ?", owner, id)),
    update: async (owner, id, input) => stateBusy(() => update(owner, id, input)),
    remove: async (owner, id) => stateBusy(() => remove(owner, id)),
    shared: async (token) => stateBusy(() => read("WHERE share_token = ?", token)),
  };
}
