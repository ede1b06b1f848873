import { z } from "zod";

/**
 * The stored form of a price history (daily_prices): each day's values with the running sums of
 * the series through that day, so that any window's return, volatility or dividends as of any date
 * are a subtraction of two rows (lib/market/day-values.ts), whatever the window's length.
 */

/** One trading day of one ticker, as a source gives it. */
export interface PriceDay {
  date: string;
  close: number;
  adjustedClose: number;
  volume: number;
  /** Cash dividend per share with its ex-date on this day; null when the source does not say. */
  dividend: number | null;
  /** The split coefficient of the day (2 for a 2-for-1 split), 1 when none. */
  split: number;
}

/** A daily_prices row, as stored and as read back (rows are checked at the boundary). */
export const StoredPriceRow = z.object({
  date: z.string(),
  close: z.number(),
  adjustedClose: z.number(),
  volume: z.number(),
  /** Product of the split coefficients through this day: a share count of day i is in day j's shares times index[j] / index[i]. */
  splitIndex: z.number(),
  /** The day's position in the company's history (0 for its first day): the count of daily returns through it. */
  dayIndex: z.int(),
  /** Sums through this day of the simple daily returns of the adjusted close (0 on the first day) and of their squares. */
  returnSum: z.number(),
  returnSquareSum: z.number(),
  /** Sum through this day of regular dividends × splitIndex (a dividend of day i in day j's shares is dividend × index[i] / index[j]). */
  dividendSum: z.number(),
  /** Days through this one whose dividend the source does not give. */
  dividendsUnknown: z.int(),
  /** Sum through this day of the adjusted close: a window's simple moving average is a subtraction. */
  adjustedCloseSum: z.number(),
  /** Sum through this day of close × volume, the value traded each day (currency units). */
  tradedValueSum: z.number(),
  /**
   * Wilder's averages of the adjusted close's daily gains and losses: the mean of the changes so far
   * until RSI_PERIOD of them, then each day (previous × (RSI_PERIOD − 1) + today) / RSI_PERIOD; 0 on
   * the first day.
   */
  rsiGain: z.number(),
  rsiLoss: z.number(),
  /** The highest and lowest close × splitIndex of the last WINDOW_ROWS rows through this day (÷ this day's splitIndex: in its shares). */
  windowHigh: z.number(),
  windowLow: z.number(),
  /** The largest fall of the adjusted close from an earlier peak within the last WINDOW_ROWS rows through this day, as a fraction (0.25 is 25%). */
  windowDrawdown: z.number(),
  /**
   * Sums through this day of the benchmark's return over each daily return's interval, of its
   * square and of its product with the daily return (lib/market/benchmark-sums.ts): a window's beta
   * is a subtraction. They need the benchmark, so they are written after it.
   */
  benchmarkReturnSum: z.number(),
  benchmarkSquareSum: z.number(),
  benchmarkCrossSum: z.number(),
});
export type PriceRow = z.output<typeof StoredPriceRow>;

/** The daily_prices column of each PriceRow member, in the table's order after company_id. */
export const PRICE_ROW_COLUMNS = {
  date: "date",
  close: "close",
  adjustedClose: "adjusted_close",
  volume: "volume",
  splitIndex: "split_index",
  dayIndex: "day_index",
  returnSum: "return_sum",
  returnSquareSum: "return_square_sum",
  dividendSum: "dividend_sum",
  dividendsUnknown: "dividends_unknown",
  adjustedCloseSum: "adjusted_close_sum",
  tradedValueSum: "traded_value_sum",
  rsiGain: "rsi_gain",
  rsiLoss: "rsi_loss",
  windowHigh: "window_high",
  windowLow: "window_low",
  windowDrawdown: "window_drawdown",
  benchmarkReturnSum: "benchmark_return_sum",
  benchmarkSquareSum: "benchmark_square_sum",
  benchmarkCrossSum: "benchmark_cross_sum",
} as const satisfies Record<keyof PriceRow, string>;

export const PRICE_ROW_MEMBERS = Object.keys(PRICE_ROW_COLUMNS) as (keyof PriceRow)[];

/** `SELECT` text of a row's columns named as PriceRow members, from the table under `alias`. */
export const priceRowSelect = (alias: string) => PRICE_ROW_MEMBERS.map((m) => `${alias}.${PRICE_ROW_COLUMNS[m]} AS "${m}"`).join(", ");

/** `INSERT` of rows into `table`: the statement's text; its values are `priceRowValues`. */
export const priceRowInsert = (table: string) =>
  `INSERT INTO ${table} (company_id, ${PRICE_ROW_MEMBERS.map((m) => PRICE_ROW_COLUMNS[m]).join(", ")}) VALUES (?, ${PRICE_ROW_MEMBERS.map(() => "?").join(", ")})`;

/** A row's values in the order of `priceRowInsert` after the company id (positional: millions of rows). */
export const priceRowValues = (r: PriceRow) => PRICE_ROW_MEMBERS.map((m) => r[m]);

/** The period of the relative strength index (Wilder's 14 days). */
export const RSI_PERIOD = 14;

/** Rows of a trading year: the window of the 52-week high and low and the one-year drawdown. */
export const WINDOW_ROWS = 252;

