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

/** The `saved_screens` columns a screen is read from (both stores share the table's shape). */
export const SCREEN_COLUMNS = "id, name, notes, request, share_token, created_at, updated_at";

/**
 * A `saved_screens` row read as a screen; each store gives how its request (JSON text in SQLite,
 * json in PostgreSQL) and its timestamps (ISO text, Date) are read.
 */
export function savedScreenRow<T>(request: z.ZodType<Record<string, unknown>>, timestamp: z.ZodType<T>, toIso: (value: T) => string) {
  return z
    .object({ id: z.string(), name: z.string(), notes: z.string(), request, share_token: z.string().nullable(), created_at: timestamp, updated_at: timestamp })
    .transform((row): SavedScreen => ({ ...row, created_at: toIso(row.created_at), updated_at: toIso(row.updated_at) }));
}
