/**
 * Data tests: values in the built database re-derived independently from the bundled raw files
 * (own parsing and arithmetic, following METRICS.md word for word), plus invariants.
 * Needs the database (`npm run ingest`).
 */
import { readFileSync } from "node:fs";
import { brotliDecompressSync } from "node:zlib";
import Database from "better-sqlite3";
import { parse } from "csv-parse/sync";
import { beforeAll, describe, expect, it } from "vitest";
import { env } from "@/lib/env";

const D = "2016-12-31";
let db: Database.Database;
let priceLines: string[];
let fundamentals: Record<string, string>[];

const raw = (file: string) => brotliDecompressSync(readFileSync(`${env().DATA_DIR}/${file}`)).toString("utf8");

beforeAll(() => {
  db = new Database(env().DATABASE_PATH, { readonly: true });
  priceLines = raw("prices/daily-2011-2016.csv.br").split("\n");
  fundamentals = parse(raw("kaggle/fundamentals.csv.br"), { columns: true });
});

interface Day {
  date: string;
  close: number;
  adj: number;
  dividend: number;
  split: number;
}

function days(ticker: string): Day[] {
  return priceLines
    .filter((line) => line.startsWith(`${ticker},`))
    .map((line) => {
      const [, date, close, adj, , dividend, split] = line.split(",");
      return { date: date!, close: Number(close), adj: Number(adj), dividend: Number(dividend), split: Number(split) };
    })
    .sort((a, b) => a.date.localeCompare(b.date));
}

function stdev(values: number[]) {
  const mean = values.reduce((a, b) => a + b, 0) / values.length;
  return Math.sqrt(values.reduce((a, b) => a + (b - mean) ** 2, 0) / (values.length - 1));
}

/** METRICS.md market metrics, computed the plain way. */
function marketMetrics(ticker: string) {
  const series = days(ticker);
  const upToD = series.filter((d) => d.date <= D);
  const last = upToD.at(-1)!;
  const yearAgo = upToD.filter((d) => d.date <= "2015-12-31").at(-1)!;
  const returnsSince = (from: string) => {
    const out: number[] = [];
    for (let i = 1; i < upToD.length; i++) if (upToD[i]!.date > from) out.push(upToD[i]!.adj / upToD[i - 1]!.adj - 1);
    return out;
  };
  const splitsAfter = (date: string) => upToD.filter((d) => d.date > date).reduce((p, d) => p * d.split, 1);
  const dividends = upToD.filter((d) => d.date > "2015-12-31").reduce((sum, d) => sum + d.dividend / splitsAfter(d.date), 0);
  return {
    price: last.close,
    return_1y: last.adj / yearAgo.adj - 1,
    vol1y: stdev(returnsSince("2015-12-31")) * Math.sqrt(252),
    vol5y: stdev(returnsSince("2011-12-31")) * Math.sqrt(252),
    dividendYield: dividends / last.close,
    splitsAfter,
  };
}

/** Kaggle rows of a ticker with METRICS.md fiscal-year labels (a repeated label is the next year). */
function fiscalYears(ticker: string) {
  const rows = fundamentals
    .filter((r) => r["Ticker Symbol"] === ticker)
    .map((row) => {
      const [dd, mm, yy] = row["Period Ending"]!.split("-");
      return { row, periodEnd: `20${yy}-${mm}-${dd}`, year: Number(row["For Year"]) };
    })
    .sort((a, b) => a.periodEnd.localeCompare(b.periodEnd));
  for (let i = 1; i < rows.length; i++) if (rows[i]!.year === rows[i - 1]!.year) rows[i]!.year += 1;
  return rows.filter((r) => r.periodEnd <= D);
}

const n = (row: Record<string, string>, column: string) => Number(row[column]);

function roic(row: Record<string, string>) {
  const ebt = n(row, "Earnings Before Tax");
  const tax = ebt > 0 ? Math.min(1, Math.max(0, n(row, "Income Tax") / ebt)) : 0;
  const ic =
    n(row, "Total Equity") + n(row, "Long-Term Debt") + n(row, "Short-Term Debt / Current Portion of Long-Term Debt") - n(row, "Cash and Cash Equivalents");
  return ic > 0 ? (n(row, "Earnings Before Interest and Tax") * (1 - tax)) / ic : null;
}

const company = (symbol: string) =>
  db.prepare("SELECT c.* FROM companies c JOIN company_symbols s ON s.company_id = c.id WHERE s.symbol = ? AND c.in_sp500 = 1").get(symbol) as Record<
    string,
    number | string | null
  >;
const fiscal = (id: number, offset: number) =>
  db.prepare("SELECT * FROM fiscal_years WHERE company_id = ? AND fy_offset = ?").get(id, offset) as Record<string, number | string | null>;

