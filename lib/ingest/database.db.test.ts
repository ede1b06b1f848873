/**
 * Data tests: invariants and coverage of the built database (values re-derived from the raw files
 * are in derived-metrics.db.test.ts). Needs the database (`npm run ingest`).
 */
import { beforeAll, describe, expect, it } from "vitest";
import { builtDb, company, fiscal, priceTickers } from "@/test/support/ingest/raw-files";

let db: ReturnType<typeof builtDb>;

beforeAll(() => {
  db = builtDb();
});

describe("invariants", () => {
  it("meets the coverage the product promises", () => {
    const count = (sql: string) => db.prepare(sql).pluck().get() as number;
    expect(count("SELECT count(*) FROM companies")).toBeGreaterThanOrEqual(30_000);
    expect(count("SELECT count(DISTINCT country) FROM companies")).toBeGreaterThanOrEqual(80);
    expect(
      count("SELECT count(*) FROM companies WHERE price IS NOT NULL AND return_1y IS NOT NULL AND daily_return_vol_1y_annualized IS NOT NULL"),
    ).toBeGreaterThanOrEqual(480);
    expect(count("SELECT count(*) FROM companies WHERE marketCap_usd IS NOT NULL")).toBeGreaterThanOrEqual(340);
    expect(count("SELECT count(*) FROM companies WHERE has_fundamentals = 1")).toBeGreaterThanOrEqual(440);
    expect(count("SELECT count(*) FROM filings WHERE company_id IS NOT NULL")).toBeGreaterThanOrEqual(370);
    expect(count("SELECT count(DISTINCT company_id) FROM filings")).toBeGreaterThanOrEqual(40);
  });

  it("has a unique full_ticker and a name for every company", () => {
    expect(db.prepare("SELECT count(*) - count(DISTINCT full_ticker) FROM companies").pluck().get()).toBe(0);
    expect(db.prepare("SELECT count(*) FROM companies WHERE trim(companyName) = ''").pluck().get()).toBe(0);
    expect(db.prepare("SELECT count(*) FROM companies WHERE full_ticker NOT GLOB '[A-Z]*:?*'").pluck().get()).toBe(0);
  });

  it("has every ticker of the price file, searchable by the symbol the file uses", () => {
    const tickers = new Set(priceTickers());
    const missing = [...tickers].filter((t) => db.prepare("SELECT 1 FROM company_symbols WHERE symbol = ?").get(t) === undefined);
    expect(missing).toEqual([]);
    expect(tickers.size).toBeGreaterThan(480);
  });

  it("joins renamed companies by CIK and keeps former symbols searchable", () => {
    for (const [former, current] of [["PCLN", "BKNG"], ["BBT", "TFC"], ["HCN", "WELL"], ["TMK", "GL"], ["SYMC", "GEN"], ["CBG", "CBRE"], ["UTX", "RTX"]]) {
      const ids = db
        .prepare("SELECT s.company_id FROM company_symbols s JOIN companies c ON c.id = s.company_id WHERE s.symbol IN (?, ?) AND c.in_sp500 = 1")
        .pluck()
        .all(former, current);
      expect(new Set(ids).size, `${former}/${current}`).toBe(1);
    }
    expect(company("PCLN").has_fundamentals).toBe(1);
    expect(company("BKNG").price).not.toBeNull();
  });

  it("keeps share classes apart and drops secondary listings", () => {
    expect(company("GOOG").full_ticker).toBe("NASDAQ:GOOG");
    expect(company("GOOGL").full_ticker).toBe("NASDAQ:GOOGL");
    const apple = db.prepare("SELECT count(*) FROM companies WHERE companyName LIKE 'Apple Inc%'").pluck().get();
    expect(apple).toBe(1);
    // Interpublic's Berlin line carries the ISIN of its NYSE listing: one security, one row.
    expect(db.prepare("SELECT full_ticker FROM companies WHERE isin = 'US4606901001'").pluck().all()).toEqual(["NYSE:IPG"]);
  });

  it("keeps former index members that are delisted only when a data set covers them", () => {
    const bare = db
      .prepare("SELECT full_ticker FROM companies WHERE listing_status = 'delisted' AND has_profile = 0 AND has_prices = 0 AND has_fundamentals = 0 AND has_filings = 0")
      .pluck()
      .all();
    expect(bare).toEqual([]);
    // Kept: delisted since 2016, still in the snapshot with its data (no survivorship bias).
    expect(company("ATVI").listing_status).toBe("delisted");
    expect(company("ATVI").has_prices).toBe(1);
  });

  it("uses one spelling per country, currency and sector", () => {
    for (const column of ["country", "currency", "sector", "industry"]) {
      const values = db.prepare(`SELECT DISTINCT ${column} FROM companies WHERE ${column} IS NOT NULL`).pluck().all() as string[];
      const folded = new Set(values.map((v) => v.toLowerCase().replace(/[^a-z]/g, "")));
      expect(folded.size, column).toBe(values.length);
      expect(values.every((v) => v === v.trim())).toBe(true);
    }
    expect(db.prepare("SELECT count(*) FROM companies WHERE currency IN ('ILA', 'ZAC', 'GBp')").pluck().get()).toBe(0);
    // The sector column follows the GICS structure of 2016 (docs/METRICS.md): the 2016 list's
    // "Telecommunications Services" is written as GICS writes it, and the 2018 sector is absent.
    expect(db.prepare("SELECT count(*) FROM companies WHERE sector IN ('Telecommunications Services', 'Communication Services')").pluck().get()).toBe(0);
    expect(db.prepare("SELECT count(*) FROM companies WHERE sector = 'Telecommunication Services' AND in_sp500 = 1").pluck().get()).toBeGreaterThan(0);
  });

  it("gives S&P 500 members the currency of their US listing, not of the cross-listing that lent the profile", () => {
    // NASDAQ Global Select names take their profile from a listing abroad (a CEDEAR in pesos, a
    // Frankfurt line in euros); they still trade in dollars.
    expect(company("AAPL").currency).toBe("USD");
    expect(company("AMZN").currency).toBe("USD");
    const other = db.prepare("SELECT full_ticker FROM companies WHERE in_sp500 = 1 AND currency IS NOT 'USD'").pluck().all();
    expect(other).toEqual([]);
  });

  it("prefers SEC companyfacts where they exist and reports where they differ from Kaggle", () => {
    const apple = company("AAPL");
    expect(apple.fundamentals_source).toBe("sec");
    // Ten fiscal years (2007-2016) from companyfacts instead of Kaggle's four.
    expect(db.prepare("SELECT count(*) FROM fiscal_years WHERE company_id = ?").pluck().get(apple.id)).toBe(10);
    // Kaggle writes Apple's FY2016 revenue with three significant digits (2.16E+11); companyfacts has it exactly.
    expect(fiscal(apple.id as number, 0)?.revenue).toBe(215_639_000_000);
    const diff = db
      .prepare("SELECT kaggle_value, sec_value FROM fundamentals_differences WHERE company_id = ? AND fiscal_year = 2016 AND metric = 'revenue'")
      .get(apple.id) as { kaggle_value: number; sec_value: number };
    expect(diff).toEqual({ kaggle_value: 216_000_000_000, sec_value: 215_639_000_000 });
  });
});
