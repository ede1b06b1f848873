/**
 * Data tests, continued: valuation, ratios, growth and the null rules re-derived from the bundled raw
 * files following docs/METRICS.md word for word (test/support/ingest/raw-files.ts), compared with the
 * built database and with what the screener returns. Needs the database (`npm run ingest`).
 */
import { describe, expect, it } from "vitest";
import { fiscalYearRows } from "@/lib/ingest/company-metrics";
import { type CompanyFacts, fiscalYearsFromCompanyFacts } from "@/lib/ingest/companyfacts";
import { parseKaggleFundamentals } from "@/lib/ingest/kaggle-fundamentals";
import { AdvancedScreenRequest } from "@/lib/screener/request-schema";
import type { RowsResponse } from "@/lib/screener/response-schema";
import { runScreen } from "@/lib/screener/service";
import {
  builtDb,
  cell,
  closeEnough,
  company,
  D,
  days,
  expectClose,
  fiscal,
  type FiscalYear,
  fiscalYears,
  kagglePublicDate,
  marketMetrics,
  n,
  perPositive,
  priceTickers,
  primaryClass,
  raw,
  rawCsv,
  roic,
  secFacts,
  secPublicDate,
} from "@/test/support/ingest/raw-files";

/** Kaggle-sourced companies: 2016 fundamentals ticker, and its ticker in the (2021) price file. */
const CASES = [
  { ticker: "MSFT", prices: "MSFT" },
  { ticker: "XOM", prices: "XOM" },
  { ticker: "KO", prices: "KO" },
  { ticker: "WMT", prices: "WMT" }, // fiscal years ending in January
  { ticker: "JPM", prices: "JPM" }, // a bank: gross profit is revenue, cells with three significant digits
  { ticker: "PM", prices: "PM" }, // negative equity; FY2016 (public on D itself) lacks EPS and shares (shares fall back to FY2015)
  { ticker: "ANTM", prices: "ANTM" }, // two FY2013 labels
  { ticker: "EIX", prices: "EIX" }, // two FY2012 labels, a loss in FY2012
  { ticker: "RCL", prices: "RCL" }, // two FY2014 labels
  { ticker: "PCLN", prices: "BKNG" }, // renamed (Booking Holdings), joined by CIK
  { ticker: "CHD", prices: "CHD" }, // 2:1 split after the FY2015 period end
  { ticker: "LNT", prices: "LNT" }, // 2:1 split after the FY2015 period end
  { ticker: "CF", prices: "CF" }, // 5:1 split between FY2014 and FY2015
  { ticker: "BBY", prices: "BBY" }, // no FY2013 row
] as const;

type Case = (typeof CASES)[number];

const DEBT_COLUMNS = ["Long-Term Debt", "Short-Term Debt / Current Portion of Long-Term Debt"];
const debt = (row: Record<string, string>) => DEBT_COLUMNS.reduce((sum, column) => sum + n(row, column), 0);

/** EPS restated to the share basis of D (divided by the splits after the period end). */
const restatedEps = (fy: FiscalYear, splitsAfter: (date: string) => number) => {
  const eps = cell(fy.row, "Earnings Per Share");
  return eps === null ? null : eps / splitsAfter(fy.periodEnd);
};

describe("the cases exercise what they were picked for (raw files)", () => {
  it("all are Kaggle-sourced in the database", () => {
    for (const { ticker } of CASES) expect(company(ticker).fundamentals_source, ticker).toBe("kaggle");
  });

  it("a bank, negative equity, duplicated labels, a missing year", () => {
    const jpm = fiscalYears("JPM").at(-1)!.row;
    expect(jpm["Gross Profit"]).toBe(jpm["Total Revenue"]);
    const pm = fiscalYears("PM");
    expect(n(pm.at(-1)!.row, "Total Equity")).toBeLessThan(0);
    expect(cell(pm.at(-1)!.row, "Estimated Shares Outstanding")).toBeNull();
    for (const ticker of ["ANTM", "EIX", "RCL"]) {
      const labels = fiscalYears(ticker).map((fy) => fy.row["For Year"]);
      expect(new Set(labels).size, ticker).toBe(labels.length - 1);
    }
    expect(fiscalYears("BBY").map((fy) => fy.year)).toEqual([2012, 2014, 2015, 2016]);
  });

  it("splits after FY0 and between fiscal years", () => {
    for (const ticker of ["CHD", "LNT"]) expect(marketMetrics(ticker).splitsAfter(fiscalYears(ticker).at(-1)!.periodEnd), ticker).toBe(2);
    const cf = fiscalYears("CF");
    const { splitsAfter } = marketMetrics("CF");
    expect(splitsAfter(cf.at(-2)!.periodEnd) / splitsAfter(cf.at(-1)!.periodEnd)).toBe(5);
  });

  it("PCLN and BKNG carry one CIK in the 2016 and 2026 lists, and the database joins them by it", () => {
    const cik2016 = rawCsv("kaggle/securities-2016.csv.br").find((r) => r["Ticker Symbol"] === "PCLN")!.CIK;
    const cik2026 = rawCsv("sp500/constituents-2026.csv.br").find((r) => r.Symbol === "BKNG")!.CIK;
    expect(cik2016).toBe(cik2026);
    expect(company("PCLN").cik).toBe(Number(cik2016));
    expect(company("PCLN").id).toBe(company("BKNG").id);
    expect(company("PCLN").price_ticker).toBe("BKNG");
  });
});

