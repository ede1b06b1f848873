import { z } from "zod";
import { shiftDays } from "@/lib/calendar";
import { type BackRow, BETA_MEMBERS, MIN_RETURNS_1Y, NO_PRICE_SIGNALS, NOTHING_SUMMED, PRICE_SIGNAL_COLUMNS, type PriceSignals, priceSignals, type SmaDays, TRADED_VALUE_DAYS } from "./price-signals";
import type { PriceRow } from "./price-rows";

/**
 * Market metrics and valuation of one company on one day (docs/METRICS.md "Market", "Market cap
 * and valuation"), from the daily_prices rows that anchor the day's windows and the fiscal years
 * known that day. Pure: lib/market/day-values.ts reads the inputs for every company.
 */

/** The values of a day, named as the screener fields they are. */
export const DAY_VALUE_COLUMNS = [
  "price", "return_1y", "daily_return_vol_1y_annualized", "daily_return_vol_5y_annualized", "dividendYieldTTM",
  "shares_outstanding", "marketCap_usd", "enterpriseValue_usd", "peRatio", "priceToSales", "priceToBook", "evToEbitda",
  ...PRICE_SIGNAL_COLUMNS,
] as const;
export type DayValueColumn = (typeof DAY_VALUE_COLUMNS)[number];
export type DayValues = Record<DayValueColumn, number | null>;

/** The market metrics of one company on a day (docs/METRICS.md "Market", "Price signals"). */
export type MarketMetrics = Pick<DayValues, "price" | "return_1y" | "daily_return_vol_1y_annualized" | "daily_return_vol_5y_annualized" | "dividendYieldTTM"> & PriceSignals;

export const NO_MARKET_METRICS: MarketMetrics = {
  price: null,
  return_1y: null,
  daily_return_vol_1y_annualized: null,
  daily_return_vol_5y_annualized: null,
  dividendYieldTTM: null,
  ...NO_PRICE_SIGNALS,
};

/** What the metrics read of the row a year before the day: the return, volatility, beta and dividends since. */
export const YEAR_AGO_MEMBERS = [...BETA_MEMBERS, "adjustedClose", "returnSquareSum", "dividendSum", "dividendsUnknown"] as const satisfies readonly (keyof PriceRow)[];
/** What the metrics read of the row five years before the day: the volatility since. */
export const FIVE_YEARS_AGO_MEMBERS = ["dayIndex", "returnSum", "returnSquareSum"] as const satisfies readonly (keyof PriceRow)[];

/**
 * The rows (daily_prices, lib/market/price-rows.ts) a day's market metrics read, each only for the
 * members named: the last on or before the day (all), a year and five years before it, and 20, 50
 * and 200 trading days before it.
 */
export interface Anchors {
  day: PriceRow | null;
  yearAgo: Pick<PriceRow, (typeof YEAR_AGO_MEMBERS)[number]> | null;
  fiveYearsAgo: Pick<PriceRow, (typeof FIVE_YEARS_AGO_MEMBERS)[number]> | null;
  back: Record<SmaDays, BackRow | null>;
}

/** The anchors besides the day's own row (which every value reads). */
export const EARLIER_ANCHORS = ["yearAgo", "fiveYearsAgo", "back20", "back50", "back200"] as const satisfies readonly ("yearAgo" | "fiveYearsAgo" | `back${SmaDays}`)[];
export type EarlierAnchor = (typeof EARLIER_ANCHORS)[number];

/** What a value reads: members of the day's own row, and the earlier anchors. */
export interface ColumnReads {
  day: readonly (keyof PriceRow)[];
  earlier: readonly EarlierAnchor[];
}

const SMA_READS = ["dayIndex", "adjustedCloseSum", "adjustedClose", "close"] as const;
const VOLATILITY_READS = ["dayIndex", "returnSum", "returnSquareSum"] as const;
const reads = (day: readonly (keyof PriceRow)[], ...earlier: EarlierAnchor[]): ColumnReads => ({ day, earlier });

