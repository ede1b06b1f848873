/**
 * Data tests of point-in-time values: a screen as of 2014-12-31 (v2 `as_of`) re-derived from the
 * bundled raw files (price CSV, Kaggle fundamentals, SEC companyfacts) following docs/METRICS.md with
 * D = that date, and the stored tables checked against the rule "no price and no fiscal year public
 * after D" on every date. Needs the database (`npm run ingest`).
 */
import { describe, expect, it } from "vitest";
import { ensureDayValues } from "@/lib/market/day-values";
import { AdvancedScreenRequestV2 } from "@/lib/screener/request-schema";
import type { RowsResponse } from "@/lib/screener/response-schema";
import { runScreen } from "@/lib/screener/service";
import {
  builtDb,
  cell,
  company,
  days,
  expectClose,
  fiscalYears,
  marketMetrics,
  perPositive,
  n,
  secFacts,
  secPublicDate,
} from "@/test/support/ingest/raw-files";

const AS_OF = "2014-12-31";

/** Kaggle-sourced companies with prices (2016 fundamentals tickers); the comments say what each exercises. */
const KAGGLE = [
  "MSFT", "XOM", "KO", "JPM", // a bank: gross profit is revenue
  "WMT", // fiscal years ending in January: FY2014 ended 2015-01-31, not public yet
  "PM", "ANTM", "EIX", "RCL", "CHD", "LNT", "BBY", "IBM", "PFE", "CVX",
  "CF", // its 5:1 split (2015-06-18) is after the date: no restatement yet
  "UNP", // 2:1 split on 2014-06-09, after FY2013's period end: shares × 2, EPS / 2
  "MA", // 10:1 split on 2014-01-22
  "EOG", // 2:1 split on 2014-04-01
  "PCLN", // prices under BKNG
] as const;

const FIELDS = [
  "full_ticker", "price", "return_1y", "daily_return_vol_1y_annualized", "daily_return_vol_5y_annualized", "dividendYieldTTM",
  "marketCap_usd", "peRatio", "fiscal_year", "revenue",
];

/** Every priced company's row as of `asOf`, by full_ticker. */
function screenAsOf(asOf: string) {
  const request = AdvancedScreenRequestV2.parse({ filters: { price: { min: 0 } }, fields: FIELDS, page: { limit: 1000 }, as_of: asOf });
  const response = runScreen(request) as RowsResponse;
  expect(response.rows.length).toBe(response.total);
  return { asOf: response.as_of, rows: new Map(response.rows.map((row) => [String(row.full_ticker), row])) };
}

/** docs/METRICS.md values as of AS_OF of a Kaggle company, from the raw files. */
function expectedKaggle(ticker: string, priceTicker: string) {
  const years = fiscalYears(ticker, AS_OF);
  const fy0 = years.at(-1)!;
  const market = marketMetrics(priceTicker, AS_OF);
  const withShares = [...years].reverse().find((fy) => cell(fy.row, "Estimated Shares Outstanding") !== null);
  const shares = withShares ? n(withShares.row, "Estimated Shares Outstanding") * market.splitsAfter(withShares.periodEnd) : null;
  const eps = cell(fy0.row, "Earnings Per Share");
  return {
    price: market.price,
    return_1y: market.return_1y,
    daily_return_vol_1y_annualized: market.vol1y,
    daily_return_vol_5y_annualized: market.vol5y,
    dividendYieldTTM: market.dividendYield,
    marketCap_usd: market.price !== null && shares !== null ? market.price * shares : null,
    peRatio: perPositive(market.price, eps === null ? null : eps / market.splitsAfter(fy0.periodEnd)),
    fiscal_year: fy0.year,
    revenue: n(fy0.row, "Total Revenue"),
  };
}

describe(`values as of ${AS_OF} re-derived from the raw files`, () => {
  const { asOf, rows } = screenAsOf(AS_OF);

  it("the date is a trading day and the screen reads it", () => {
    expect(asOf).toBe(AS_OF);
    expect(days("MSFT").some((d) => d.date === AS_OF)).toBe(true);
  });

  it("the cases exercise what they were picked for", () => {
    expect(fiscalYears("WMT", AS_OF).at(-1)!.periodEnd).toBe("2014-01-31");
    const splits = (ticker: string) => days(ticker).filter((d) => d.split !== 1 && d.date <= AS_OF && d.date > "2013-12-31").map((d) => [d.date, d.split]);
    expect(splits("UNP")).toEqual([["2014-06-09", 2]]);
    expect(splits("MA")).toEqual([["2014-01-22", 10]]);
    expect(splits("EOG")).toEqual([["2014-04-01", 2]]);
    expect(days("CF").find((d) => d.split !== 1)!.date > AS_OF).toBe(true);
    expect(fiscalYears("UNP", AS_OF).at(-1)!.periodEnd).toBe("2013-12-31");
  });

  for (const ticker of KAGGLE) {
    it(ticker, () => {
      const c = company(ticker);
      const row = rows.get(String(c.full_ticker));
      expect(row, `${ticker} is priced as of ${AS_OF}`).toBeDefined();
      const expected = expectedKaggle(ticker, String(c.price_ticker));
      expect(expected.marketCap_usd, "market cap re-derived").not.toBeNull();
      for (const [field, value] of Object.entries(expected)) expectClose(row![field], value, `${ticker} ${field}`);
    });
  }

  it("an SEC company (AAPL, 7:1 split on 2014-06-09): market values, and FY2014 public on its 10-K's filed date", () => {
    const row = rows.get(String(company("AAPL").full_ticker))!;
    const market = marketMetrics("AAPL", AS_OF);
    expectClose(row.price, market.price, "price");
    expectClose(row.return_1y, market.return_1y, "return_1y");
    expectClose(row.daily_return_vol_1y_annualized, market.vol1y, "vol 1y");
    expectClose(row.daily_return_vol_5y_annualized, market.vol5y, "vol 5y");
    // Dividends before the split are restated to the share basis of the date.
    expectClose(row.dividendYieldTTM, market.dividendYield, "dividend yield");
    expect(market.splitsAfter("2014-01-01")).toBeCloseTo(7, 4);
    const apple = secFacts("0000320193");
    expect(secPublicDate(apple, "2014-09-27")).toBe("2014-10-27");
    expect(row.fiscal_year).toBe(2014);
    const revenue = Object.values(apple.facts["us-gaap"]!.SalesRevenueNet!.units)
      .flat()
      .filter((f) => f.form === "10-K" && f.end === "2014-09-27" && f.filed <= AS_OF && f.start !== undefined && Date.parse(f.end) - Date.parse(f.start) > 340 * 86_400_000)
      .sort((a, b) => a.filed.localeCompare(b.filed))
      .at(-1)!.val;
    expectClose(row.revenue, revenue, "revenue");
  });

  it("a Saturday reads the Friday before it: D is that trading day (its year-ago date too)", () => {
    const saturday = screenAsOf("2014-12-27");
    expect(new Date("2014-12-27T00:00:00Z").getUTCDay()).toBe(6);
    expect(saturday.asOf).toBe("2014-12-26");
    for (const ticker of ["MSFT", "XOM", "UNP"]) {
      const friday = days(ticker).find((d) => d.date === "2014-12-26")!;
      const row = saturday.rows.get(String(company(ticker).full_ticker))!;
      expect(row.price, ticker).toBe(friday.close);
      expectClose(row.return_1y, marketMetrics(ticker, "2014-12-26").return_1y, `${ticker} return_1y`);
    }
  });
});