describe("the public-date rule (docs/METRICS.md, no fiscal year before its public date)", () => {
  const stored = (id: unknown) =>
    builtDb().prepare("SELECT fiscal_year, fy_offset, period_end, public_date FROM fiscal_years WHERE company_id = ? ORDER BY fy_offset").all(id) as {
      fiscal_year: number;
      fy_offset: number;
      period_end: string;
      public_date: string;
    }[];
  const dayBefore = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);

  it("a calendar-year company's FY2016 is absent before period end + 90 days and present from then (PM)", () => {
    expect(fiscalYears("PM", "2017-02-15").at(-1)!.year).toBe(2015);
    expect(fiscalYears("PM", "2017-03-30").at(-1)!.year).toBe(2015);
    expect(fiscalYears("PM").at(-1)).toMatchObject({ year: 2016, periodEnd: "2016-12-31", publicDate: "2017-03-31" });
    expect(company("PM")).toMatchObject({ fiscal_year: 2016, period_end: "2016-12-31", public_date: "2017-03-31" });
    // The ingest's pure functions, as of the earlier dates, agree with the re-derivation.
    const kaggle = parseKaggleFundamentals("fundamentals.csv", rawCsv("kaggle/fundamentals.csv.br")).get("PM")!;
    for (const asOf of ["2017-02-15", "2017-03-30", D]) {
      const expected = fiscalYears("PM", asOf).reverse().map((fy, offset) => [fy.year, offset, fy.publicDate]);
      expect(fiscalYearRows(kaggle, undefined, asOf).map((fy) => [fy.fiscalYear, fy.offset, fy.publicDate]), asOf).toEqual(expected);
    }
  });

  it("a fiscal year ending in 2017 is not yet public at D (ILMN's FY2016 ended 2017-01-01: public 2017-04-01)", () => {
    const raw = fiscalYears("ILMN", "2017-04-01").at(-1)!;
    expect(raw).toMatchObject({ year: 2016, periodEnd: "2017-01-01", publicDate: "2017-04-01" });
    expect(fiscalYears("ILMN").at(-1)!.year).toBe(2015);
    expect(company("ILMN").fiscal_year).toBe(2015);
    expect(stored(company("ILMN").id).map((fy) => fy.fiscal_year)).not.toContain(2016);
  });

  it("every stored Kaggle fiscal year is public by D, public 90 days after its period end, and every public one is stored", () => {
    const tickers = new Set(rawCsv("kaggle/fundamentals.csv.br").map((r) => r["Ticker Symbol"]!));
    const mismatches: string[] = [];
    for (const ticker of tickers) {
      const c = company(ticker);
      if (c?.fundamentals_source !== "kaggle") continue;
      const expected = fiscalYears(ticker).reverse();
      const rows = stored(c.id);
      const fy0 = expected[0]!.year;
      const want = expected.map((fy) => ({ fiscal_year: fy.year, fy_offset: fy0 - fy.year, period_end: fy.periodEnd, public_date: fy.publicDate }));
      if (JSON.stringify(rows) !== JSON.stringify(want)) mismatches.push(ticker);
      if (c.public_date !== expected[0]!.publicDate) mismatches.push(`${ticker} company row`);
    }
    expect(mismatches).toEqual([]);
    expect(kagglePublicDate("2016-12-31")).toBe("2017-03-31");
  });

  it("an SEC company's fiscal year is public on the filed date of its 10-K: Apple FY2016 on 2016-10-26", () => {
    const apple = secFacts("0000320193");
    expect(secPublicDate(apple, "2016-09-24")).toBe("2016-10-26");
    const rows = stored(company("AAPL").id);
    expect(rows[0]).toMatchObject({ fiscal_year: 2016, period_end: "2016-09-24", public_date: "2016-10-26" });
    for (const row of rows) expect(row.public_date, row.period_end).toBe(secPublicDate(apple, row.period_end));
  });

  it("NVIDIA's fiscal year ending 2017-01-29 enters on its 10-K's filed date, not before", () => {
    const nvidia = secFacts("0001045810");
    const filed = secPublicDate(nvidia, "2017-01-29")!;
    expect(filed > "2017-01-29" && filed <= D).toBe(true);
    expect(stored(company("NVDA").id)[0]).toMatchObject({ fy_offset: 0, period_end: "2017-01-29", public_date: filed });
    // The ingest's loader on the same facts, the day before and on the filed date.
    const facts = JSON.parse(raw("sec/companyfacts/CIK0001045810.json.br")) as CompanyFacts;
    expect(fiscalYearsFromCompanyFacts(facts, dayBefore(filed)).years.at(-1)!.periodEnd).toBe("2016-01-31");
    expect(fiscalYearsFromCompanyFacts(facts, filed).years.at(-1)).toMatchObject({ periodEnd: "2017-01-29", publicDate: filed });
  });

  it("D is the first month end at which every FY2016 that ended in 2016 is public (docs/METRICS.md, the measurement)", () => {
    const tickers = [...new Set(rawCsv("kaggle/fundamentals.csv.br").map((r) => r["Ticker Symbol"]!))];
    const withFy2016 = tickers.map((t) => fiscalYears(t, "2099-12-31").find((fy) => fy.year === 2016)).filter((fy) => fy !== undefined);
    const publicBy = (date: string) => withFy2016.filter((fy) => fy.publicDate <= date).length;
    const monthEnds = ["2016-12-31", "2017-01-31", "2017-02-28", D, "2017-04-30", "2017-05-31", "2017-06-30"];
    expect(monthEnds.map(publicBy)).toEqual([82, 90, 93, 192, 193, 193, 193]);
    expect(withFy2016).toHaveLength(193);
    const endedIn2016 = withFy2016.filter((fy) => fy.periodEnd <= "2016-12-31");
    expect(endedIn2016.every((fy) => fy.publicDate <= D)).toBe(true);
    expect(endedIn2016.some((fy) => fy.publicDate > "2017-02-28")).toBe(true);
  });

  it("no price after D reaches a value: the bundled prices run past D, the values use only days up to D", () => {
    expect(days("AAPL").at(-1)!.date).toBe("2021-04-21");
    expect(days("AAPL").some((d) => d.date > D)).toBe(true);
    expectClose(company("AAPL").price, days("AAPL").filter((d) => d.date <= D).at(-1)!.close, "AAPL price at D");
  });
});

