import type Database from "better-sqlite3";
import { z } from "zod";
import type { PriceRow } from "./price-rows";

/**
 * Each daily_prices row's running sums against the benchmark (benchmark_index, the equal-weighted
 * market of lib/companies/benchmark.ts): of the benchmark's return over the same interval as the
 * row's own daily return (from the company's previous row's date to its date, however many days
 * apart), of its square, and of its product with the daily return. A window's beta is then a
 * subtraction of two rows (lib/market/price-signals.ts), like its volatility.
 *
 * The benchmark needs every company's rows, so the sums are written after it: a build fills them
 * in the staged rows before sorting them into daily_prices (`fillBenchmarkSums`), an append
 * restates the rows from its first day once it has updated the benchmark (`restateBenchmarkSums`).
 * Both continue the previous row's sums one row at a time in the same arithmetic, from the stored
 * benchmark: an append stores what a rebuild would wherever the two benchmarks agree (the
 * append-equals-rebuild tests compare every column).
 */

type BenchmarkSums = Pick<PriceRow, "benchmarkReturnSum" | "benchmarkSquareSum" | "benchmarkCrossSum">;

/** What a row's sums continue: the company's previous row. */
type Previous = BenchmarkSums & { date: string; adjustedClose: number };

const ZERO: BenchmarkSums = { benchmarkReturnSum: 0, benchmarkSquareSum: 0, benchmarkCrossSum: 0 };

/**
 * The sums of the row on `date` closing at `adjustedClose`, after `previous` (none on a history's
 * first row: nothing summed yet). `level` is the benchmark on each of its days.
 */
export function nextBenchmarkSums(previous: Previous | undefined, date: string, adjustedClose: number, level: ReadonlyMap<string, number>): BenchmarkSums {
  if (previous === undefined) return ZERO;
  const own = adjustedClose / previous.adjustedClose - 1;
  const market = benchmarkLevel(level, date) / benchmarkLevel(level, previous.date) - 1;
  return {
    benchmarkReturnSum: previous.benchmarkReturnSum + market,
    benchmarkSquareSum: previous.benchmarkSquareSum + market * market,
    benchmarkCrossSum: previous.benchmarkCrossSum + own * market,
  };
}

/** The benchmark has every day a price row has: its days are the rows' days. */
function benchmarkLevel(level: ReadonlyMap<string, number>, date: string): number {
  const value = level.get(date);
  if (value === undefined) throw new Error(`benchmark sums: the benchmark has no value on ${date}`);
  return value;
}

const BenchmarkRow = z.tuple([z.string(), z.number()]);

/** benchmark_index as a map of its days' levels. */
const benchmarkLevels = (db: Database.Database) =>
  new Map(BenchmarkRow.array().parse(db.prepare("SELECT date, value FROM benchmark_index").raw().all()));

const StagedRow = z.tuple([z.int(), z.int(), z.string(), z.number()]);

/** Staged rows read at a time: a build stages millions. */
const BATCH_ROWS = 50_000;

/**
 * Fills the sums of a build's staged rows (`table`: a rowid table written company by company, each
 * company's days in order), from benchmark_index: one pass in rowid order, a batch at a time (a
 * connection cannot write while it iterates).
 */
export function fillBenchmarkSums(db: Database.Database, table: string): void {
  const level = benchmarkLevels(db);
  const batch = db.prepare(`SELECT rowid, company_id, date, adjusted_close FROM ${table} WHERE rowid > ? ORDER BY rowid LIMIT ${BATCH_ROWS}`).raw();
  const update = db.prepare(`UPDATE ${table} SET benchmark_return_sum = ?, benchmark_square_sum = ?, benchmark_cross_sum = ? WHERE rowid = ?`);
  let previous: (Previous & { companyId: number }) | undefined;
  for (let after = 0, rows = StagedRow.array().parse(batch.all(after)); rows.length > 0; rows = StagedRow.array().parse(batch.all(after))) {
    for (const [rowid, companyId, date, adjustedClose] of rows) {
      const sums = nextBenchmarkSums(previous?.companyId === companyId ? previous : undefined, date, adjustedClose, level);
      update.run(sums.benchmarkReturnSum, sums.benchmarkSquareSum, sums.benchmarkCrossSum, rowid);
      previous = { companyId, date, adjustedClose, ...sums };
      after = rowid;
    }
  }
}

const StoredRow = z.object({
  date: z.string(),
  adjustedClose: z.number(),
  benchmarkReturnSum: z.number(),
  benchmarkSquareSum: z.number(),
  benchmarkCrossSum: z.number(),
});
const COLUMNS = "date, adjusted_close AS adjustedClose, benchmark_return_sum AS benchmarkReturnSum, benchmark_square_sum AS benchmarkSquareSum, benchmark_cross_sum AS benchmarkCrossSum";

/**
 * Restates the sums of every daily_prices row dated `from` or later, continuing each company's last
 * row before it: the days whose benchmark an append changed.
 */
export function restateBenchmarkSums(db: Database.Database, from: string): void {
  const level = benchmarkLevels(db);
  const companies = z.int().array().parse(db.prepare("SELECT DISTINCT company_id FROM daily_prices WHERE date >= ?").pluck().all(from));
  const before = db.prepare(`SELECT ${COLUMNS} FROM daily_prices WHERE company_id = ? AND date < ? ORDER BY date DESC LIMIT 1`);
  const after = db.prepare(`SELECT ${COLUMNS} FROM daily_prices WHERE company_id = ? AND date >= ? ORDER BY date`);
  const update = db.prepare("UPDATE daily_prices SET benchmark_return_sum = ?, benchmark_square_sum = ?, benchmark_cross_sum = ? WHERE date = ? AND company_id = ?");
  for (const companyId of companies) {
    let previous: Previous | undefined = StoredRow.optional().parse(before.get(companyId, from));
    for (const row of StoredRow.array().parse(after.all(companyId, from))) {
      const sums = nextBenchmarkSums(previous, row.date, row.adjustedClose, level);
      update.run(sums.benchmarkReturnSum, sums.benchmarkSquareSum, sums.benchmarkCrossSum, row.date, companyId);
      previous = { date: row.date, adjustedClose: row.adjustedClose, ...sums };
    }
  }
}
