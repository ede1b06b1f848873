import { describe, expect, it } from "vitest";
import { type DayValues, classValues } from "./market-metrics";
import { NO_PRICE_SIGNALS } from "./price-signals";

describe("classValues", () => {
  const values = (price: number, marketCap: number | null): DayValues => ({
    price,
    return_1y: price / 100,
    daily_return_vol_1y_annualized: 0.2,
    daily_return_vol_5y_annualized: 0.25,
    dividendYieldTTM: 0,
    shares_outstanding: marketCap === null ? null : marketCap / price,
    marketCap_usd: marketCap,
    enterpriseValue_usd: marketCap,
    peRatio: price / 10,
    priceToSales: marketCap === null ? null : marketCap / 1e9,
    priceToBook: null,
    evToEbitda: null,
    ...NO_PRICE_SIGNALS,
    rsi_14: price / 2,
  });

  it("keeps the class's market values and P/E and takes the issuer's market cap and the ratios built on it", () => {
    const own = values(829.56, 573e9);
    const issuer = values(847.8, 586e9);
    expect(classValues(own, issuer)).toEqual({
      ...own,
      shares_outstanding: issuer.shares_outstanding,
      marketCap_usd: 586e9,
      enterpriseValue_usd: 586e9,
      priceToSales: issuer.priceToSales,
    });
  });

  it("has no company values on a day the issuer has none", () => {
    const own = values(10, 1e9);
    expect(classValues(own, undefined)).toMatchObject({ price: 10, peRatio: 1, marketCap_usd: null, shares_outstanding: null, priceToSales: null });
  });
});
