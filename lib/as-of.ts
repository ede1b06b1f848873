/**
 * The default as-of date of all market and fundamental values (docs/METRICS.md, "The as-of date"):
 * the first month end at which every fiscal year 2016 that ended in calendar 2016 is public
 * (period end + 90 days, or its 10-K's filed date), measured in docs/METRICS.md ("Choosing the
 * default `D`").
 */
export const AS_OF_DATE = "2017-03-31";

/**
 * The first date of the as-of range of point-in-time screens (docs/METRICS.md "Values as of any
 * date"): the first year end with a year of prices behind it and the first bundled fiscal years
 * public. The range ends on the last trading day of the price file.
 */
export const AS_OF_RANGE_START = "2012-12-31";

/** The vintages of today's labels and profiles (names, classifications, descriptions; data/SOURCES.md). */
export const CURRENT_SOURCES = { sp500: "S&P 500 list, 2026-08", financeDatabase: "FinanceDatabase, 2026-08" } as const;