/** A company's classes (docs/METRICS.md "Share classes"): whose Kaggle rows stand for it, and its primary listing's price ticker. */
interface Classes {
  fundamentals: string;
  primaryPrices: string | null;
}

/**
 * The 2016 list's tickers of one CIK are one company: its primary class traded the most value
 * (close × volume) over the year to D, its fundamentals are the rows of the class that give a share
 * count in the most years (the primary on a tie).
 */
function classesOf(ticker: string): Classes {
  const list = rawCsv("kaggle/securities-2016.csv.br");
  const cik = list.find((r) => r["Ticker Symbol"] === ticker)?.CIK;
  const tickers = list.filter((r) => r.CIK === cik).map((r) => r["Ticker Symbol"]!);
  if (cik === undefined || tickers.length < 2) return { fundamentals: ticker, primaryPrices: null };
  const primary = primaryClass(tickers);
  const shareCounts = (t: string) => fiscalYears(t).filter((fy) => cell(fy.row, "Estimated Shares Outstanding") !== null).length;
  const fundamentals = tickers.reduce((best, t) => (shareCounts(t) > shareCounts(best) ? t : best), primary);
  return { fundamentals, primaryPrices: primary };
}

/**
 * docs/METRICS.md values of the latest eligible fiscal year (FY0) of a Kaggle ticker, as stored on the
 * company row, with market values from its ticker in the price file (`null`: it has none); a share
 * class has its company's fiscal years and market cap, restated and priced by its primary listing.
 */
