import { z } from "zod";
import { weekdaysAfter } from "@/lib/calendar";
import { cachedStatement } from "@/lib/db/market-db";

/** More weekdays than this between the last price day and today: the prices are stale (a sync has not run). */
export const STALE_AFTER_WEEKDAYS = 3;

/** How current the data is: what `/api/health/`, the v2 options record and the screener's header say. */
export const Freshness = z.object({
  last_price_day: z.iso.date().nullable().describe("The last day any company has a price"),
  last_filing_date: z.iso.date().nullable().describe("The latest public date of a fiscal year in the data (its filing's)"),
  weekdays_behind: z.int().nonnegative().describe("Weekdays after last_price_day up to today (holidays count)"),
  prices_stale: z.boolean().describe(`Whether weekdays_behind is more than ${STALE_AFTER_WEEKDAYS}: the prices are not today's (run npm run sync -- prices)`),
});
export type Freshness = z.output<typeof Freshness>;

export function readFreshness(today = new Date().toISOString().slice(0, 10)): Freshness {
  const lastPrice = z.string().nullable().parse(cachedStatement("SELECT max(prices_to) FROM company_series").pluck().get());
  const lastFiling = z.string().nullable().parse(cachedStatement("SELECT max(valid_from) FROM fiscal_year_versions WHERE fy_offset = 0").pluck().get());
  // A price day after today (a clock behind the data) is not behind.
  const behind = lastPrice === null || lastPrice >= today ? 0 : weekdaysAfter(lastPrice, today).length;
  return { last_price_day: lastPrice, last_filing_date: lastFiling, weekdays_behind: behind, prices_stale: lastPrice === null || behind > STALE_AFTER_WEEKDAYS };
}
