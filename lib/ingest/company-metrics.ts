import { type FiscalYearInputs, type FiscalYearRatios, type FiscalYearValues, deriveRatios, ratio, totalDebt } from "./fiscal-years";
import { type MarketMetrics, NO_MARKET_METRICS, type PriceDay, computeMarketMetrics, splitFactorAfter } from "./prices";

/** A fiscal year as stored: inputs restated to the as-of share basis, ratios, and its offset. */
export type FiscalYearRow = FiscalYearValues & FiscalYearRatios & { offset: number };

export interface SnapshotValues extends MarketMetrics {
  shares_outstanding: number | null;
  marketCap_usd: number | null;
  enterpriseValue_usd: number | null;
  peRatio: number | null;
  priceToSales: number | null;
  priceToBook: number | null;
  evToEbitda: number | null;
}

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

/**
 * Market metrics, market cap and valuation (docs/METRICS.md, "Market cap and valuation") from prices
 * (only days up to `asOf` are read) and the eligible, restated fiscal years of `fiscalYearRows`.
 */
export function snapshotValues(prices: readonly PriceDay[] | undefined, years: readonly FiscalYearRow[], asOf: string): SnapshotValues {
  return valuation(prices ? computeMarketMetrics(prices, asOf) : NO_MARKET_METRICS, years);
}

/** Market cap and valuation from one date's market metrics and the fiscal years eligible on it. */
export function valuation(market: MarketMetrics, years: readonly FiscalYearRow[]): SnapshotValues {
  const fy0 = years.find((fy) => fy.offset === 0);
  const shares = years.find((fy) => fy.sharesOutstanding !== null)?.sharesOutstanding ?? null;
  const marketCap = market.price !== null && shares !== null ? market.price * shares : null;
  const debt = fy0 ? totalDebt(fy0) : null;
  const enterpriseValue = marketCap !== null && debt !== null && fy0?.cash != null ? marketCap + debt - fy0.cash : null;
  const ebitda = fy0?.ebit != null && fy0.depreciation !== null ? fy0.ebit + fy0.depreciation : null;
  // Written out, not spread: this runs for every company and trading day of the as-of range.
  return {
    price: market.price,
    return_1y: market.return_1y,
    daily_return_vol_1y_annualized: market.daily_return_vol_1y_annualized,
    daily_return_vol_5y_annualized: market.daily_return_vol_5y_annualized,
    dividendYieldTTM: market.dividendYieldTTM,
    shares_outstanding: shares,
    marketCap_usd: marketCap,
    enterpriseValue_usd: enterpriseValue,
    peRatio: ratio(market.price, fy0?.eps ?? null),
    priceToSales: ratio(marketCap, fy0?.revenue ?? null),
    priceToBook: ratio(marketCap, fy0?.totalEquity ?? null),
    evToEbitda: ratio(enterpriseValue, ebitda),
  };
}
