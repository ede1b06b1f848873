import { z } from "zod";

/** One attempt to deliver a saved screen's alerts to its webhook (lib/alerts/webhook.ts), as logged. */
export const AlertDelivery = z.object({
  id: z.string(),
  events: z.array(z.string()).describe("The ids of the changes the body carried"),
  attempt: z.int(),
  status: z.int().nullable().describe("The receiver's HTTP status; null when none came"),
  error: z.string().nullable(),
  at: z.iso.datetime(),
});
export type AlertDelivery = z.output<typeof AlertDelivery>;
