import type Database from "better-sqlite3";
import { z } from "zod";
import { AS_OF_RANGE_START } from "@/lib/as-of";
import { SqlCount } from "@/lib/db/sql-rows";
import { chainIndex } from "@/lib/companies/benchmark";
import type { Progress } from "@/lib/ingest/progress";
import { type PriceRow, priceRowInsert, priceRowSelect, priceRowValues, StoredPriceRow, WINDOW_ROWS } from "@/lib/market/price-rows";
import { type CompanyDays, type SeriesPlan, planSeries } from "./append-plan";
import { changeInCopy } from "./database-copy";
import { restateBenchmarkSums } from "@/lib/market/benchmark-sums";

/**
 * Adds trading days to the database in place of a rebuild (`npm run sync -- prices --append`):
 * each company's running sums continue from its last stored row (lib/market/price-rows.ts), in one
 * transaction in a copy of the file renamed over it (lib/sync/database-copy.ts).
 */

const PriceDayInput = z.object({
  date: z.iso.date(),
  close: z.number().positive(),
  adjustedClose: z.number().positive(),
  volume: z.number().nonnegative(),
  dividend: z.number().nonnegative().nullable(),
  split: z.number().positive(),
});
export const CompanyDaysInput = z.object({ companyId: z.int().positive(), days: z.array(PriceDayInput) });


export interface AppendReport {
  /** Companies with days added, and the rows added. */
  companies: number;
  rows: number;
  /** Given days already stored and agreeing (left as they are). */
  overlapDays: number;
  /** Series not appended, at their first offending day. */
  refused: { companyId: number; date: string; reason: string }[];
  /** Trading days the database did not have before. */
  newTradingDays: string[];
  /** The last trading day afterwards (meta as_of_max). */
  asOfMax: string;
  /** Whether a new file replaced the database (not when nothing was appended). */
  replaced: boolean;
  /** Milliseconds: copying the file, planning and inserting in one transaction, then fsync and rename. */
  timings: { copy: number; plan: number; insert: number; benchmark: number; sync: number; rename: number };
}

const elapsed = (started: number) => performance.now() - started;

/** Appends `input` to the database at `databasePath` (see the module comment). */
export function appendDays(databasePath: string, input: readonly CompanyDays[], progress: Progress): AppendReport {
  const series = CompanyDaysInput.array().parse(input);
  const { result: applied, replaced, timings } = changeInCopy(databasePath, "append", (db) => {
    const result = applyDays(db, series);
    return { result, changed: result.rows > 0 };
  }, progress);
  if (replaced) progress(`append: ${applied.rows} rows for ${applied.companies} companies through ${applied.asOfMax}, ${applied.refused.length} series refused`);
  return { ...applied, replaced, timings: { copy: timings.copy, ...applied.timings, sync: timings.sync, rename: timings.rename } };
}

