import { z } from "zod";
import { shiftDays, shiftMonths, shiftYears } from "@/lib/calendar";
import { ValidationError } from "@/lib/errors";
import { type TimeBudget, UNBOUNDED } from "@/lib/time-budget";
import { checkPace } from "./work-pace";
import { cachedStatement, marketDb } from "@/lib/db/market-db";
import { SqlCount } from "@/lib/db/sql-rows";
import { ensureDayValues } from "@/lib/market/day-values";
import { checkAsOfDates, tradingDayOn } from "./as-of-range";
import { type BacktestRequest, type BacktestResponse, MAX_BACKTEST_PERIODS, MAX_BACKTEST_VALUES, REBALANCE_MONTHS } from "./backtest-schema";
import type { ScreenRequest } from "./request-schema";
import type { Formula } from "./formula-schema";
import { asOfSource } from "./screen-source";
import { compileMatches } from "./compile";
import { readOptionValues } from "./option-values";
import { validateOptionValues } from "./service";

/**
 * Screen backtests (docs/METRICS.md "Backtests"): the screen runs as of each rebalance date, its
 * priced companies are held equally weighted until the next, and each period's return is set
 * against the mean of every company priced that day.
 */

/** The rebalance trading days: start, then every period until end, each snapped to the last trading day on or before it. */
export function rebalanceDates(start: string, end: string, months: number): string[] {
  const dates: string[] = [];
  for (let k = 0; ; k++) {
    const date = shiftMonths(start, k * months);
    if (date >= end) break;
    if (k >= MAX_BACKTEST_PERIODS) {
      throw new ValidationError([{ pointer: "/rebalance", message: `more than ${MAX_BACKTEST_PERIODS} periods: choose a longer rebalance period or a shorter range` }]);
    }
    dates.push(date);
  }
  return dates;
}

/** A match as the screen reads it: its id, ticker, whether it has a price that day, and requested fields. */
const MatchRow = z.looseObject({ id: z.int(), full_ticker: z.string(), priced: z.union([z.literal(0), z.literal(1)]) });
type MatchRow = z.output<typeof MatchRow>;

const Closes = z.object({ id: z.int(), start: z.number(), end: z.number() });
type Closes = z.output<typeof Closes>;

/**
 * The adjusted closes on or before `start` and `end` of the companies `ids` priced on `start` (the
 * as-of price rule: a close in the week up to it): a history that stops earlier keeps its last
 * close, as if the holding were cash afterwards.
 */
function closesOf(ids: readonly number[] | "all priced", start: string, end: string): Closes[] {
  const close = "(SELECT p.adjusted_close FROM daily_prices p WHERE p.company_id = s.company_id AND p.date <= ? ORDER BY p.date DESC LIMIT 1)";
  const sql = `SELECT s.company_id AS id, ${close} AS start, ${close} AS end FROM ${ensureDayValues(marketDb(), start, [])} s WHERE s.price IS NOT NULL`;
  if (ids === "all priced") return Closes.array().parse(cachedStatement(sql).all(start, end));
  if (ids.length === 0) return [];
  return Closes.array().parse(cachedStatement(`${sql} AND s.company_id IN (SELECT value FROM json_each(?))`).all(start, end, JSON.stringify(ids)));
}

/** What a period's benchmark needs: every company priced on its start, and their mean return to its end. */
interface BenchmarkPeriod {
  priced: ReadonlySet<number>;
  return: number | null;
}

/**
 * Per connection, the benchmark of each (start, end) pair asked for: the same for every screen, and
 * unchanged while the database is (a day appended later leaves earlier days as they were).
 */
const benchmarks = new WeakMap<object, Map<string, BenchmarkPeriod>>();
const MAX_CACHED_BENCHMARKS = 1024;

function benchmarkPeriod(start: string, end: string): BenchmarkPeriod {
  const db = marketDb();
  const cache = benchmarks.get(db) ?? new Map<string, BenchmarkPeriod>();
  benchmarks.set(db, cache);
  const key = `${start} ${end}`;
  const cached = cache.get(key);
  if (cached) return cached;
  const all = closesOf("all priced", start, end);
  const period = { priced: new Set(all.map((c) => c.id)), return: periodReturn(all) };
  if (cache.size >= MAX_CACHED_BENCHMARKS) cache.delete(cache.keys().next().value!);
  cache.set(key, period);
  return period;
}

const mean = (xs: readonly number[]) => (xs.length === 0 ? null : xs.reduce((a, b) => a + b, 0) / xs.length);
const periodReturn = (companies: readonly Closes[]) => mean(companies.map((c) => c.end / c.start - 1));

