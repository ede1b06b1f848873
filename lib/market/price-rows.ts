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

/** A daily_prices row. */
export interface PriceRow {
  date: string;
  close: number;
  adjustedClose: number;
  volume: number;
  /** Product of the split coefficients through this day: a share count of day i is in day j's shares times index[j] / index[i]. */
  splitIndex: number;
  /** The day's position in the company's history (0 for its first day): the count of daily returns through it. */
  dayIndex: number;
  /** Sums through this day of the simple daily returns of the adjusted close (0 on the first day) and of their squares. */
  returnSum: number;
  returnSquareSum: number;
  /** Sum through this day of regular dividends × splitIndex (a dividend of day i in day j's shares is dividend × index[i] / index[j]). */
  dividendSum: number;
  /** Days through this one whose dividend the source does not give. */
  dividendsUnknown: number;
}

/**
 * A distribution above a tenth of the previous close is not a regular dividend but a special one
 * (a spin-off's shares, a return of capital: Yum China from Yum! Brands in 2016): the total return
 * counts it, the trailing dividend yield does not.
 */
export const MAX_REGULAR_DIVIDEND_SHARE = 0.1;

export const isSpecialDistribution = (dividend: number | null, previousClose: number | undefined) =>
  dividend !== null && previousClose !== undefined && dividend > MAX_REGULAR_DIVIDEND_SHARE * previousClose;

/** The rows of `days` (sorted by date), continuing the running sums of `previous` when the days extend a stored history. */
export function priceRows(days: readonly PriceDay[], previous?: PriceRow): PriceRow[] {
  const rows: PriceRow[] = [];
  let last = previous;
  for (const day of days) {
    const r = last ? day.adjustedClose / last.adjustedClose - 1 : 0;
    const splitIndex = (last?.splitIndex ?? 1) * day.split;
    const row: PriceRow = {
      date: day.date,
      close: day.close,
      adjustedClose: day.adjustedClose,
      volume: day.volume,
      splitIndex,
      dayIndex: last ? last.dayIndex + 1 : 0,
      returnSum: (last?.returnSum ?? 0) + r,
      returnSquareSum: (last?.returnSquareSum ?? 0) + r * r,
      dividendSum: (last?.dividendSum ?? 0) + (isSpecialDistribution(day.dividend, last?.close) ? 0 : (day.dividend ?? 0)) * splitIndex,
      dividendsUnknown: (last?.dividendsUnknown ?? 0) + (day.dividend === null ? 1 : 0),
    };
    rows.push(row);
    last = row;
  }
  return rows;
}
