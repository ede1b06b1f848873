import { z } from "zod";
import { buildId, cachedStatement } from "@/lib/db/market-db";
import { SqlCount } from "@/lib/db/sql-rows";

/**
 * The company page's benchmark: an equal-weighted index of every company with prices. Each day's
 * move is the mean of that day's adjusted-close returns over the companies priced on it and on
 * their previous trading day (rebalanced daily, so a company entering or leaving the data set adds
 * no jump), chained from 1 on the first day. The chart rebases it to the stock's close at the start
 * of the range it shows.
 */

const DailyMean = z.object({ date: z.string(), growth: z.number().nullable() });

export interface BenchmarkIndex {
  /** Trading dates, oldest first, up to the as-of date. */
  dates: string[];
  values: number[];
  /** Companies with a price on or before the as-of date (each averaged on the days it has one). */
  companies: number;
}

let cached: { key: string; index: BenchmarkIndex } | undefined;

/** The index up to `asOf`, computed once per database build and as-of date (one pass over daily_prices, about a second). */
export function benchmarkIndex(asOf: string): BenchmarkIndex {
  const key = `${buildId()}:${asOf}`;
  if (cached?.key === key) return cached.index;
  const rows = z
    .array(DailyMean)
    .parse(
      cachedStatement(`
        WITH r AS (
          SELECT date, adjusted_close / LAG(adjusted_close) OVER (PARTITION BY company_id ORDER BY date) AS g
          FROM daily_prices WHERE date <= ?)
        SELECT date, avg(g) AS growth FROM r GROUP BY date ORDER BY date`).all(asOf),
    );
  const companies = SqlCount.parse(cachedStatement("SELECT count(DISTINCT company_id) FROM daily_prices WHERE date <= ?").pluck().get(asOf));
  const index = { ...chainIndex(rows), companies };
  cached = { key, index };
  return index;
}

/** Chains daily mean growth factors into an index that starts at 1 (a day with no returns keeps the level). Pure. */
export function chainIndex(rows: readonly z.output<typeof DailyMean>[]): { dates: string[]; values: number[] } {
  let level = 1;
  const values = rows.map((row) => (level *= row.growth ?? 1));
  return { dates: rows.map((r) => r.date), values };
}
