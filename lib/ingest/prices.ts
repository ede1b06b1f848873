import { shiftDays, shiftYears } from "@/lib/calendar";
import { BundledFileError } from "./compressed-files";

/** One trading day of one ticker from the bundled price file (or a synced one: see synced-prices.ts). */
export interface PriceDay {
  date: string;
  close: number;
  adjustedClose: number;
  volume: number;
  /** Null when the source does not say (synced files carry no dividends). */
  dividend: number | null;
  split: number;
}

const HEADER = "ticker,date,close,adjusted_close,volume,dividend_amount,split_coefficient";
const COLUMNS = HEADER.split(",");

/** A numeric cell; every one is filled in the bundled file, so a blank is an error (`Number("")` would read it as 0). */
function priceNumber(file: string, value: string, row: number, column: string): number {
  const n = value.trim() === "" ? NaN : Number(value);
  if (!Number.isFinite(n)) throw new BundledFileError(file, `row ${row}: ${column} ${JSON.stringify(value)} is not a number`);
  return n;
}

/**
 * Parses the bundled daily price CSV (plain numeric columns, no quoting) into per-ticker series
 * sorted by date. A malformed row stops the ingest with its row (line) number.
 */
export function parsePrices(file: string, csv: string): Map<string, PriceDay[]> {
  const lines = csv.split("\n");
  if (lines[0]?.trim() !== HEADER) throw new BundledFileError(file, `unexpected header (want ${HEADER})`);
  const series = new Map<string, PriceDay[]>();
  for (let i = 1; i < lines.length; i++) {
    const line = lines[i]!;
    if (line === "") continue;
    const cells = line.split(",");
    const [ticker, date] = cells;
    if (cells.length !== COLUMNS.length || !ticker || !/^\d{4}-\d{2}-\d{2}$/.test(date ?? "")) {
      throw new BundledFileError(file, `row ${i + 1} is not a valid price row: ${line.slice(0, 80)}`);
    }
    const numbers = cells.slice(2).map((cell, j) => priceNumber(file, cell, i + 1, COLUMNS[j + 2]!));
    const [close, adjustedClose, volume, dividend, split] = numbers as [number, number, number, number, number];
    const day = { date: date!, close, adjustedClose, volume, dividend, split };
    const days = series.get(ticker);
    if (days) days.push(day);
    else series.set(ticker, [day]);
  }
  for (const days of series.values()) days.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  return series;
}

/** The market metrics (docs/METRICS.md, "Market") of one ticker at the as-of date. */
export interface MarketMetrics {
  price: number | null;
  return_1y: number | null;
  daily_return_vol_1y_annualized: number | null;
  daily_return_vol_5y_annualized: number | null;
  dividendYieldTTM: number | null;
}

/** Index of the last day on or before `date` in a series sorted by date, or -1. */
export function lastIndexOnOrBefore(days: readonly { date: string }[], date: string): number {
  let lo = 0;
  let hi = days.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (days[mid]!.date <= date) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found;
}

/**
 * splitIndexes(days)[i]: the product of the split coefficients of days 0..i. A share count or volume
 * of day i is in the shares of day j after times index[j] / index[i].
 */
export function splitIndexes(days: readonly PriceDay[]): Float64Array {
  const index = new Float64Array(days.length);
  days.forEach((day, i) => (index[i] = (i === 0 ? 1 : index[i - 1]!) * day.split));
  return index;
}

/**
 * Product of the split coefficients of the days after `date` up to the as-of date: the factor that
 * restates a share count of `date` to the share basis of the as-of date (per-share values divide by it).
 */
export function splitFactorAfter(days: readonly PriceDay[], date: string, asOf: string): number {
  let factor = 1;
  for (const day of days) if (day.date > date && day.date <= asOf) factor *= day.split;
  return factor;
}

/** The market metrics of a company without a price at the date. */
export const NO_MARKET_METRICS: MarketMetrics = {
  price: null,
  return_1y: null,
  daily_return_vol_1y_annualized: null,
  daily_return_vol_5y_annualized: null,
  dividendYieldTTM: null,
};

export function computeMarketMetrics(days: readonly PriceDay[], asOf: string): MarketMetrics {
  return marketMetricsSeries(days, [asOf])[0]!;
}

/**
 * The market metrics of one ticker at each of `dates`, in one pass over its history: running sums
 * of daily returns, their squares and split-adjusted dividends give any window's sums by
 * subtraction, so every date costs the same whatever its windows' lengths.
 */
export function marketMetricsSeries(days: readonly PriceDay[], dates: readonly string[]): MarketMetrics[] {
  // sums[i]: over days 1..i, of the simple return adjusted_close(i) / adjusted_close(i-1) - 1 and its square.
  const returns = new Float64Array(days.length);
  const squares = new Float64Array(days.length);
  // dividends[i]: sum over days 0..i of dividend × splitsTo (a dividend of day i restated to the
  // share basis of day j is dividend × splitsTo[i] / splitsTo[j]).
  const splitsTo = splitIndexes(days);
  const dividends = new Float64Array(days.length);
  // unknown[i]: days 0..i whose dividend the source does not give; a yield over any of them is unknown.
  const unknown = new Uint32Array(days.length);
  for (let i = 0; i < days.length; i++) {
    const day = days[i]!;
    const r = i === 0 ? 0 : day.adjustedClose / days[i - 1]!.adjustedClose - 1;
    returns[i] = (i === 0 ? 0 : returns[i - 1]!) + r;
    squares[i] = (i === 0 ? 0 : squares[i - 1]!) + r * r;
    dividends[i] = (i === 0 ? 0 : dividends[i - 1]!) + (day.dividend ?? 0) * splitsTo[i]!;
    unknown[i] = (i === 0 ? 0 : unknown[i - 1]!) + (day.dividend === null ? 1 : 0);
  }
  /** Annualised sample standard deviation of the daily returns over (from, days[last]]. */
  const volatility = (from: string, last: number, minReturns: number): number | null => {
    const first = Math.max(1, lastIndexOnOrBefore(days, from) + 1);
    const n = last - first + 1;
    if (n < minReturns) return null;
    const sum = returns[last]! - returns[first - 1]!;
    const sumOfSquares = squares[last]! - squares[first - 1]!;
    const variance = Math.max(0, (sumOfSquares - (sum * sum) / n) / (n - 1));
    return Math.sqrt(variance) * Math.sqrt(252);
  };
  return dates.map((asOf) => {
    const last = lastIndexOnOrBefore(days, asOf);
    if (last < 0 || days[last]!.date <= shiftDays(asOf, -7)) return NO_MARKET_METRICS;
    const today = days[last]!;
    const oneYearAgo = shiftYears(asOf, -1);
    const start = lastIndexOnOrBefore(days, oneYearAgo);
    // Dividends paid after a year ago, each restated to today's share basis (split-adjusted).
    const paid = (dividends[last]! - (start >= 0 ? dividends[start]! : 0)) / splitsTo[last]!;
    const paidUnknown = unknown[last]! - (start >= 0 ? unknown[start]! : 0) > 0;
    return {
      price: today.close,
      return_1y: start >= 0 ? today.adjustedClose / days[start]!.adjustedClose - 1 : null,
      daily_return_vol_1y_annualized: volatility(oneYearAgo, last, 200),
      daily_return_vol_5y_annualized: volatility(shiftYears(asOf, -5), last, 1000),
      dividendYieldTTM: paidUnknown ? null : paid / today.close,
    };
  });
}
