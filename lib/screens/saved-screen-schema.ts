import { z } from "zod";
import { env } from "@/lib/env";
import { privateHostProblem } from "@/lib/http/public-address";
import { hasMembershipTest, NO_MEMBERSHIP_TEST } from "@/lib/screener/history-schema";
import { AdvancedScreenRequestV2 } from "@/lib/screener/request-schema";

/**
 * Saved screens (API v2 `/api/v2/screens/`): a name, notes and a v2 screen request kept in the API
 * state store for the key that saved it, with a stable id and, when shared, a read-only token.
 */

/** How many screens one owner may keep: every listing answers them all, unpaged. */
export const MAX_SAVED_SCREENS = 100;

/**
 * A v2 advanced screen request, kept as it was sent: checked with the screen's own schema (its
 * errors point into `request`), stored without the defaults and parsed forms that schema adds.
 */
const SavedRequest = z
  .record(z.string(), z.unknown())
  .superRefine((request, ctx) => {
    const checked = AdvancedScreenRequestV2.safeParse(request);
    if (checked.success) return;
    for (const issue of checked.error.issues) ctx.addIssue({ code: "custom", message: issue.message, path: issue.path });
  })
  .describe("A request of POST /api/v2/screener/advanced/ (filters, formulas, as_of, sort, fields, page), checked by that operation's schema and kept as sent");

/** Text a store keeps: PostgreSQL's text cannot hold a NUL character. */
export const StoredText = z.string().refine((text) => !text.includes("\u0000"), { error: "may not contain the NUL character" });

/** A webhook's address: http or https, and (unless the operator allows it) not on this machine or a private network. */
const WebhookUrl = z
  .url({ protocol: /^https?$/, error: "an http or https URL" })
  .max(2000)
  .superRefine((url, ctx) => {
    // Zod runs this check after a failed URL check too: that one has said what is wrong.
    if (!URL.canParse(url) || env().ALERT_WEBHOOK_PRIVATE_ADDRESSES === "allow") return;
    const problem = privateHostProblem(new URL(url));
    if (problem !== null) ctx.addIssue({ code: "custom", message: `a webhook must be on the public internet: ${problem}` });
  });

export const SavedScreenInput = z
  .strictObject({
    name: StoredText.trim().min(1, { error: "a saved screen needs a name" }).max(120).describe("Shown in listings; need not be unique"),
    notes: StoredText.max(4000).default("").describe("Free text, at most 4,000 characters"),
    request: SavedRequest,
    shared: z.boolean().default(false).describe("true: the screen gets a share token, and any key can read it at /api/v2/shared-screens/{token}/; false removes it"),
    alerts: z
      .strictObject({
        webhook_url: WebhookUrl.nullable()
          .default(null)
          .describe("Where each run's changes are POSTed, signed (X-Screener-Signature); null: the Atom feed only. Must be on the public internet"),
      })
      .nullable()
      .optional()
      .describe(
        "Alerts on: after each data sync the screen is run as of the new data, and each company that entered or left is recorded once, sent to the webhook and listed in the screen's Atom feed; null: off; absent: as they were (off for a new screen)",
      ),
  })
  .superRefine((input, ctx) => {
    // Only of a request that runs (its own problems are reported at /request).
    const checked = AdvancedScreenRequestV2.safeParse(input.request);
    if (input.alerts && checked.success && !hasMembershipTest(checked.data)) ctx.addIssue({ code: "custom", path: ["alerts"], message: `alerts: ${NEEDS_A_TEST}` });
  });

const NEEDS_A_TEST = `the screen ${NO_MEMBERSHIP_TEST}`;

/**
 * Why alerts cannot go on for a saved request (one that no longer runs, or has nothing to enter
 * or leave by), or null; the caller says where ("alerts: …").
 */
export function alertsProblem(request: Record<string, unknown>): string | null {
  const checked = AdvancedScreenRequestV2.safeParse(request);
  if (!checked.success) return "the screen's request no longer runs; open it in the screener and save it again";
  return hasMembershipTest(checked.data) ? null : NEEDS_A_TEST;
}
export type SavedScreenInput = z.output<typeof SavedScreenInput>;

export const SavedScreen = z.object({
  id: z.string().describe("Stable: scr_ and 12 characters"),
  name: z.string(),
  notes: z.string(),
  request: z.record(z.string(), z.unknown()),
  share_token: z.string().nullable().describe("The read-only token of a shared screen (shr_ and 22 characters), null when not shared"),
  alerts: z
    .object({
      webhook_url: z.string().nullable(),
      webhook_secret: z.string().describe("The key of the deliveries' HMAC-SHA256 signature (whsec_…): kept while alerts stay on"),
      feed_path: z.string().describe("The screen's Atom feed, on this deployment, readable by anyone with the address (no key: feed readers send none)"),
    })
    .nullable(),
  created_at: z.iso.datetime(),
  updated_at: z.iso.datetime(),
});
export type SavedScreen = z.output<typeof SavedScreen>;

export const SavedScreenList = z.object({
  screens: z.array(SavedScreen).describe("Every screen of your account (or CLI key), oldest first"),
  max_screens: z.int().describe("How many screens an account (or CLI key) may keep"),
});

/** The path parameter of one saved screen. */
export const SavedScreenId = z.object({ id: z.string().regex(/^scr_[0-9A-Za-z]{1,60}$/).describe("The screen's id (scr_...)") });
export const SharedScreenToken = z.object({ token: z.string().regex(/^shr_[0-9A-Za-z]{1,60}$/).describe("A shared screen's token (shr_...)") });
