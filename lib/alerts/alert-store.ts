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
  name: string;
  request: Record<string, unknown>;
  webhookUrl: string | null;
  webhookSecret: string;
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

/** A change as the runner hands it over: an event without its id and times. */
export type NewEvent = Pick<AlertEvent, "as_of" | "full_ticker" | "change" | "rules">;

export interface AlertStore {
  alerting(): Promise<AlertingScreen[]>;
  state(screenId: string): Promise<{ asOf: string; members: string[] } | null>;
  saveState(screenId: string, asOf: string, members: readonly string[]): Promise<void>;
  /** Records the changes not recorded before (one per screen, day, ticker and change); returns those it recorded, in order. */
  record(screenId: string, events: readonly NewEvent[]): Promise<AlertEvent[]>;
  logDelivery(screenId: string, delivery: Omit<AlertDelivery, "id" | "at">): Promise<void>;
  /** A screen's latest deliveries, newest first. */
  deliveries(screenId: string, limit: number): Promise<AlertDelivery[]>;
  /** The screen behind a feed address and its latest events, newest first. */
  feed(token: string, limit: number): Promise<{ screen: { id: string; name: string }; events: AlertEvent[] } | null>;
}

export const newEventId = () => `evt_${randomBase62(16)}`;
export const newDeliveryId = () => `dlv_${randomBase62(16)}`;
