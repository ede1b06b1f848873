import type { PriceDay } from "@/lib/market/price-rows";
import { type FiscalYearInputs, type FiscalYearRatios, type FiscalYearValues, deriveRatios } from "./fiscal-years";
import { splitFactorAfter } from "./prices";

/** A fiscal year as stored: inputs restated to the as-of share basis, ratios, and its offset. */
export type FiscalYearRow = FiscalYearValues & FiscalYearRatios & { offset: number };

/**
 * Eligible fiscal years (public on or before the as-of date: docs/METRICS.md, "Public date") with
 * offsets from the latest one; a fiscal year absent from the data stays absent. Per-share values
 * and share counts are restated to the share basis of the as-of date with the price file's split
 * coefficients. Pure: the same inputs give the rows as of any date.
 */
export function fiscalYearRows(years: readonly FiscalYearInputs[], prices: readonly PriceDay[] | undefined, asOf: string): FiscalYearRow[] {
  const eligible = years.filter((fy) => fy.publicDate <= asOf);
  if (eligible.length === 0) return [];
  const latest = Math.max(...eligible.map((fy) => fy.fiscalYear));
  return eligible
    .map(({ epsBasisDate, sharesBasisDate, ...fy }) => {
      // Not stored: the basis dates only say which splits the values still need.
      const splits = (basisDate: string) => (prices ? splitFactorAfter(prices, basisDate, asOf) : 1);
      const restated: FiscalYearValues = {
        ...fy,
        eps: fy.eps === null ? null : fy.eps / splits(epsBasisDate),
        sharesOutstanding: fy.sharesOutstanding === null ? null : fy.sharesOutstanding * splits(sharesBasisDate),
      };
      return { ...restated, ...deriveRatios(restated), offset: latest - fy.fiscalYear };
    })
    .sort((a, b) => a.offset - b.offset);
}