/**
 * The last WINDOW_ROWS rows' close × splitIndex and adjusted close, each written twice (at i and
 * i + WINDOW_ROWS) so that the window is one contiguous run: each row's highest, lowest and largest
 * fall from a peak is one tight pass of comparisons (millions of rows at a build).
 */
class Window {
  private readonly prices = new Float64Array(2 * WINDOW_ROWS);
  private readonly adjusted = new Float64Array(2 * WINDOW_ROWS);
  private newest = -1;
  private size = 0;

  add(price: number, adjusted: number) {
    this.newest = (this.newest + 1) % WINDOW_ROWS;
    this.prices[this.newest] = this.prices[this.newest + WINDOW_ROWS] = price;
    this.adjusted[this.newest] = this.adjusted[this.newest + WINDOW_ROWS] = adjusted;
    this.size = Math.min(this.size + 1, WINDOW_ROWS);
  }

  /** Over the rows held, oldest first: the highest and lowest price and the largest fall of the adjusted close from an earlier peak. */
  values(): { windowHigh: number; windowLow: number; windowDrawdown: number } {
    const { prices, adjusted } = this;
    let high = -Infinity;
    let low = Infinity;
    let peak = -Infinity;
    let drawdown = 0;
    // A fall deeper than the deepest so far: the adjusted close below peak × (1 − drawdown).
    let floor = -Infinity;
    const end = this.newest + WINDOW_ROWS;
    for (let i = end - this.size + 1; i <= end; i++) {
      const price = prices[i]!;
      const value = adjusted[i]!;
      if (price > high) high = price;
      if (price < low) low = price;
      if (value > peak) {
        peak = value;
        floor = peak * (1 - drawdown);
      } else if (value < floor) {
        drawdown = 1 - value / peak;
        floor = value;
      }
    }
    return { windowHigh: high, windowLow: low, windowDrawdown: drawdown };
  }
}

/**
 * A distribution above a tenth of the previous close is not a regular dividend but a special one
 * (a spin-off's shares, a return of capital: Yum China from Yum! Brands in 2016): the total return
 * counts it, the trailing dividend yield does not.
 */
export const MAX_REGULAR_DIVIDEND_SHARE = 0.1;

export const isSpecialDistribution = (dividend: number | null, previousClose: number | undefined) =>
  dividend !== null && previousClose !== undefined && dividend > MAX_REGULAR_DIVIDEND_SHARE * previousClose;

/**
 * The rows of `days` (sorted by date), continuing the running sums and windows of `history` (the
 * stored rows before them, oldest first: at least the last WINDOW_ROWS − 1) when the days extend a
 * stored history. The benchmark sums are carried over unchanged: the benchmark of the days is not
 * known until every company's rows are in, and lib/market/benchmark-sums.ts writes them then.
 */
export function priceRows(days: readonly PriceDay[], history: readonly PriceRow[] = []): PriceRow[] {
  const window = new Window();
  for (const row of history.slice(-(WINDOW_ROWS - 1))) window.add(row.close * row.splitIndex, row.adjustedClose);
  const rows: PriceRow[] = [];
  let last = history.at(-1);
  for (const day of days) {
    const r = last ? day.adjustedClose / last.adjustedClose - 1 : 0;
    const change = last ? day.adjustedClose - last.adjustedClose : 0;
    const splitIndex = (last?.splitIndex ?? 1) * day.split;
    const dayIndex = last ? last.dayIndex + 1 : 0;
    // The mean of the changes so far until RSI_PERIOD of them, then Wilder's smoothing.
    const weight = dayIndex === 0 ? 0 : 1 / Math.min(dayIndex, RSI_PERIOD);
    window.add(day.close * splitIndex, day.adjustedClose);
    const row: PriceRow = {
      date: day.date,
      close: day.close,
      adjustedClose: day.adjustedClose,
      volume: day.volume,
      splitIndex,
      dayIndex,
      returnSum: (last?.returnSum ?? 0) + r,
      returnSquareSum: (last?.returnSquareSum ?? 0) + r * r,
      dividendSum: (last?.dividendSum ?? 0) + (isSpecialDistribution(day.dividend, last?.close) ? 0 : (day.dividend ?? 0)) * splitIndex,
      dividendsUnknown: (last?.dividendsUnknown ?? 0) + (day.dividend === null ? 1 : 0),
      adjustedCloseSum: (last?.adjustedCloseSum ?? 0) + day.adjustedClose,
      tradedValueSum: (last?.tradedValueSum ?? 0) + day.close * day.volume,
      rsiGain: (last?.rsiGain ?? 0) + (Math.max(change, 0) - (last?.rsiGain ?? 0)) * weight,
      rsiLoss: (last?.rsiLoss ?? 0) + (Math.max(-change, 0) - (last?.rsiLoss ?? 0)) * weight,
      ...window.values(),
      benchmarkReturnSum: last?.benchmarkReturnSum ?? 0,
      benchmarkSquareSum: last?.benchmarkSquareSum ?? 0,
      benchmarkCrossSum: last?.benchmarkCrossSum ?? 0,
    };
    rows.push(row);
    last = row;
  }
  return rows;
}