function expectedLatestYear(ticker: string, prices: string | null, classes: Classes = { fundamentals: ticker, primaryPrices: prices }): Record<string, number | null> {
  const years = fiscalYears(classes.fundamentals);
  const fy0 = years.at(-1)!;
  const row = fy0.row;
  const market = prices === null ? null : marketMetrics(prices);
  const primaryMarket = classes.primaryPrices === null ? null : marketMetrics(classes.primaryPrices);
  const price = market?.price ?? null;
  const splitsAfter = primaryMarket?.splitsAfter ?? (() => 1);
  const revenue = n(row, "Total Revenue");
  const equity = n(row, "Total Equity");
  const netIncome = n(row, "Net Income");
  // Shares: the latest eligible fiscal year that reports them, restated to the share basis of D.
  const withShares = [...years].reverse().find((fy) => cell(fy.row, "Estimated Shares Outstanding") !== null);
  const shares = withShares ? n(withShares.row, "Estimated Shares Outstanding") * splitsAfter(withShares.periodEnd) : null;
  const primaryPrice = primaryMarket?.price ?? null;
  const marketCap = primaryPrice !== null && shares !== null ? primaryPrice * shares : null;
  const enterpriseValue = marketCap === null ? null : marketCap + debt(row) - n(row, "Cash and Cash Equivalents");
  const eps = restatedEps(fy0, splitsAfter);
  return {
    fiscal_year: fy0.year,
    revenue,
    netIncome,
    eps,
    shares_outstanding: shares,
    marketCap_usd: marketCap,
    enterpriseValue_usd: enterpriseValue,
    evToEbitda: perPositive(enterpriseValue, n(row, "Earnings Before Interest and Tax") + n(row, "Depreciation")),
    priceToBook: perPositive(marketCap, equity),
    priceToSales: perPositive(marketCap, revenue),
    peRatio: perPositive(price, eps),
    returnOnEquity: perPositive(netIncome, equity),
    debtToEquity: perPositive(debt(row), equity),
    grossMargin: perPositive(n(row, "Gross Profit"), revenue),
    operatingMargin: perPositive(n(row, "Operating Income"), revenue),
    netMargin: perPositive(netIncome, revenue),
    returnOnInvestedCapital: roic(row),
  };
}


/** The company's fields that rest on a value a check left out or took from a whole-market 10-K (fundamentals_checks; re-derived from those files in whole-market-values.db.test.ts, not from the Kaggle file here). */
function checkedFields(companyId: number): Set<string> {
  const perShare = ["eps", "peRatio", "shares_outstanding", "marketCap_usd", "enterpriseValue_usd", "priceToSales", "priceToBook", "evToEbitda"];
  const dependents: Record<string, string[]> = {
    eps: perShare,
    sharesOutstanding: perShare,
    revenue: ["revenue", "priceToSales", "grossMargin", "operatingMargin", "netMargin"],
    operatingIncome: ["operatingIncome", "operatingMargin"],
    netIncome: ["netIncome", "netMargin", "returnOnEquity"],
    totalEquity: ["totalEquity", "returnOnEquity", "debtToEquity", "priceToBook", "returnOnInvestedCapital"],
    cash: ["enterpriseValue_usd", "evToEbitda", "returnOnInvestedCapital"],
  };
  // A share class carries its issuer's fiscal years: the checks of any of the issuer's listings.
  const metrics = builtDb()
    .prepare("SELECT DISTINCT metric FROM fundamentals_checks WHERE company_id IN (SELECT id FROM companies WHERE issuer_id = (SELECT issuer_id FROM companies WHERE id = ?))")
    .pluck()
    .all(companyId) as string[];
  return new Set(metrics.flatMap((m) => [m, ...(dependents[m] ?? [])]));
}

const PRICED_FIELDS = ["price", "return_1y", "shares_outstanding", "marketCap_usd", "enterpriseValue_usd", "peRatio", "priceToSales", "priceToBook", "evToEbitda"];

const RATIOS = ["returnOnEquity", "debtToEquity", "grossMargin", "operatingMargin", "netMargin", "returnOnInvestedCapital"] as const;

