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
  /** Replaces name, notes, request and sharing; a shared screen keeps its token. */
  update(owner: string, id: string, input: SavedScreenInput): Promise<SavedScreen | null>;
  remove(owner: string, id: string): Promise<boolean>;
  /** A shared screen by its token, whoever owns it. */
  shared(token: string): Promise<SavedScreen | null>;
}

export const newScreenId = () => `scr_${randomBase62(12)}`;
export const newShareToken = () => `shr_${randomBase62(22)}`;
export const newWebhookSecret = () => `whsec_${randomBase62(32)}`;
export const newFeedToken = () => `fd_${randomBase62(24)}`;
export const feedPath = (token: string) => `/feeds/screens/${token}/`;

/** The `saved_screens` columns a screen is read from (both stores share the table's shape). */
export const SCREEN_COLUMNS = "id, name, notes, request, share_token, webhook_url, webhook_secret, feed_token, created_at, updated_at";

/** A screen's alert columns as written: kept while alerts stay on (the secret, the feed's address), new when they come on, none off. */
export function alertColumns(input: SavedScreenInput, current: { webhook_secret: string | null; feed_token: string | null } | null) {
  if (input.alerts === null) return { webhook_url: null, webhook_secret: null, feed_token: null };
  return { webhook_url: input.alerts.webhook_url, webhook_secret: current?.webhook_secret ?? newWebhookSecret(), feed_token: current?.feed_token ?? newFeedToken() };
}

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