/** Cumulative and annualised return, volatility and maximum drawdown of a series of period returns (null: cash). */
function performance(returns: readonly (number | null)[], days: number, periodsPerYear: number): BacktestResponse["summary"]["screen"] {
  let value = 1;
  let peak = 1;
  let drawdown = 0;
  for (const r of returns) {
    value *= 1 + (r ?? 0);
    peak = Math.max(peak, value);
    drawdown = Math.max(drawdown, 1 - value / peak);
  }
  const xs = returns.map((r) => r ?? 0);
  const average = mean(xs) ?? 0;
  const variance = xs.length < 2 ? null : xs.reduce((sum, x) => sum + (x - average) ** 2, 0) / (xs.length - 1);
  return {
    cumulative_return: value - 1,
    annualized_return: days > 0 && value > 0 ? value ** (365.25 / days) - 1 : null,
    volatility: variance === null ? null : Math.sqrt(variance * periodsPerYear),
    max_drawdown: drawdown,
  };
}

/** One-way turnover between two equally weighted holdings: half the sum of the absolute weight changes. */
export function turnover(previous: readonly string[], next: readonly string[]): number {
  const before = new Map(previous.map((t) => [t, 1 / previous.length]));
  const after = new Map(next.map((t) => [t, 1 / next.length]));
  let change = 0;
  for (const t of new Set([...before.keys(), ...after.keys()])) change += Math.abs((after.get(t) ?? 0) - (before.get(t) ?? 0));
  return change / 2;
}

const IndexMember = z.object({ company_id: z.int().nullable() });

/**
 * The S&P 500's members on `date` (a ticker each, from the membership history) and how many of
 * them the data has no price for that day: companies without one, or that the universe lacks.
 */
function unpricedMembers(date: string, priced: ReadonlySet<number>): { members: number; unpriced: number } {
  const members = IndexMember.array().parse(
    cachedStatement('SELECT company_id FROM index_membership_intervals WHERE start <= ? AND ("end" IS NULL OR "end" > ?)').all(date, date),
  );
  return { members: members.length, unpriced: members.filter((m) => m.company_id === null || !priced.has(m.company_id)).length };
}

/** Holdings whose latest fiscal year is stale on `date`: its successor would be public by then (period end + 1 year + 90 days). */
function staleHoldings(ids: readonly number[], date: string): number {
  if (ids.length === 0) return 0;
  const stale = shiftDays(shiftYears(date, -1), -90);
  return SqlCount.parse(
    cachedStatement(
      `SELECT count(*) FROM ${ensureDayValues(marketDb(), date, [])} s JOIN fiscal_year_versions f ON f.company_id = s.company_id AND f.valid_from = s.fy_from AND f.fy_offset = 0
       WHERE s.company_id IN (SELECT value FROM json_each(?)) AND f.period_end < ?`,
    )
      .pluck()
      .get(JSON.stringify(ids), stale),
  );
}

/**
 * The most values the rows of `fields` could hold: the companies whose price history spans each
 * rebalance date (an upper bound of its holdings) times the fields and the ticker, refused with a 400 over
 * MAX_BACKTEST_VALUES before any screen runs.
 */
function checkRowValues(starts: readonly string[], fields: readonly string[] | undefined): void {
  if (fields === undefined) return;
  const pricedOn = cachedStatement("SELECT count(*) FROM company_series WHERE prices_from <= ? AND prices_to > date(?, '-7 days')").pluck();
  const holdings = starts.reduce((sum, date) => sum + SqlCount.parse(pricedOn.get(date, date)), 0);
  const values = holdings * (fields.length + 1);
  if (values <= MAX_BACKTEST_VALUES) return;
  const n = (x: number) => x.toLocaleString("en-US");
  throw new ValidationError([
    {
      pointer: "/fields",
      message: `${starts.length} periods × up to ${n(Math.round(holdings / starts.length))} holdings each × ${fields.length + 1} values (the ticker and ${fields.length} fields) = up to ${n(values)} values, over the ${n(MAX_BACKTEST_VALUES)} a backtest's rows may hold: ask for fewer fields, a longer rebalance period or a shorter range`,
    },
  ]);
}