describe("FY0 ratios, market cap and valuation match docs/METRICS.md re-derived from the raw files", () => {
  for (const { ticker, prices } of CASES) {
    it(ticker, () => {
      const expected = expectedLatestYear(ticker, prices);
      const c = company(ticker);
      expect(expected.marketCap_usd, "market cap re-derived").not.toBeNull();
      expect(c.period_end).toBe(fiscalYears(ticker).at(-1)!.periodEnd);
      const checked = checkedFields(c.id as number);
      for (const [field, value] of Object.entries(expected)) if (!checked.has(field)) expectClose(c[field], value, field);
      // The ratios of the offset-0 fiscal year are the ones metric rules read.
      const fy0 = fiscal(c.id as number, 0)!;
      for (const field of RATIOS) expectClose(fy0[field], expected[field] ?? null, `fiscal_years ${field}`);
    });
  }

  it("for every Kaggle-sourced company (prices joined as the database joins them), with every fiscal-year offset", () => {
    const tickers = new Set(rawCsv("kaggle/fundamentals.csv.br").map((r) => r["Ticker Symbol"]!));
    const mismatches: string[] = [];
    let compared = 0;
    for (const ticker of tickers) {
      const c = company(ticker);
      if (c?.fundamentals_source !== "kaggle") continue;
      compared++;
      const classes = classesOf(ticker);
      const prices = c.price_ticker as string | null;
      const checked = checkedFields(c.id as number);
      // Priced by the whole market's archives (not the S&P 500 price file these tests read): its market values are not re-derived here.
      if (prices === null && c.market_symbol !== null) for (const field of PRICED_FIELDS) checked.add(field);
      for (const [field, value] of Object.entries(expectedLatestYear(ticker, prices, classes.primaryPrices === null ? undefined : classes))) {
        if (!checked.has(field) && !closeEnough(c[field], value)) mismatches.push(`${ticker} ${field}: database ${String(c[field])}, docs/METRICS.md ${value}`);
      }
      const years = fiscalYears(classes.fundamentals);
      for (const fy of years) {
        const stored = fiscal(c.id as number, years.at(-1)!.year - fy.year);
        if (stored?.fiscal_year !== fy.year || (!checked.has("revenue") && stored.revenue !== n(fy.row, "Total Revenue"))) mismatches.push(`${ticker} FY${fy.year}: offset`);
      }
    }
    expect(compared).toBeGreaterThan(400);
    expect(mismatches).toEqual([]);
  });
});

describe("per-share values of an SEC-sourced company are restated to the share basis of D", () => {
  it("AAPL: EPS of the latest 10-K by D that reports it, divided by the splits after that 10-K (7:1 on 2014-06-09)", () => {
    type Fact = { start?: string; end: string; val: number; form: string; filed: string };
    const facts = JSON.parse(raw("sec/companyfacts/CIK0000320193.json.br")) as {
      facts: { "us-gaap": Record<string, { units: Record<string, Fact[]> }> };
    };
    const eps = facts.facts["us-gaap"].EarningsPerShareBasic!.units["USD/shares"]!;
    const annual = (end: string) =>
      eps
        .filter((f) => ["10-K", "10-K/A"].includes(f.form) && f.end === end && f.start !== undefined && Date.parse(end) - Date.parse(f.start) > 340 * 86_400_000)
        .sort((a, b) => a.filed.localeCompare(b.filed));
    const latestByD = (end: string) => annual(end).filter((f) => f.filed <= D).at(-1)!;
    const { splitsAfter } = marketMetrics("AAPL");
    const apple = company("AAPL");
    expect(apple.fundamentals_source).toBe("sec");
    const stored = builtDb().prepare("SELECT period_end, eps FROM fiscal_years WHERE company_id = ? AND fiscal_year IN (2012, 2013, 2014, 2016) ORDER BY period_end");
    const rows = stored.all(apple.id) as { period_end: string; eps: number }[];
    expect(rows.map((r) => r.period_end)).toEqual(["2012-09-29", "2013-09-28", "2014-09-27", "2016-09-24"]);
    for (const row of rows) expectClose(row.eps, latestByD(row.period_end).val / splitsAfter(latestByD(row.period_end).filed), `FY ending ${row.period_end}`);
    // FY2013's own 10-K gave 40.03 before the split; the FY2015 10-K gives it on the post-split basis.
    const fy2013 = annual("2013-09-28");
    expect(fy2013[0]!.val).toBe(40.03);
    expect(splitsAfter(fy2013[0]!.filed)).toBeCloseTo(7, 4);
    expect(splitsAfter(latestByD("2013-09-28").filed)).toBe(1);
    expect(latestByD("2013-09-28").val).toBeCloseTo(40.03 / 7, 2);
  });
});

