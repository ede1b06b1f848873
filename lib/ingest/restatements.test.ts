/**
 * Restatements (docs/METRICS.md, "SEC companyfacts"): real cases from the shipped companyfacts files,
 * re-derived from the raw JSON. As of the day before the restating report's filing date a fiscal year
 * holds the value reported before; from that date the restated one, in a version of its own; its
 * public date stays the date of its first report.
 */
import { readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { shiftDays } from "@/lib/calendar";
import { type Restatement, readCompanyFacts, restatements } from "@/test/support/ingest/sec-restatements";
import { raw } from "@/test/support/ingest/raw-files";
import { bundledPaths } from "./bundled-paths";
import { type CompanyFacts, annualReportDates, fiscalYearsFromCompanyFacts } from "./companyfacts";
import type { FiscalYearValues } from "./fiscal-years";
import { fiscalYearVersions } from "./point-in-time";
import { parsePrices } from "./prices";

const paths = bundledPaths("data");
// The companyfacts files (CIK##########.json.br) beside SEC's tickers files in the fixtures.
const companyFactsIn = (dir: string) => readdirSync(dir).flatMap((f) => (/^CIK\d{10}\.json\.br$/.test(f) ? [`${dir}/${f}`] : []));
const files = [...companyFactsIn(paths.secCompanyFactsDir), ...companyFactsIn("test/fixtures/sec")];
const companies = new Map(files.map((file) => [file.match(/CIK(\d+)/)![1]!, readCompanyFacts(file)]));
const found = [...companies.values()].flatMap(restatements);
const prices = parsePrices("daily-2011-2021.csv", raw("prices/daily-2011-2021.csv.br"));

/** The restatement of a concept's value of the period ending `end` by the report filed on `filed` (read from the raw file). */
function restatement(cik: string, concept: string, end: string, filed: string): Restatement {
  const matches = found.filter((r) => r.company === companies.get(cik)!.entityName && r.concept === concept && r.end === end && r.restated.filed === filed);
  expect(matches).toHaveLength(1);
  return matches[0]!;
}

/** The fiscal-year versions of a company as the ingest builds them, from the day of the value's first report. */
function versions(cik: string, ticker: string, start: string) {
  const facts = companies.get(cik)! as CompanyFacts;
  return fiscalYearVersions({ yearsAt: (date) => fiscalYearsFromCompanyFacts(facts, date).years, changeDates: annualReportDates(facts) }, prices.get(ticker), start);
}

function expectRestatedFrom(cik: string, ticker: string, r: Restatement, metric: keyof FiscalYearValues, stored: (val: number) => number = (val) => val) {
  const facts = companies.get(cik)! as CompanyFacts;
  const year = (asOf: string) => fiscalYearsFromCompanyFacts(facts, asOf).years.find((fy) => fy.periodEnd === r.end)!;
  const firstReport = year(r.before.filed).publicDate;
  expect(year(shiftDays(r.restated.filed, -1))).toMatchObject({ [metric]: r.before.val, publicDate: firstReport });
  expect(year(r.restated.filed)).toMatchObject({ [metric]: r.restated.val, publicDate: firstReport });
  const all = versions(cik, ticker, r.before.filed);
  const on = all.find((v) => v.validFrom === r.restated.filed)!;
  const before = all.find((v) => v.validTo === r.restated.filed)!;
  expect(on.rows.find((row) => row.periodEnd === r.end)![metric]).toBeCloseTo(stored(r.restated.val), 6);
  expect(before.rows.find((row) => row.periodEnd === r.end)![metric]).toBeCloseTo(stored(r.before.val), 6);
}

describe("restatements in the shipped SEC files", () => {
  it("later annual reports give other values for periods reported before", () => {
    expect(found.length).toBeGreaterThan(0);
    expect(found.every((r) => r.restated.filed >= r.before.filed && r.restated.val !== r.before.val)).toBe(true);
  });

  it("Apple's 10-K/A of 2010-01-25 restates FY2009 revenue (new revenue recognition): a version from that day", () => {
    const r = restatement("0000320193", "SalesRevenueNet", "2009-09-26", "2010-01-25");
    expect(r.restated.form).toBe("10-K/A");
    expect(r.restated.val).toBeGreaterThan(r.before.val);
    expectRestatedFrom("0000320193", "AAPL", r, "revenue");
  });

  it("Apple's FY2016 10-K reclassifies FY2015 total assets in its comparative balance sheet", () => {
    const r = restatement("0000320193", "Assets", "2015-09-26", "2016-10-26");
    expect(r.restated.form).toBe("10-K");
    expectRestatedFrom("0000320193", "AAPL", r, "totalAssets");
  });

  it("Alphabet's FY2016 10-K restates FY2015 operating cash flow, in force on the default date 2017-03-31", () => {
    const r = restatement("0001652044", "NetCashProvidedByUsedInOperatingActivities", "2015-12-31", "2017-02-03");
    expect(r.restated.filed <= "2017-03-31").toBe(true);
    expectRestatedFrom("0001652044", "GOOGL", r, "operatingCashFlow");
  });

  it("a later 10-K's EPS on the post-split basis is not restated for the split again (Apple FY2012, 7:1 on 2014-06-09)", () => {
    const r = restatement("0000320193", "EarningsPerShareBasic", "2012-09-29", "2014-10-27");
    const split = (prices.get("AAPL") ?? []).filter((d) => d.date > r.before.filed && d.date <= r.restated.filed).reduce((f, d) => f * d.split, 1);
    expect(split).toBeCloseTo(7, 4);
    // Stored on the share basis of the day: the earlier report's EPS divided by the split, the restating one's as it is.
    const all = versions("0000320193", "AAPL", r.before.filed);
    const eps = (v: (typeof all)[number] | undefined) => v?.rows.find((row) => row.periodEnd === r.end)?.eps;
    expect(eps(all.find((v) => v.validTo === r.restated.filed))).toBeCloseTo(r.before.val / split, 6);
    expect(eps(all.find((v) => v.validFrom === r.restated.filed))).toBe(r.restated.val);
  });

  it("a value's tag follows the latest report: Apple FY2016 revenue moves from SalesRevenueNet to Revenues with the 10-K that uses it", () => {
    const apple = companies.get("0000320193")! as CompanyFacts;
    const reports = readCompanyFacts(`${paths.secCompanyFactsDir}/CIK0000320193.json.br`).facts["us-gaap"]!;
    const annual = (concept: string) =>
      (reports[concept]?.units.USD ?? []).filter((f) => f.end === "2016-09-24" && f.start === "2015-09-27" && f.form === "10-K").sort((a, b) => a.filed.localeCompare(b.filed));
    const first = annual("Revenues")[0]!;
    const original = annual("SalesRevenueNet")[0]!;
    expect(first.filed > original.filed).toBe(true);
    const before = fiscalYearsFromCompanyFacts(apple, shiftDays(first.filed, -1));
    const after = fiscalYearsFromCompanyFacts(apple, first.filed);
    expect(before.tags.get(2016)?.revenue).toBe("SalesRevenueNet");
    expect(after.tags.get(2016)?.revenue).toBe("Revenues");
    expect(after.years.find((fy) => fy.fiscalYear === 2016)!.revenue).toBe(first.val);
  });
});
