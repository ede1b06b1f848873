/**
 * No look-ahead (docs/METRICS.md "Values as of any date"), as a property of the pure functions that
 * build daily_prices, the values of a day and fiscal_year_versions: for a random trading day D and a random real
 * company (bundled prices and Kaggle fundamentals), changing any price after D or any fiscal year
 * public after D (for an SEC company: any fact filed after D, a restatement included) never changes
 * the company's values as of D.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type CompanyFacts, type Fact, companyFactsFiledDates, fiscalYearsFromCompanyFacts } from "./companyfacts";
import { type FiscalYearInputs, totalDebt } from "./fiscal-years";
import { parseKaggleFundamentals } from "./kaggle-fundamentals";
import { type FiscalYearHistory, fiscalYearVersions, fixedYears, valuationShares } from "./point-in-time";
import { lastIndexOnOrBefore, parsePrices } from "./prices";
import { shiftYears } from "@/lib/calendar";
import { marketMetrics, valuation } from "@/lib/market/market-metrics";
import { type PriceDay, priceRows } from "@/lib/market/price-rows";
import { raw, rawCsv } from "@/test/support/ingest/raw-files";

const RANGE_START = "2012-12-31";

const prices = parsePrices("daily-2011-2021.csv", raw("prices/daily-2011-2021.csv.br"));
const kaggle = parseKaggleFundamentals("fundamentals.csv", rawCsv("kaggle/fundamentals.csv.br"));
const tradingDays = [...new Set([...prices.values()].flatMap((days) => days.map((d) => d.date)))].filter((d) => d >= RANGE_START).sort();
/** Tickers with both prices and fundamentals under the same symbol. */
const tickers = [...kaggle.keys()].filter((t) => prices.has(t)).sort();

const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** A company's market values on D (from its stored rows, anchored as lib/market/day-values.ts anchors them) and the fiscal years in force on D, as the ingest builds them. */
function valuesOn(days: readonly PriceDay[], years: readonly FiscalYearInputs[] | FiscalYearHistory, date: string) {
  const history = "yearsAt" in years ? years : fixedYears(years);
  const versions = fiscalYearVersions(history, days, RANGE_START);
  const rows = priceRows(days);
  const lastOnOrBefore = (d: string) => rows[lastIndexOnOrBefore(rows, d)] ?? null;
  // The price signals' anchors are not what these properties are about.
  const back = { 20: null, 50: null, 200: null };
  const market = marketMetrics({ day: lastOnOrBefore(date), yearAgo: lastOnOrBefore(shiftYears(date, -1)), fiveYearsAgo: lastOnOrBefore(shiftYears(date, -5)), back }, date);
  const version = versions.find((v) => v.validFrom <= date && v.validTo > date);
  const fy0 = version?.rows.find((fy) => fy.offset === 0);
  const inputs = fy0 ? { ...fy0, shares: valuationShares(version!.rows), totalDebt: totalDebt(fy0) } : null;
  return { values: valuation(market, inputs), years: version?.rows ?? null, from: version?.validFrom ?? null };
}

const PriceChange = fc.record({
  factor: fc.double({ min: 0.2, max: 5, noNaN: true }),
  dividend: fc.double({ min: 0, max: 10, noNaN: true }),
  every: fc.integer({ min: 1, max: 40 }),
  split: fc.constantFrom(0.25, 0.5, 2, 3, 7),
  splitAt: fc.nat({ max: 2000 }),
  truncateAfter: fc.option(fc.nat({ max: 2000 })),
});
type PriceChange = typeof PriceChange extends fc.Arbitrary<infer T> ? T : never;

/** Prices after D changed: closes scaled, dividends paid, a split, the history cut short. */
function changePrices(days: readonly PriceDay[], date: string, change: PriceChange) {
  const after = days.filter((d) => d.date > date);
  const cut = change.truncateAfter === null ? undefined : after[Math.min(change.truncateAfter, after.length - 1)]?.date;
  const splitDay = after[change.splitAt % Math.max(1, after.length)]?.date;
  return days
    .filter((d) => d.date <= date || cut === undefined || d.date <= cut)
    .map((d, i) =>
      d.date <= date
        ? d
        : {
            ...d,
            close: d.close * change.factor,
            adjustedClose: d.adjustedClose * change.factor * (1 + (i % change.every) / 100),
            dividend: i % change.every === 0 ? change.dividend : d.dividend,
            split: d.date === splitDay ? change.split : d.split,
          },
    );
}

const YearChange = fc.record({
  factor: fc.double({ min: -3, max: 3, noNaN: true }),
  delay: fc.nat({ max: 400 }),
  addYear: fc.boolean(),
  addAfter: fc.integer({ min: 1, max: 800 }),
});
type YearChange = typeof YearChange extends fc.Arbitrary<infer T> ? T : never;

/** Fiscal years public after D changed: every value scaled, published later, and one more year public after D. */
function changeYears(years: readonly FiscalYearInputs[], date: string, change: YearChange): FiscalYearInputs[] {
  const scale = (v: number | null) => (v === null ? null : v * change.factor);
  const changed = years.map((fy) =>
    fy.publicDate <= date
      ? fy
      : {
          ...fy,
          publicDate: addDays(fy.publicDate, change.delay),
          revenue: scale(fy.revenue),
          netIncome: scale(fy.netIncome),
          eps: scale(fy.eps),
          sharesOutstanding: scale(fy.sharesOutstanding),
          totalEquity: scale(fy.totalEquity),
          ebit: scale(fy.ebit),
          cash: scale(fy.cash),
        },
  );
  const last = years.at(-1)!;
  if (!change.addYear) return changed;
  const periodEnd = addDays(last.periodEnd > date ? last.periodEnd : date, 365);
  return [...changed, { ...last, fiscalYear: Number(periodEnd.slice(0, 4)), periodEnd, publicDate: addDays(date, change.addAfter), revenue: scale(last.revenue) }];
}