const GROWTH_COLUMNS = { revenue: "Total Revenue", netIncome: "Net Income", eps: "Earnings Per Share" } as const;
type GrowthMetric = keyof typeof GROWTH_COLUMNS;

/** docs/METRICS.md growth from offset h to offset 0; null unless both values exist and are positive. */
function expectedGrowth({ ticker, prices }: Case, metric: GrowthMetric, h: number) {
  const years = fiscalYears(ticker);
  const fy0 = years.at(-1)!;
  const fyh = years.find((fy) => fy.year === fy0.year - h);
  if (!fyh) return null;
  const { splitsAfter } = marketMetrics(prices);
  const value = (fy: FiscalYear) => (metric === "eps" ? restatedEps(fy, splitsAfter) : cell(fy.row, GROWTH_COLUMNS[metric]));
  const v0 = value(fy0);
  const vh = value(fyh);
  if (v0 === null || vh === null || !(v0 > 0) || !(vh > 0)) return null;
  return { multiple: v0 / vh, cagr: (v0 / vh) ** (1 / h) - 1 };
}

/** The rows an incomeStatementGrowth screen returns (its bounds admit every defined value), by full_ticker. */
function growthScreen(metric: GrowthMetric, h: number) {
  const rule = (value_type: string, currency_basis: string, min: number) => ({ metric, horizon_years: h, value_type, currency_basis, min });
  const page = (offset: number) =>
    runScreen(
      AdvancedScreenRequest.parse({
        filters: { incomeStatementGrowth: { rules: [rule("multiple", "reported", 0), rule("cagr", "reported", -1), rule("multiple", "usd", 0)] } },
        fields: ["full_ticker"],
        page: { limit: 1000, offset },
      }),
    ) as RowsResponse;
  const rows = page(0).rows;
  for (let total = page(0).total; rows.length < total; ) rows.push(...page(rows.length).rows);
  return new Map(rows.map((row) => [row.full_ticker as string, row]));
}

describe("incomeStatementGrowth from the screener matches docs/METRICS.md re-derived from the Kaggle file", () => {
  for (const metric of Object.keys(GROWTH_COLUMNS) as GrowthMetric[]) {
    for (const h of [1, 2, 3]) {
      it(`${metric} over ${h}y`, () => {
        const rows = growthScreen(metric, h);
        for (const c of CASES) {
          if (checkedFields(company(c.ticker).id as number).has(metric)) continue;
          const expected = expectedGrowth(c, metric, h);
          const row = rows.get(company(c.ticker).full_ticker as string);
          if (expected === null) {
            expect(row, `${c.ticker} has no ${metric} growth over ${h}y`).toBeUndefined();
            continue;
          }
          expect(row, `${c.ticker} ${metric} growth over ${h}y`).toBeDefined();
          expectClose(row![`${metric}Multiple_${h}y`], expected.multiple, `${c.ticker} multiple`);
          expectClose(row![`${metric}Cagr_${h}y`], expected.cagr, `${c.ticker} cagr`);
          // A USD reporter: the usd basis gives the same numbers.
          expectClose(row![`${metric}MultipleUsd_${h}y`], expected.multiple, `${c.ticker} multiple (usd)`);
        }
      });
    }
  }

  it("the cases include growth that is null (a loss, missing EPS, a missing year) and growth across a split", () => {
    const byTicker = (ticker: string) => CASES.find((c) => c.ticker === ticker)!;
    expect(expectedGrowth(byTicker("EIX"), "netIncome", 3)).toBeNull();
    expect(expectedGrowth(byTicker("PM"), "eps", 1)).toBeNull();
    expect(expectedGrowth(byTicker("BBY"), "revenue", 3)).toBeNull();
    expect(expectedGrowth(byTicker("BBY"), "revenue", 2)).not.toBeNull();
    // CF's FY2014 EPS (27.16) is restated by its 5:1 split: 2.97 / (27.16 / 5).
    expect(expectedGrowth(byTicker("CF"), "eps", 1)!.multiple).toBeCloseTo(2.97 / (27.16 / 5), 12);
  });
});

