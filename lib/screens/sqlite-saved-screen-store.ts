import { z } from "zod";
import type { StateDb } from "@/lib/db/api-state-db";
import { SqlCount } from "@/lib/db/sql-rows";
import { stateBusy } from "@/lib/db/state-busy";
import { newScreenId, newShareToken, SCREEN_COLUMNS, type SavedScreenStore, savedScreenRow } from "./saved-screen-store";

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
    db.prepare("INSERT INTO saved_screens (id, owner, name, notes, request, share_token, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)").run(
      id,
      owner,
      input.name,
      input.notes,
      JSON.stringify(input.request),
      input.shared ? newShareToken() : null,
      now,
      now,
    );
    return read("WHERE id = ?", id)!;
  }).immediate;

  // Immediate too: the read that keeps a shared screen's token and the write are one step.
  const update = db.transaction((owner: string, id: string, input: Parameters<SavedScreenStore["update"]>[2]) => {
    const found = read("WHERE owner = ? AND id = ?", owner, id);
    if (found === null) return null;
    const token = input.shared ? (found.share_token ?? newShareToken()) : null;
    db.prepare("UPDATE saved_screens SET name = ?, notes = ?, request = ?, share_token = ?, updated_at = ? WHERE id = ?").run(
      input.name,
      input.notes,
      JSON.stringify(input.request),
      token,
      new Date().toISOString(),
      id,
    );
    return read("WHERE id = ?", id);
  }).immediate;

  return {
    create: async (owner, input, max) => stateBusy(() => create(owner, input, max)),
    list: async (owner) => stateBusy(() => Row.array().parse(db.prepare(`SELECT ${SCREEN_COLUMNS} FROM saved_screens WHERE owner = ? ORDER BY created_at, id`).all(owner))),
    get: async (owner, id) => stateBusy(() => read("WHERE owner = ? AND id = ?", owner, id)),
    update: async (owner, id, input) => stateBusy(() => update(owner, id, input)),
    remove: async (owner, id) => stateBusy(() => db.prepare("DELETE FROM saved_screens WHERE owner = ? AND id = ?").run(owner, id).changes > 0),
    shared: async (token) => stateBusy(() => read("WHERE share_token = ?", token)),
  };
}
