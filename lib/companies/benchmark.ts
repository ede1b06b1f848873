import { z } from "zod";
import type Database from "better-sqlite3";
import { cachedStatement } from "@/lib/db/market-db";
import { SqlCount } from "@/lib/db/sql-rows";

/**
 * The company page's benchmark: an equal-weighted index of every company with prices. Each day's
 * move is the mean of that day's adjusted-close returns over the companies priced on it and on
 * their previous trading day (rebalanced daily, so a company entering or leaving the data set adds
 * no jump), chained from 1 on the first day. The chart rebases it to the stock's close at the start
 * of the range it shows.
 */

const DailyMean = z.object({ date: z.string(), growth: z.number().nullable() });
const IndexRow = z.object({ date: z.string(), value: z.number(), companies: SqlCount });

export interface BenchmarkIndex {
  /** Trading dates, oldest first, up to the as-of date. */
  dates: string[];
  values: number[];
  /** Companies with a price on or before the as-of date (each averaged on the days it has one). */
  companies: number;
}

/** The index up to `asOf`, as the ingest stored it (`benchmarkRows`). */
export function benchmarkIndex(asOf: string): BenchmarkIndex {
  const rows = IndexRow.array().parse(cachedStatement("SELECT date, value, companies FROM benchmark_index WHERE date <= ? ORDER BY date").all(asOf));
  return { dates: rows.map((r) => r.date), values: rows.map((r) => r.value), companies: rows.at(-1)?.companies ?? 0 };
}

/**
 * Every day's index value and count of companies priced by then, over the whole price history: one
 * pass over the price rows of `table` (daily_prices, or a build's staged rows: about a second), run
 * by the ingest so that no request pays for it.
 */
export function benchmarkRows(db: Database.Database, table: string): z.output<typeof IndexRow>[] {
  const growth = z.array(DailyMean).parse(
    db
      .prepare(`
        WITH r AS (SELECT date, adjusted_close / LAG(adjusted_close) OVER (PARTITION BY company_id ORDER BY date) AS g FROM ${table})
        SELECT date, avg(g) AS growth FROM r GROUP BY date ORDER BY date`)
      .all(),
  );
  const firsts = z.array(z.string()).parse(db.prepare(`SELECT min(date) FROM ${table} GROUP BY company_id ORDER BY 1`).pluck().all());
  const { dates, values } = chainIndex(growth);
  let priced = 0;
  return dates.map((date, i) => {
    while (priced < firsts.length && firsts[priced]! <= date) priced++;
    return { date, value: values[i]!, companies: priced };
  });
}

/** Chains daily mean growth factors into an index from `level` (1 on the first day; a day with no returns keeps the level). Pure. */
export function chainIndex(rows: readonly z.output<typeof DailyMean>[], level = 1): { dates: string[]; values: number[] } {
  const values = rows.map((row) => (level *= row.growth ?? 1));
  return { dates: rows.map((r) => r.date), values };
}