/**
 * What each value reads (marketMetrics, priceSignals, valuation), so that a day computed for a few
 * columns reads only their rows and members (lib/market/day-values.ts): a screen on market cap and
 * P/E reads the day's closes alone. Every day reads DAY_ROW_BASE. The values of the columns not asked
 * for are then not to be read. Held true by a test that computes each column alone and compares it
 * with the whole day's.
 */
export const COLUMN_READS: Record<DayValueColumn, ColumnReads> = {
  price: reads([]),
  return_1y: reads(["adjustedClose"], "yearAgo"),
  daily_return_vol_1y_annualized: reads(VOLATILITY_READS, "yearAgo"),
  daily_return_vol_5y_annualized: reads(VOLATILITY_READS, "fiveYearsAgo"),
  dividendYieldTTM: reads(["dividendSum", "splitIndex", "dayIndex", "dividendsUnknown"], "yearAgo"),
  shares_outstanding: reads([]),
  marketCap_usd: reads([]),
  enterpriseValue_usd: reads([]),
  peRatio: reads([]),
  priceToSales: reads([]),
  priceToBook: reads([]),
  evToEbitda: reads([]),
  high_52w: reads(["dayIndex", "windowHigh", "splitIndex"]),
  low_52w: reads(["dayIndex", "windowLow", "splitIndex"]),
  from_high_52w: reads(["dayIndex", "windowHigh", "splitIndex"]),
  from_low_52w: reads(["dayIndex", "windowLow", "splitIndex"]),
  sma_20: reads(SMA_READS, "back20"),
  sma_50: reads(SMA_READS, "back50"),
  sma_200: reads(SMA_READS, "back200"),
  price_vs_sma_20: reads(SMA_READS, "back20"),
  price_vs_sma_50: reads(SMA_READS, "back50"),
  price_vs_sma_200: reads(SMA_READS, "back200"),
  rsi_14: reads(["dayIndex", "rsiGain", "rsiLoss"]),
  max_drawdown_1y: reads(["dayIndex", "windowDrawdown"]),
  dollar_volume_20d: reads(["dayIndex", "tradedValueSum"], `back${TRADED_VALUE_DAYS}`),
  beta_1y: reads(BETA_MEMBERS, "yearAgo"),
};

/** What every day reads of its own row: whether it is in the week to the day, and its close (the price). */
export const DAY_ROW_BASE = ["date", "close"] as const satisfies readonly (keyof PriceRow)[];

/** The share of a trailing year's days without dividend information above which its dividend yield is unknown. */
export const MAX_UNKNOWN_DIVIDEND_SHARE = 0.1;

/** The annualised sample volatility of the daily returns after `from` through `day`; null with fewer than `minReturns`. */
function volatility(day: PriceRow, from: Pick<PriceRow, (typeof FIVE_YEARS_AGO_MEMBERS)[number]>, minReturns: number): number | null {
  const n = day.dayIndex - from.dayIndex;
  if (n < minReturns) return null;
  const sum = day.returnSum - from.returnSum;
  const variance = Math.max(0, (day.returnSquareSum - from.returnSquareSum - (sum * sum) / n) / (n - 1));
  return Math.sqrt(variance) * Math.sqrt(252);
}

/**
 * Market metrics of trading day `date` from its anchors: a close in the week up to it, the total
 * return since the last close on or before a year earlier, the annualised sample volatility of the
 * daily returns after those anchors (at least 200 in the year, 1000 in five years), and the
 * dividends paid after a year ago restated to the day's shares, over the day's close (unknown when
 * more than a tenth of those days lack dividend information).
 */
