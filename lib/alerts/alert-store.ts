import { z } from "zod";
import { randomBase62 } from "@/lib/auth/api-key-format";
import type { AlertDelivery } from "@/lib/screens/alert-delivery";

/**
 * What alerts keep beside the saved screens (lib/db/state-tables.ts `alertsTables`): the screens
 * with alerts on, the members each last saw, the changes recorded (each once), every delivery
 * attempt. In the SQLite state file or PostgreSQL; both pass one contract
 * (test/support/alerts/alert-store-contract.ts).
 */
export interface AlertingScreen {
  id: string;
  /** account:<id> or key:<id>: a run delivers one owner's webhooks one at a time. */
  owner: string;
  name: string;
  request: Record<string, unknown>;
  webhookUrl: string | null;
  webhookSecret: string;
  /** The screen's `updated_at`: a run writes only while the screen is as it read it. */
  version: string;
}

export const AlertEvent = z.object({
  id: z.string(),
  screen_id: z.string(),
  as_of: z.iso.date(),
  full_ticker: z.string(),
  change: z.enum(["entered", "left"]),
  rules: z.array(z.object({ filter: z.string(), reason: z.string() }).loose()),
  created_at: z.iso.datetime(),
});
export type AlertEvent = z.output<typeof AlertEvent>;

export { AlertDelivery } from "@/lib/screens/alert-delivery";

export interface AlertState {
  asOf: string;
  members: string[];
}

/**
 * Whether the state a store holds (its members as the JSON text written) is the one a run read:
 * the same day and members, whenever written (a rerun of the same day writes the same).
 */
export const sameState = (stored: { as_of: string; members: string } | undefined, read: AlertState | null) =>
  stored === undefined ? read === null : read !== null && stored.as_of === read.asOf && stored.members === JSON.stringify(read.members);

/** A change as the runner hands it over: an event without its id and times. */
export type NewEvent = Pick<AlertEvent, "as_of" | "full_ticker" | "change" | "rules">;

export interface AlertStore {
  /** The screens with alerts on, the one run least recently first (never run before all). */
  alerting(): Promise<AlertingScreen[]>;
  /** What a screen's alerts last saw: the day and its members (sorted). */
  state(screenId: string): Promise<AlertState | null>;
  /**
   * A run's outcome, in one step: the changes not recorded before (one per screen, day, ticker
   * and change) and the members seen on `asOf`. Written only while the screen is as the run read
   * it (alerts on, not edited since: `version`) and its state is still the one the run compared
   * with (`read`: no other run wrote another since); else nothing, and why. Changes recorded while the screen
   * has a webhook are pending until delivered.
   */
  commit(screen: Pick<AlertingScreen, "id" | "version">, read: AlertState | null, asOf: string, members: readonly string[], events: readonly NewEvent[]): Promise<AlertEvent[] | "state moved" | "screen changed">;
  /**
   * A screen's changes still to deliver that were recorded from `since` on, oldest first, at most
   * `limit`, with the webhook and secret the screen has now (null: alerts off or no webhook).
   */
  pending(screenId: string, since: string, limit: number): Promise<{ webhook: { url: string; secret: string } | null; events: AlertEvent[] }>;
  delivered(screenId: string, eventIds: readonly string[]): Promise<void>;
  logDelivery(screenId: string, delivery: Omit<AlertDelivery, "id" | "at">): Promise<void>;
  /** A screen's latest deliveries, newest first. */
  deliveries(screenId: string, limit: number): Promise<AlertDelivery[]>;
  /** The screen behind a feed address and its latest events, newest first. */
  feed(token: string, limit: number): Promise<{ screen: { id: string; name: string }; events: AlertEvent[] } | null>;
  /** Forgets the changes and delivery attempts recorded before `before` (an ISO time). */
  prune(before: string): Promise<void>;
}

export const newEventId = () => `evt_${randomBase62(16)}`;
export const newDeliveryId = () => `dlv_${randomBase62(16)}`;
