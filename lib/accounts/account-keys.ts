import { z } from "zod";

/** The account page's requests about the account's own API keys, and what it shows of each. */

const KeyId = z.string().regex(/^key_[0-9A-Za-z]{1,60}$/, { error: "a key id: key_ and letters or digits" });

export const KeysAction = z.discriminatedUnion("action", [
  z.strictObject({ action: z.literal("list") }),
  z.strictObject({
    action: z.literal("create"),
    name: z
      .string()
      .trim()
      .min(1, { error: "a key needs a name" })
      .max(80)
      .refine((text) => !text.includes("\u0000"), { error: "may not contain the NUL character" }),
  }),
  z.strictObject({ action: z.literal("revoke"), id: KeyId }),
  z.strictObject({ action: z.literal("rotate"), id: KeyId }),
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

/** How many keys in use (not revoked) an account may hold; revoked ones stay listed. */
export const MAX_ACCOUNT_KEYS = 50;

export const KeysResponse = z.object({
  keys: z.array(AccountKey),
  /** The new key of a create or rotate: shown once, never again. */
  created: z.object({ id: z.string(), key: z.string() }).nullable(),
});