export function marketMetrics({ day, yearAgo, fiveYearsAgo, back }: Anchors, date: string, weekBefore = shiftDays(date, -7)): MarketMetrics {
  if (day === null || day.date <= weekBefore) return NO_MARKET_METRICS;
  const paid = (day.dividendSum - (yearAgo?.dividendSum ?? 0)) / day.splitIndex;
  // Days whose dividend the source does not give count as none; past a tenth of the window the sum says too little.
  const windowDays = day.dayIndex - (yearAgo?.dayIndex ?? -1);
  const unknown = day.dividendsUnknown - (yearAgo?.dividendsUnknown ?? 0) > MAX_UNKNOWN_DIVIDEND_SHARE * windowDays;
  return {
    price: day.close,
    return_1y: yearAgo ? day.adjustedClose / yearAgo.adjustedClose - 1 : null,
    daily_return_vol_1y_annualized: volatility(day, yearAgo ?? NOTHING_SUMMED, MIN_RETURNS_1Y),
    daily_return_vol_5y_annualized: volatility(day, fiveYearsAgo ?? NOTHING_SUMMED, 1000),
    dividendYieldTTM: unknown ? null : paid / day.close,
    ...priceSignals({ day, yearAgo, back }),
  };
}

/** What valuation reads of the fiscal years known on the day (docs/METRICS.md "Market cap and valuation"). */
export const ValuationInputs = z.object({
  /** The latest fiscal year's share count, else the next latest that has one, on the day's share basis. */
  shares: z.number().nullable(),
  eps: z.number().nullable(),
  revenue: z.number().nullable(),
  totalEquity: z.number().nullable(),
  totalDebt: z.number().nullable(),
  cash: z.number().nullable(),
  ebit: z.number().nullable(),
  depreciation: z.number().nullable(),
});
export type ValuationInputs = z.output<typeof ValuationInputs>;

/** `a / b` when both exist and `b > 0`, else null (docs/METRICS.md: null when a denominator is not positive). */
export function ratio(a: number | null, b: number | null): number | null {
  return a === null || b === null || !(b > 0) ? null : a / b;
}

/** Market cap and valuation from a day's market metrics and the fiscal years known that day (null: none). */
export function valuation(market: MarketMetrics, fy: ValuationInputs | null): DayValues {
  const shares = fy?.shares ?? null;
  const marketCap = market.price !== null && shares !== null ? market.price * shares : null;
  const debt = fy?.totalDebt ?? null;
  const enterpriseValue = marketCap !== null && debt !== null && fy?.cash != null ? marketCap + debt - fy.cash : null;
  const ebitda = fy?.ebit != null && fy.depreciation !== null ? fy.ebit + fy.depreciation : null;
  // The spread comes last: in Node 20 an object literal that spreads first and then adds members
  // takes ~15 µs, a fifth of a day's values across the market.
  return {
    shares_outstanding: shares,
    marketCap_usd: marketCap,
    enterpriseValue_usd: enterpriseValue,
    peRatio: ratio(market.price, fy?.eps ?? null),
    priceToSales: ratio(marketCap, fy?.revenue ?? null),
    priceToBook: ratio(marketCap, fy?.totalEquity ?? null),
    evToEbitda: ratio(enterpriseValue, ebitda),
    ...market,
  };
}


/**
 * A share class's values (docs/METRICS.md "Share classes"): its own price, returns, volatility,
 * dividend yield and P/E (its price over the issuer's EPS); the issuer's share count, market cap
 * and the ratios built on it, those of its primary listing (none on a day the issuer has no values).
 */
export function classValues(own: DayValues, issuer: DayValues | undefined): DayValues {
  return {
    ...own,
    shares_outstanding: issuer?.shares_outstanding ?? null,
    marketCap_usd: issuer?.marketCap_usd ?? null,
    enterpriseValue_usd: issuer?.enterpriseValue_usd ?? null,
    priceToSales: issuer?.priceToSales ?? null,
    priceToBook: issuer?.priceToBook ?? null,
    evToEbitda: issuer?.evToEbitda ?? null,
  };
}