describe("market metrics and their null rules for every ticker of the price file", () => {
  const stored = (ticker: string) =>
    builtDb().prepare("SELECT * FROM companies WHERE price_ticker = ?").all(ticker) as Record<string, number | string | null>[];

  it("price, return, volatility and dividend yield match docs/METRICS.md", () => {
    for (const ticker of priceTickers()) {
      const expected = marketMetrics(ticker);
      const companies = stored(ticker);
      expect(companies.length, ticker).toBe(1);
      const c = companies[0]!;
      expectClose(c.price, expected.price, `${ticker} price`);
      expectClose(c.return_1y, expected.return_1y, `${ticker} return_1y`);
      expectClose(c.daily_return_vol_1y_annualized, expected.vol1y, `${ticker} vol 1y`);
      expectClose(c.daily_return_vol_5y_annualized, expected.vol5y, `${ticker} vol 5y`);
      expectClose(c.dividendYieldTTM, expected.dividendYield, `${ticker} dividend yield`);
    }
  });

  it("fewer than 200 returns in the year give no 1y volatility; fewer than 1000 in five years no 5y volatility", () => {
    // DXC, LW and FTV start trading on 2017-02-01, 2016-11-10 and 2016-07-01 (41, 96 and 188
    // returns); UA on 2016-04-07 (248). IQV and NWS listed in 2013 (981 and 953 five-year returns),
    // ZTS on 2013-02-01 (1048).
    const counts = Object.fromEntries(
      ["DXC", "LW", "FTV", "UA", "IQV", "NWS", "ZTS"].map((t) => [t, [marketMetrics(t).returns1y, marketMetrics(t).returns5y]]),
    );
    expect(counts).toEqual({
      DXC: [41, 41],
      LW: [96, 96],
      FTV: [188, 188],
      UA: [248, 248],
      IQV: [253, 981],
      NWS: [253, 953],
      ZTS: [253, 1048],
    });
    for (const ticker of ["DXC", "LW", "FTV"]) expect(company(ticker).daily_return_vol_1y_annualized, ticker).toBeNull();
    for (const ticker of ["IQV", "NWS"]) expect(company(ticker).daily_return_vol_5y_annualized, ticker).toBeNull();
    expectClose(company("UA").daily_return_vol_1y_annualized, marketMetrics("UA").vol1y, "UA vol 1y");
    expectClose(company("ZTS").daily_return_vol_5y_annualized, marketMetrics("ZTS").vol5y, "ZTS vol 5y");
    expect(marketMetrics("UA").vol1y).not.toBeNull();
    expect(marketMetrics("ZTS").vol5y).not.toBeNull();
  });

  it("tickers of the price file's list without a row in the week up to D have no price", () => {
    // Every ticker with rows up to D trades on D (2017-03-31); the listed tickers without any row up to
    // D (spun off or listed after it: IR from 2017-05-12, BKR, CARR, OTIS, DOW ..., and BF.B, whose
    // file upstream is an error) are the real cases. DXC, listed on 2017-02-01, has a price.
    const without = rawCsv("prices/constituents-2021.csv.br")
      .map((r) => r.Symbol!)
      .filter((symbol) => marketMetrics(symbol).price === null);
    expect(without.sort()).toEqual(["AMCR", "BF.B", "BKR", "CARR", "CTVA", "DOW", "EVRG", "FOX", "FOXA", "IR", "LIN", "OTIS", "VTRS"]);
    expect(marketMetrics("DXC").price).not.toBeNull();
    // IR's symbol also carried Ingersoll-Rand plc in 2015-2017, whose archive prices joined the later
    // Ingersoll Rand Inc. (a known wrong join, noted on issue 35): not checked here.
    for (const symbol of without.filter((s) => s !== "IR")) {
      // Not the companies of 2015-2017 that used the symbol before and traded then (Dow Chemical's DOW).
      const holders = builtDb()
        .prepare(
          "SELECT c.full_ticker, c.price, c.marketCap_usd, c.return_1y FROM companies c JOIN company_symbols s ON s.company_id = c.id WHERE s.symbol = ? AND c.market_symbol IS NULL",
        )
        .all(symbol);
      expect(holders.length, symbol).toBeGreaterThan(0);
      for (const holder of holders) expect(holder, symbol).toMatchObject({ price: null, marketCap_usd: null, return_1y: null });
    }
  });
});
