import { z } from "zod";

/** The account page's requests about the account's own API keys, and what it shows of each. */

export const KeysAction = z.discriminatedUnion("action", [
  z.strictObject({ action: z.literal("list") }),
  z.strictObject({ action: z.literal("create"), name: z.string().trim().min(1, { error: "a key needs a name" }).max(80) }),
  z.strictObject({ action: z.literal("revoke"), id: z.string().max(64) }),
  z.strictObject({ action: z.literal("rotate"), id: z.string().max(64) }),
]);

/** A key's use of one of its tier's windows: admitted requests in the window now. */
const WindowUsage = z.object({ name: z.string(), limit: z.int(), used: z.int() });

export const AccountKey = z.object({
  id: z.string(),
  name: z.string(),
  tier: z.string(),
  hint: z.string().describe("Its last four characters"),
  created_at: z.iso.datetime(),
  revoked_at: z.iso.datetime().nullable(),
  usage: z.array(WindowUsage).describe("Per window of the key's tier; empty for a revoked key"),
});

/** How many keys an account may hold (revoked ones included: they stay listed). */
export const MAX_ACCOUNT_KEYS = 50;

export const KeysResponse = z.object({
  keys: z.array(AccountKey),
  /** The new key of a create or rotate: shown once, never again. */
  created: z.object({ id: z.string(), key: z.string() }).nullable(),
});