describe("every stored row obeys the public-date and price rules", () => {
  const db = builtDb();
  const count = (sql: string) => db.prepare(sql).pluck().get() as number;

  it("no fiscal_year_versions row valid on a date holds a fiscal year public after it", () => {
    expect(count("SELECT count(*) FROM fiscal_year_versions WHERE public_date > valid_from")).toBe(0);
    expect(count("SELECT count(*) FROM fiscal_year_versions")).toBeGreaterThan(0);
  });

  /** Trading days spread over the range, with the ends of the histories the cases below pick. */
  const sampleDays = () =>
    db
      .prepare(`SELECT date FROM (SELECT date, row_number() OVER (ORDER BY date) AS n FROM trading_days)
       WHERE n % 60 = 0 OR date BETWEEN '2017-01-25' AND '2017-02-08' OR date >= '2021-04-12' OR date IN ('2012-12-31', '2014-06-09')`)
      .pluck()
      .all() as string[];

  it("every day's values read the version in force on their date", () => {
    for (const date of sampleDays()) {
      const bad = count(
        `SELECT count(*) FROM ${ensureDayValues(db, date)} s WHERE s.fy_from IS NOT NULL AND NOT EXISTS (
           SELECT 1 FROM fiscal_year_versions f WHERE f.company_id = s.company_id AND f.valid_from = s.fy_from AND f.fy_offset = 0
             AND f.valid_from <= '${date}' AND f.valid_to > '${date}')`,
      );
      expect(bad, date).toBe(0);
    }
  }, 240_000);

  it("no day's price differs from the last close on or before its date, within the week", () => {
    const sample = db
      .prepare("SELECT date FROM trading_days WHERE date IN ('2012-12-31', '2013-12-31', '2014-12-31', '2016-06-30', '2018-09-28', '2020-12-31', '2021-04-21')")
      .pluck()
      .all() as string[];
    expect(sample).toHaveLength(7);
    for (const date of sample) {
      const mismatches = count(
        `SELECT count(*) FROM ${ensureDayValues(db, date)} s WHERE s.price IS NOT
           (SELECT p.close FROM daily_prices p WHERE p.company_id = s.company_id AND p.date <= '${date}' AND p.date > date('${date}', '-7 days') ORDER BY p.date DESC LIMIT 1)`,
      );
      expect(mismatches, date).toBe(0);
    }
  });

  it("on trading days across the range, a day's price is the raw file's last close on or before it (within the week), never a later one", () => {
    const dates = sampleDays();
    // A listing inside the range (DXC, 2017-02-01), a history that stops early (VAR, 2021-04-16), splits (AAPL, UNP).
    const tickers = ["MSFT", "AAPL", "UNP", "DXC", "VAR"];
    const prices = new Map(tickers.map((ticker) => [ticker, new Map<string, unknown>()]));
    for (const date of dates) {
      const price = db.prepare(`SELECT s.price FROM ${ensureDayValues(db, date)} s JOIN companies c ON c.id = s.company_id WHERE c.price_ticker = ?`).pluck();
      for (const ticker of tickers) prices.get(ticker)!.set(date, price.get(ticker));
    }
    for (const ticker of tickers) {
      const history = days(ticker);
      const stored = prices.get(ticker)!;
      let i = -1;
      const mismatches = dates.flatMap((date) => {
        while (i + 1 < history.length && history[i + 1]!.date <= date) i++;
        const weekBefore = new Date(Date.parse(`${date}T00:00:00Z`) - 7 * 86_400_000).toISOString().slice(0, 10);
        const expected = i >= 0 && history[i]!.date > weekBefore ? history[i]!.close : null;
        return (stored.get(date) ?? null) === expected ? [] : [`${date}: ${stored.get(date)} vs ${expected}`];
      });
      expect(mismatches, ticker).toEqual([]);
    }
  }, 240_000);
});
