import { z } from "zod";
import type { WindowLimit } from "./sliding-window";

/**
 * Rate-limit tiers. `starter` is the spec's tier (30 requests a minute, 1,000 per rolling 24
 * hours); `RATE_LIMIT_TIERS` adds tiers or overrides starter, as JSON:
 * `{"pro": {"minute": 300, "day": 50000}}`. Both windows slide: "minute" is the last 60 seconds,
 * "day" the last 24 hours.
 */
export const DEFAULT_TIER = "starter";

const WINDOWS = { minute: 60_000, day: 86_400_000 } as const;
/** No limit looks further back than this (the stores may forget older requests). */
export const LONGEST_WINDOW_MS = WINDOWS.day;

const TierSchema = z.strictObject({
  minute: z.number().int().positive(),
  day: z.number().int().positive(),
});
const TiersSchema = z.record(z.string(), TierSchema);
const TIER_NAME = /^[a-z][a-z0-9_-]{0,31}$/;

export type Tiers = ReadonlyMap<string, WindowLimit[]>;

const toWindows = (tier: z.infer<typeof TierSchema>): WindowLimit[] =>
  (Object.keys(WINDOWS) as (keyof typeof WINDOWS)[]).map((name) => ({ name, limit: tier[name], windowMs: WINDOWS[name] }));

/** Parses `RATE_LIMIT_TIERS` (undefined: starter only). Throws a readable error for bad JSON or values. */
export function parseTiers(json: string | undefined): Tiers {
  const tiers: Record<string, z.infer<typeof TierSchema>> = { [DEFAULT_TIER]: { minute: 30, day: 1000 } };
  if (json !== undefined && json.trim() !== "") {
    let raw: unknown;
    try {
      raw = JSON.parse(json);
    } catch {
      throw new Error("RATE_LIMIT_TIERS is not valid JSON");
    }
    const parsed = TiersSchema.safeParse(raw);
    if (!parsed.success) {
      const problems = parsed.error.issues.map((i) => `${i.path.join(".") || "(root)"}: ${i.message}`).join("; ");
      throw new Error(`RATE_LIMIT_TIERS is invalid: ${problems}`);
    }
    const badName = Object.keys(parsed.data).find((name) => !TIER_NAME.test(name));
    if (badName !== undefined) throw new Error(`RATE_LIMIT_TIERS is invalid: "${badName}": tier names are lower-case words`);
    Object.assign(tiers, parsed.data);
  }
  return new Map(Object.entries(tiers).map(([name, tier]) => [name, toWindows(tier)]));
}