export function runBacktest(request: BacktestRequest, budget: TimeBudget = UNBOUNDED): BacktestResponse {
  checkAsOfDates([
    ["/start", request.start],
    ["/end", request.end],
  ]);
  const months = REBALANCE_MONTHS[request.rebalance];
  const starts = [...new Set(rebalanceDates(request.start, request.end, months).map(tradingDayOn))];
  const end = tradingDayOn(request.end);
  const bounds = [...starts, end];
  const screen: ScreenRequest & { formulas?: readonly Formula[] } = { filters: request.filters, formulas: request.formulas, sort: {}, page: {}, result_format: "tickers" };
  validateOptionValues(screen, readOptionValues(marketDb()).lists);
  checkRowValues(starts, request.fields);

  const periods: BacktestResponse["periods"] = [];
  const staleDates: string[] = [];
  const memberPrices: { start: string; members: number; unpriced: number }[] = [];
  let unpricedMatches = 0;
  let secondPeriodAt = 0;
  for (const [i, start] of starts.entries()) {
    if (i === 1) secondPeriodAt = Date.now();
    checkPace(secondPeriodAt, i, starts.length, budget, { what: "backtest", steps: "periods", advice: "a longer rebalance period, a shorter range or fewer rules" });
    const periodEnd = bounds[i + 1]!;
    if (start >= periodEnd) continue;
    const source = asOfSource(start);
    const benchmark = benchmarkPeriod(start, periodEnd);
    memberPrices.push({ start, ...unpricedMembers(start, benchmark.priced) });
    const query = compileMatches(screen, source, request.fields);
    const matched = MatchRow.array().parse(cachedStatement(query.sql).all(...query.params));
    const matches = matched.length;
    const held = matched.filter((row) => row.priced === 1);
    const tickerOf = new Map(held.map((row) => [row.id, row.full_ticker]));
    const holdings = closesOf([...tickerOf.keys()], start, periodEnd)
      .map((c) => ({ ...c, ticker: tickerOf.get(c.id)! }))
      .sort((a, b) => (a.ticker < b.ticker ? -1 : 1));
    unpricedMatches += matches - holdings.length;
    if (staleHoldings(holdings.map((h) => h.id), start) > 0) staleDates.push(start);
    const tickers = holdings.map((h) => h.ticker);
    const previous = periods.at(-1)?.tickers;
    periods.push({
      start,
      end: periodEnd,
      tickers,
      matches,
      return: periodReturn(holdings),
      benchmark_return: benchmark.return,
      turnover: previous === undefined ? null : previous.length === 0 && tickers.length === 0 ? 0 : turnover(previous, tickers),
      ...(request.fields ? { rows: holdingRows(held, tickers) } : {}),
    });
  }

  const days = (Date.parse(end) - Date.parse(starts[0]!)) / 86_400_000;
  const perYear = 12 / months;
  const turnovers = periods.flatMap((p) => (p.turnover === null ? [] : [p.turnover]));
  const compared = periods.filter((p) => p.benchmark_return !== null);
  const warnings: BacktestResponse["warnings"] = [];
  warnings.push({
    code: "survivorship",
    message:
      `Prices come from the 2021 S&P 500 constituent list and the whole US market of 2015-03 to 2017-03: of the S&P 500's members on each rebalance date the data lacks a price that day for ` +
      `${memberPrices.map((p) => `${p.unpriced} of ${p.members} on ${p.start}`).join(", ")}. ` +
      "Most are companies that left the index before 2021 (acquired, failed): they are missing from the holdings and the benchmark, which biases both upwards.",
  });
  if (staleDates.length > 0) {
    warnings.push({
      code: "stale_fundamentals",
      message: `At ${staleDates.length} of ${periods.length} rebalance dates (first ${staleDates[0]}) some holdings' latest fiscal year is more than a year old (its successor would be public by then): fiscal years missing from the data, and from early 2018 on the end of the bundled fundamentals (fiscal year 2016, later only for the SEC companyfacts companies), so fundamental filters read stale values.`,
    });
  }
  const few = periods.filter((p) => p.tickers.length < 5);
  if (few.length > 0) {
    warnings.push({
      code: "few_holdings",
      message: `${few.length} of ${periods.length} periods hold fewer than 5 companies (${few.slice(0, 5).map((p) => `${p.start}: ${p.tickers.length}`).join(", ")}${few.length > 5 ? ", …" : ""}): their returns rest on very few names.`,
    });
  }
  if (unpricedMatches > 0) {
    warnings.push({
      code: "unpriced_matches",
      message: `${unpricedMatches} screen matches over all periods had no price on their rebalance date and could not be held.`,
    });
  }
  return {
    start: starts[0]!,
    end,
    rebalance: request.rebalance,
    periods,
    summary: {
      screen: performance(periods.map((p) => p.return), days, perYear),
      benchmark: performance(periods.map((p) => p.benchmark_return), days, perYear),
      // A return equal to the benchmark's up to rounding (a screen holding every priced company) is no hit.
      hit_rate: compared.length === 0 ? null : compared.filter((p) => (p.return ?? 0) - p.benchmark_return! > 1e-12).length / compared.length,
      average_turnover: mean(turnovers),
      average_holdings: mean(periods.map((p) => p.tickers.length)) ?? 0,
    },
    warnings,
  };
}

/** The requested fields of a period's holdings as of its start, in the order of the tickers. */
function holdingRows(held: readonly MatchRow[], tickers: readonly string[]): Record<string, unknown>[] {
  const byTicker = new Map(held.map(({ id: _id, priced: _priced, ...row }) => [row.full_ticker, row]));
  return tickers.map((ticker) => byTicker.get(ticker)!);
}