/** Plans every series against the stored rows, then writes the accepted ones in one transaction. */
function applyDays(db: Database.Database, series: readonly CompanyDays[]) {
  let started = performance.now();
  // The rows a continuation's windows read (lib/market/price-rows.ts), newest first.
  const lastRows = db.prepare(`SELECT ${priceRowSelect("p")} FROM daily_prices p WHERE p.company_id = ? ORDER BY p.date DESC LIMIT ${WINDOW_ROWS - 1}`);
  const rowOn = db.prepare(`SELECT ${priceRowSelect("p")} FROM daily_prices p WHERE p.company_id = ? AND p.date = ?`);
  const read = (row: unknown): PriceRow | undefined => StoredPriceRow.optional().parse(row);
  const given = new Set<number>();
  const plans: SeriesPlan[] = series.map((s) => {
    // Both would continue the same last row.
    if (given.has(s.companyId)) return { companyId: s.companyId, refused: { date: s.days[0]?.date ?? "", reason: "a second series for the company" } };
    given.add(s.companyId);
    return planSeries(s, StoredPriceRow.array().parse(lastRows.all(s.companyId)).reverse(), (date) => read(rowOn.get(s.companyId, date)));
  });
  const accepted = plans.flatMap((p) => ("rows" in p && p.rows.length > 0 ? [p] : []));
  const refused = plans.flatMap((p) => ("refused" in p ? [{ companyId: p.companyId, ...p.refused }] : []));
  const overlapDays = plans.reduce((n, p) => n + ("overlap" in p ? p.overlap : 0), 0);
  const plan = elapsed(started);

  const insert = db.prepare(priceRowInsert("daily_prices"));
  const pricesTo = db.prepare("UPDATE company_series SET prices_to = ? WHERE company_id = ?");
  const tradingDay = db.prepare("INSERT OR IGNORE INTO trading_days (date) VALUES (?)");
  const meta = db.prepare("INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)");
  const lastPriceDay = z.string().parse(db.prepare("SELECT max(prices_to) FROM company_series").pluck().get());
  const dates = [...new Set(accepted.flatMap((p) => p.rows.map((r) => r.date)))].sort();
  let rows = 0;
  let insertTime = 0;
  let benchmark = 0;
  const newTradingDays: string[] = [];
  let asOfMax = "";
  db.transaction(() => {
    started = performance.now();
    for (const { companyId, rows: added } of accepted) {
      for (const r of added) {
        insert.run(companyId, ...priceRowValues(r));
      }
      pricesTo.run(added.at(-1)!.date, companyId);
      rows += added.length;
    }
    // As a build lists them: the price days from the range's start, then weekdays up to the latest
    // filing (no prices, fundamentals only), which the new price days now replace up to the last.
    for (const date of dates) if (date >= AS_OF_RANGE_START && tradingDay.run(date).changes > 0) newTradingDays.push(date);
    const fillers = z.string().array().parse(db.prepare("SELECT date FROM trading_days WHERE date > ? AND date < ?").pluck().all(lastPriceDay, dates.at(-1) ?? ""));
    const priceDays = new Set(dates);
    for (const date of fillers) if (!priceDays.has(date)) db.prepare("DELETE FROM trading_days WHERE date = ?").run(date);
    asOfMax = z.string().parse(db.prepare("SELECT max(date) FROM trading_days").pluck().get());
    meta.run("as_of_max", asOfMax);
    // Caches keyed by the build time (the screener options) and the build id (health) see a new database.
    meta.run("built_at", new Date().toISOString());
    insertTime = elapsed(started);
    started = performance.now();
    if (dates.length > 0) {
      updateBenchmark(db, dates[0]!);
      restateBenchmarkSums(db, dates[0]!);
    }
    benchmark = elapsed(started);
  })();
  return { companies: accepted.length, rows, overlapDays, refused, newTradingDays, asOfMax, timings: { plan, insert: insertTime, benchmark } };
}

const DailyMean = z.object({ date: z.string(), growth: z.number().nullable() });

/**
 * benchmark_index from `from` on, as lib/companies/benchmark.ts `benchmarkRows` computes it for the
 * whole history (a day's mean return over the companies priced on it and on their previous day,
 * chained), continuing the stored level of the day before: the days after the first appended one
 * are those whose mean or chain can change. Each company's rows are read by its key, not by a pass
 * over every row (8 s for the whole history).
 */
function updateBenchmark(db: Database.Database, from: string): void {
  const growth = DailyMean.array().parse(
    db
      .prepare(`
        WITH r AS (
          SELECT d.date, d.adjusted_close / (SELECT p.adjusted_close FROM daily_prices p WHERE p.company_id = d.company_id AND p.date < d.date ORDER BY p.date DESC LIMIT 1) AS g
          FROM company_series s JOIN daily_prices d ON d.company_id = s.company_id AND d.date >= ?)
        SELECT date, avg(g) AS growth FROM r GROUP BY date ORDER BY date`)
      .all(from),
  );
  const before = z.number().optional().parse(db.prepare("SELECT value FROM benchmark_index WHERE date < ? ORDER BY date DESC LIMIT 1").pluck().get(from)) ?? 1;
  const { dates, values } = chainIndex(growth, before);
  const priced = db.prepare("SELECT count(*) FROM company_series WHERE prices_from <= ?").pluck();
  db.prepare("DELETE FROM benchmark_index WHERE date >= ?").run(from);
  const insert = db.prepare("INSERT INTO benchmark_index (date, value, companies) VALUES (?, ?, ?)");
  dates.forEach((date, i) => insert.run(date, values[i]!, SqlCount.parse(priced.get(date))));
}
