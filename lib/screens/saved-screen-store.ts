import { z } from "zod";
import { randomBase62 } from "@/lib/auth/api-key-format";
import type { SavedScreen, SavedScreenInput } from "./saved-screen-schema";

/**
 * Where saved screens live: beside the API keys, in the SQLite state file or in PostgreSQL
 * (`API_STATE_URL`). Both keep the same rows and pass the same contract
 * (test/support/screens/saved-screen-store-contract.ts). Every call is scoped to an owner (`key:<id>`):
 * another owner's screen is as absent as one that never existed.
 */
export interface SavedScreenStore {
  /** A new screen, or "full" when the owner keeps `max` already. */
  create(owner: string, input: SavedScreenInput, max: number): Promise<SavedScreen | "full">;
  list(owner: string): Promise<SavedScreen[]>;
  get(owner: string, id: string): Promise<SavedScreen | null>;
  /** Replaces what `change` gives, keeps the rest; a shared screen keeps its token, a screen whose alerts stay on its secret and feed. */
  update(owner: string, id: string, change: SavedScreenChange): Promise<SavedScreen | null>;
  remove(owner: string, id: string): Promise<boolean>;
  /** A shared screen by its token, whoever owns it. */
  shared(token: string): Promise<SavedScreen | null>;
}

export const newScreenId = () => `scr_${randomBase62(12)}`;
export const newShareToken = () => `shr_${randomBase62(22)}`;
export const newWebhookSecret = () => `whsec_${randomBase62(32)}`;
export const newFeedToken = () => `fd_${randomBase62(24)}`;
export const feedPath = (token: string) => `/feeds/screens/${token}/`;

/** A change to a screen: each member given replaces the screen's, each absent stays as it is. */
export type SavedScreenChange = Partial<SavedScreenInput>;

/** Gives up a screen's changes waiting for its webhook (they stay in the feed); `id`: the parameter of the screen's id (`?`, `$1`). */
export const abandonPending = (id: string) => `UPDATE alert_events SET delivery = NULL WHERE screen_id = ${id} AND delivery = 'pending'`;

/** The `saved_screens` columns a screen is read from (both stores share the table's shape). */
export const SCREEN_COLUMNS = "id, name, notes, request, share_token, webhook_url, webhook_secret, feed_token, created_at, updated_at";

type AlertColumns = { webhook_url: string | null; webhook_secret: string | null; feed_token: string | null };
const ALERTS_OFF: AlertColumns = { webhook_url: null, webhook_secret: null, feed_token: null };

/**
 * A screen's alert columns as written: as they were when `alerts` is absent (off for a new
 * screen), none when off; on, the secret and the feed's address are kept while alerts stay on,
 * and new when they come on.
 */
export function alertColumns(alerts: SavedScreenInput["alerts"], current: AlertColumns | null): AlertColumns {
  if (alerts === undefined) return current ?? ALERTS_OFF;
  if (alerts === null) return ALERTS_OFF;
  const on = current?.feed_token != null ? current : null;
  return { webhook_url: alerts.webhook_url, webhook_secret: on?.webhook_secret ?? newWebhookSecret(), feed_token: on?.feed_token ?? newFeedToken() };
}

/**
 * Whether a change gives the screen another request: then, as when alerts go off, what they last
 * saw goes, and the next run starts from the screen as it is then (an edit is not a change of the
 * market to alert on).
 */
export const requestChanged = (storedJson: string, change: SavedScreenChange) => change.request !== undefined && JSON.stringify(change.request) !== storedJson;

/**
 * A `saved_screens` row read as a screen; each store gives how its request (JSON text in SQLite,
 * json in PostgreSQL) and its timestamps (ISO text, Date) are read.
 */
export function savedScreenRow<T>(request: z.ZodType<Record<string, unknown>>, timestamp: z.ZodType<T>, toIso: (value: T) => string) {
  return z
    .object({
      id: z.string(),
      name: z.string(),
      notes: z.string(),
      request,
      share_token: z.string().nullable(),
      webhook_url: z.string().nullable(),
      webhook_secret: z.string().nullable(),
      feed_token: z.string().nullable(),
      created_at: timestamp,
      updated_at: timestamp,
    })
    .transform(
      ({ webhook_url, webhook_secret, feed_token, ...row }): SavedScreen => ({
        ...row,
        alerts: feed_token === null || webhook_secret === null ? null : { webhook_url, webhook_secret, feed_path: feedPath(feed_token) },
        created_at: toIso(row.created_at),
        updated_at: toIso(row.updated_at),
      }),
    );
}