/** What the SEC had on each date (as the ingest reads a companyfacts file). */
const secHistory = (facts: CompanyFacts): FiscalYearHistory => ({
  yearsAt: (date) => fiscalYearsFromCompanyFacts(facts, date).years,
  changeDates: companyFactsFiledDates(facts),
});

/**
 * Facts filed after D changed: values scaled and filed later, and a 10-K/A filed `delay` days after
 * `restatedOn` restating every `every`-th fact (of any period, so also of fiscal years public by D).
 */
function changeFacts(facts: CompanyFacts, date: string, factor: number, delay: number, every = 0, restatedOn = addDays(date, 1)): CompanyFacts {
  const mapValues = <T, U>(record: Record<string, T>, f: (value: T) => U) => Object.fromEntries(Object.entries(record).map(([k, v]) => [k, f(v)]));
  const restatement = (f: Fact): Fact => ({ ...f, val: f.val * factor + 1, form: "10-K/A", accn: "restatement", filed: addDays(restatedOn, delay) });
  return {
    ...facts,
    facts: mapValues(facts.facts, (taxonomy) =>
      mapValues(taxonomy, (concept) => ({
        ...concept,
        units: mapValues(concept.units, (list) => [
          ...list.map((f) => (f.filed <= date ? f : { ...f, val: f.val * factor, filed: addDays(f.filed, delay) })),
          ...(every > 0 ? list.filter((_, i) => i % every === 0).map(restatement) : []),
        ]),
      })),
    ),
  };
}

describe("no look-ahead in the point-in-time tables (fast-check, real companies)", () => {
  it("the data has what the property needs", () => {
    expect(tickers.length).toBeGreaterThan(350);
    expect(tradingDays[0]).toBe(RANGE_START);
    expect(tradingDays.at(-1)).toBe("2021-04-21");
  });

  it("changing any price after D or any fiscal year public after D leaves the values as of D unchanged", () => {
    fc.assert(
      fc.property(fc.constantFrom(...tickers), fc.nat({ max: tradingDays.length - 1 }), PriceChange, YearChange, (ticker, index, priceChange, yearChange) => {
        const date = tradingDays[index]!;
        const days = prices.get(ticker)!;
        const years = kaggle.get(ticker)!;
        const before = valuesOn(days, years, date);
        const after = valuesOn(changePrices(days, date, priceChange), changeYears(years, date, yearChange), date);
        expect(after).toEqual(before);
      }),
      { numRuns: 150 },
    );
  });

  it("for an SEC company (AAPL): changing any fact filed after D, or restating any year after D, leaves the values as of D unchanged", () => {
    const facts = JSON.parse(raw("sec/companyfacts/CIK0000320193.json.br")) as CompanyFacts;
    const days = prices.get("AAPL")!;
    const Every = fc.integer({ min: 1, max: 50 });
    fc.assert(
      fc.property(fc.nat({ max: tradingDays.length - 1 }), PriceChange, fc.double({ min: -3, max: 3, noNaN: true }), fc.nat({ max: 400 }), Every, (index, priceChange, factor, delay, every) => {
        const date = tradingDays[index]!;
        const before = valuesOn(days, secHistory(facts), date);
        const after = valuesOn(changePrices(days, date, priceChange), secHistory(changeFacts(facts, date, factor, delay, every)), date);
        expect(after).toEqual(before);
      }),
      { numRuns: 10 },
    );
    // Each run maps Apple's whole companyfacts file at every filing date: about 2 s idle, four times that on a loaded CI machine.
  }, 240_000);

  it("the property can fail: a price on D or a fiscal year public by D does change the values", () => {
    const date = "2014-12-31";
    const days = prices.get("MSFT")!;
    const years = kaggle.get("MSFT")!;
    const before = valuesOn(days, years, date);
    const onD = days.map((d) => (d.date === date ? { ...d, close: d.close * 2 } : d));
    expect(valuesOn(onD, years, date)).not.toEqual(before);
    const earlier = years.map((fy) => (fy.publicDate <= date ? { ...fy, revenue: (fy.revenue ?? 0) + 1 } : fy));
    expect(valuesOn(days, earlier, date).years).not.toEqual(before.years);
    // A fiscal year public after D moved to D itself is seen.
    const next = years.find((fy) => fy.publicDate > date)!;
    const published = years.map((fy) => (fy === next ? { ...fy, publicDate: date } : fy));
    expect(valuesOn(days, published, date).years![0]!.fiscalYear).toBe(next.fiscalYear);
    // Apple's facts filed on D (its FY2014 10-K, 2014-10-27) count on D.
    const facts = JSON.parse(raw("sec/companyfacts/CIK0000320193.json.br")) as CompanyFacts;
    const apple = valuesOn(prices.get("AAPL")!, secHistory(facts), "2014-10-27");
    expect(apple.years![0]!.periodEnd).toBe("2014-09-27");
    expect(valuesOn(prices.get("AAPL")!, secHistory(changeFacts(facts, "2014-10-26", 2, 0)), "2014-10-27")).not.toEqual(apple);
    // A restatement filed on D counts on D: it changes the years of D, not those of the day before.
    const restatedOnD = secHistory(changeFacts(facts, "2014-10-27", 2, 0, 3, "2014-10-27"));
    expect(valuesOn(prices.get("AAPL")!, restatedOnD, "2014-10-27").years).not.toEqual(apple.years);
    expect(valuesOn(prices.get("AAPL")!, restatedOnD, "2014-10-24")).toEqual(valuesOn(prices.get("AAPL")!, secHistory(facts), "2014-10-24"));
  });
});