describe("market metrics match METRICS.md re-derived from the raw price file", () => {
  for (const ticker of ["MSFT", "JPM", "XOM", "KO", "ICE", "AAPL", "CHD"]) {
    it(ticker, () => {
      const expected = marketMetrics(ticker);
      const c = company(ticker);
      expect(c.price).toBeCloseTo(expected.price, 8);
      expect(c.return_1y).toBeCloseTo(expected.return_1y, 10);
      expect(c.daily_return_vol_1y_annualized).toBeCloseTo(expected.vol1y, 10);
      expect(c.daily_return_vol_5y_annualized).toBeCloseTo(expected.vol5y, 10);
      expect(c.dividendYieldTTM).toBeCloseTo(expected.dividendYield, 10);
    });
  }
});

describe("fundamentals, market cap and valuation match METRICS.md re-derived from the Kaggle file", () => {
  for (const ticker of ["MSFT", "JPM", "XOM", "KO", "WMT", "BBY", "ANTM"]) {
    it(ticker, () => {
      const years = fiscalYears(ticker);
      const fy0 = years.at(-1)!;
      const market = marketMetrics(ticker === "ANTM" ? "ANTM" : ticker);
      const c = company(ticker);
      const row0 = fiscal(c.id as number, 0);
      expect(row0.fiscal_year).toBe(fy0.year);
      expect(row0.revenue).toBe(n(fy0.row, "Total Revenue"));
      expect(row0.grossMargin).toBeCloseTo(n(fy0.row, "Gross Profit") / n(fy0.row, "Total Revenue"), 12);
      expect(row0.netMargin).toBeCloseTo(n(fy0.row, "Net Income") / n(fy0.row, "Total Revenue"), 12);
      const expectedRoic = roic(fy0.row);
      if (expectedRoic === null) expect(row0.returnOnInvestedCapital).toBeNull();
      else expect(row0.returnOnInvestedCapital).toBeCloseTo(expectedRoic, 12);
      // Market cap: shares of the latest fiscal year reporting them, restated to the as-of share basis.
      const withShares = [...years].reverse().find((fy) => fy.row["Estimated Shares Outstanding"] !== "")!;
      const shares = n(withShares.row, "Estimated Shares Outstanding") * market.splitsAfter(withShares.periodEnd);
      expect(c.marketCap_usd).toBeCloseTo(market.price * shares, 2);
      const eps = fy0.row["Earnings Per Share"] === "" ? null : n(fy0.row, "Earnings Per Share") / market.splitsAfter(fy0.periodEnd);
      if (eps === null || eps <= 0) expect(c.peRatio).toBeNull();
      else expect(c.peRatio).toBeCloseTo(market.price / eps, 10);
      expect(c.priceToSales).toBeCloseTo((market.price * shares) / n(fy0.row, "Total Revenue"), 10);
      // A 3-year revenue multiple, where offset 3 exists.
      const fy3 = years.find((fy) => fy.year === fy0.year - 3);
      const row3 = fiscal(c.id as number, 3);
      if (fy3) expect(row3.revenue).toBe(n(fy3.row, "Total Revenue"));
      else expect(row3).toBeUndefined();
    });
  }
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
  });

  it("has a unique full_ticker and a name for every company", () => {
    expect(db.prepare("SELECT count(*) - count(DISTINCT full_ticker) FROM companies").pluck().get()).toBe(0);
    expect(db.prepare("SELECT count(*) FROM companies WHERE trim(companyName) = ''").pluck().get()).toBe(0);
    expect(db.prepare("SELECT count(*) FROM companies WHERE full_ticker NOT GLOB '[A-Z]*:?*'").pluck().get()).toBe(0);
  });

  it("has every ticker of the price file, searchable by the symbol the file uses", () => {
    const tickers = new Set(priceLines.slice(1).map((line) => line.split(",")[0]!).filter(Boolean));
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
  });

  it("uses one spelling per country, currency and sector", () => {
    for (const column of ["country", "currency", "sector", "industry"]) {
      const values = db.prepare(`SELECT DISTINCT ${column} FROM companies WHERE ${column} IS NOT NULL`).pluck().all() as string[];
      const folded = new Set(values.map((v) => v.toLowerCase().replace(/[^a-z]/g, "")));
      expect(folded.size, column).toBe(values.length);
      expect(values.every((v) => v === v.trim())).toBe(true);
    }
    expect(db.prepare("SELECT count(*) FROM companies WHERE currency IN ('ILA', 'ZAC', 'GBp')").pluck().get()).toBe(0);
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
    expect(fiscal(apple.id as number, 0).revenue).toBe(215_639_000_000);
    const diff = db
      .prepare("SELECT kaggle_value, sec_value FROM fundamentals_differences WHERE company_id = ? AND fiscal_year = 2016 AND metric = 'revenue'")
      .get(apple.id) as { kaggle_value: number; sec_value: number };
    expect(diff).toEqual({ kaggle_value: 216_000_000_000, sec_value: 215_639_000_000 });
  });
});
