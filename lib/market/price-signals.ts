import { type PriceRow, RSI_PERIOD, WINDOW_ROWS } from "./price-rows";

/**
 * The price signals of one company on one day (docs/METRICS.md "Price signals"), from the stored
 * rows that anchor them: the day's own row (Wilder's averages, the trading year's high, low and
 * drawdown), the row a year earlier (running sums: beta) and the rows 20, 50 and 200 trading days
 * earlier (running sums: moving averages and traded value). Pure, like lib/market/market-metrics.ts.
 */

/** The moving averages' lengths in trading days. */
export const SMA_DAYS = [20, 50, 200] as const;
export type SmaDays = (typeof SMA_DAYS)[number];

/** The trading days the average traded value covers. */
export const TRADED_VALUE_DAYS = 20;

export const PRICE_SIGNAL_COLUMNS = [
  "high_52w", "low_52w", "from_high_52w", "from_low_52w",
  "sma_20", "sma_50", "sma_200", "price_vs_sma_20", "price_vs_sma_50", "price_vs_sma_200",
  "rsi_14", "max_drawdown_1y", "dollar_volume_20d", "beta_1y",
] as const;
export type PriceSignals = Record<(typeof PRICE_SIGNAL_COLUMNS)[number], number | null>;

export const NO_PRICE_SIGNALS = Object.fromEntries(PRICE_SIGNAL_COLUMNS.map((c) => [c, null])) as PriceSignals;

/** What beta reads of the day's row and the row a year before: positions and sums. */
export const BETA_MEMBERS = ["dayIndex", "returnSum", "benchmarkReturnSum", "benchmarkSquareSum", "benchmarkCrossSum"] as const satisfies readonly (keyof PriceRow)[];
export type BetaRow = Pick<PriceRow, (typeof BETA_MEMBERS)[number]>;

/** The daily returns a one-year beta or volatility needs in its year. */
export const MIN_RETURNS_1Y = 200;

/** What the signals read of the day's row. */
export type SignalRow = BetaRow &
  Pick<PriceRow, "close" | "adjustedClose" | "splitIndex" | "dayIndex" | "adjustedCloseSum" | "tradedValueSum" | "rsiGain" | "rsiLoss" | "windowHigh" | "windowLow" | "windowDrawdown">;

/** What the signals read of the rows n trading days back: their running sums and position. */
export const BACK_MEMBERS = ["dayIndex", "adjustedCloseSum", "tradedValueSum"] as const satisfies readonly (keyof PriceRow)[];
export type BackRow = Pick<PriceRow, (typeof BACK_MEMBERS)[number]>;

/**
 * The anchors: the day's row, the last row on or before the day a year earlier (none when the
 * history began since), and the last row on or before the day n trading days earlier.
 */
export interface SignalAnchors {
  day: SignalRow;
  yearAgo: BetaRow | null;
  back: Record<SmaDays, BackRow | null>;
}

/** Before a history's first row: nothing summed yet (the anchor of a window that starts there). */
export const NOTHING_SUMMED = { dayIndex: 0, returnSum: 0, returnSquareSum: 0, benchmarkReturnSum: 0, benchmarkSquareSum: 0, benchmarkCrossSum: 0 } as const satisfies Partial<PriceRow>;

/**
 * Beta of the daily returns after `from` through `day` against the benchmark's returns over the
 * same intervals: their covariance over the benchmark's variance (the n − 1 cancel). Null with
 * fewer than MIN_RETURNS_1Y returns, or a benchmark that did not move.
 */
function beta(day: BetaRow, from: BetaRow): number | null {
  const n = day.dayIndex - from.dayIndex;
  if (n < MIN_RETURNS_1Y) return null;
  const own = day.returnSum - from.returnSum;
  const market = day.benchmarkReturnSum - from.benchmarkReturnSum;
  const covariance = day.benchmarkCrossSum - from.benchmarkCrossSum - (own * market) / n;
  const variance = day.benchmarkSquareSum - from.benchmarkSquareSum - (market * market) / n;
  return variance > 0 ? covariance / variance : null;
}

/** RSI from Wilder's averages: 100 − 100 / (1 + gain / loss); 100 without losses, 50 when the price has not moved. */
function rsi(gain: number, loss: number): number {
  if (loss === 0) return gain === 0 ? 50 : 100;
  return 100 - 100 / (1 + gain / loss);
}

/**
 * The mean adjusted close of the rows after the anchor `from` through the day; null without an
 * anchor (a history shorter than the window). Module functions rather than closures: priceSignals
 * runs for every company of every day computed.
 */
function meanAdjusted(day: SignalRow, from: BackRow | null): number | null {
  const rows = from === null ? 0 : day.dayIndex - from.dayIndex;
  return from === null || rows <= 0 ? null : (day.adjustedCloseSum - from.adjustedCloseSum) / rows;
}

/** An adjusted mean in the day's price terms: scaled by the day's close over its adjusted close. */
const level = (day: SignalRow, mean: number | null) => (mean === null ? null : (mean * day.close) / day.adjustedClose);
const relative = (day: SignalRow, mean: number | null) => (mean === null ? null : day.adjustedClose / mean - 1);

/** The signals of a day whose row is `day` (already known to have a close in the week to the day). */
export function priceSignals({ day, yearAgo, back }: SignalAnchors): PriceSignals {
  // A trading year of rows through the day: the 52-week values and the drawdown need all of it.
  const fullYear = day.dayIndex >= WINDOW_ROWS - 1;
  const high = fullYear ? day.windowHigh / day.splitIndex : null;
  const low = fullYear ? day.windowLow / day.splitIndex : null;
  const sma20 = meanAdjusted(day, back[20]);
  const sma50 = meanAdjusted(day, back[50]);
  const sma200 = meanAdjusted(day, back[200]);
  const tradedFrom = back[TRADED_VALUE_DAYS];
  const tradedRows = tradedFrom === null ? 0 : day.dayIndex - tradedFrom.dayIndex;
  return {
    high_52w: high,
    low_52w: low,
    from_high_52w: high === null ? null : day.close / high - 1,
    from_low_52w: low === null ? null : day.close / low - 1,
    sma_20: level(day, sma20),
    sma_50: level(day, sma50),
    sma_200: level(day, sma200),
    price_vs_sma_20: relative(day, sma20),
    price_vs_sma_50: relative(day, sma50),
    price_vs_sma_200: relative(day, sma200),
    rsi_14: day.dayIndex >= RSI_PERIOD ? rsi(day.rsiGain, day.rsiLoss) : null,
    max_drawdown_1y: fullYear ? day.windowDrawdown : null,
    dollar_volume_20d: tradedFrom === null || tradedRows <= 0 ? null : (day.tradedValueSum - tradedFrom.tradedValueSum) / tradedRows,
    beta_1y: beta(day, yearAgo ?? NOTHING_SUMMED),
  };
}
