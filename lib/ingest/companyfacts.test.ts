import { readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { bundledPaths } from "./bundled-paths";
import { readBrotliText } from "./compressed-files";
import { type CompanyFacts, annualReportDates, companyFactsFiledDates, fiscalYearOfPeriodEnd, fiscalYearsFromCompanyFacts } from "./companyfacts";
import { fiscalYearVersions } from "./point-in-time";

const paths = bundledPaths("data");
const facts = (cik: string) => JSON.parse(readBrotliText(`${paths.secCompanyFactsDir}/CIK${cik}.json.br`)) as CompanyFacts;

describe("SEC companyfacts loader on the bundled files", () => {
  it("reads Apple across its revenue tag change, as originally reported", () => {
    const apple = facts("0000320193");
    // Apple's FY2016 10-K tags revenue SalesRevenueNet; later 10-Ks use RevenueFromContract...; both are read.
    const all = fiscalYearsFromCompanyFacts(apple, "2025-12-31");
    const fy2016 = all.years.find((y) => y.fiscalYear === 2016)!;
    expect(fy2016.periodEnd).toBe("2016-09-24");
    expect(fy2016.revenue).toBe(215_639_000_000);
    expect(fy2016.netIncome).toBe(45_687_000_000);
    expect(fy2016.eps).toBe(8.35);
    const fy2020 = all.years.find((y) => y.fiscalYear === 2020)!;
    expect(fy2020.revenue).toBe(274_515_000_000);
    expect(all.tags.get(2020)?.revenue).toBe("RevenueFromContractWithCustomerExcludingAssessedTax");
    expect(all.tags.get(2012)?.revenue).toBe("SalesRevenueNet");
  });

  it("keeps the fiscal years public by the as-of date, each with its 10-K's filed date, and labels them by period end", () => {
    const nvidia = fiscalYearsFromCompanyFacts(facts("0001045810"), "2016-12-31");
    expect(nvidia.years.at(-1)).toMatchObject({ fiscalYear: 2016, periodEnd: "2016-01-31", publicDate: "2016-03-17", revenue: 5_010_000_000 });
    expect(nvidia.years.every((y) => y.periodEnd < y.publicDate && y.publicDate <= "2016-12-31")).toBe(true);
    expect(new Set(nvidia.years.map((y) => y.fiscalYear)).size).toBe(nvidia.years.length);
    expect(fiscalYearOfPeriodEnd("2016-01-02")).toBe(2015);
    expect(fiscalYearOfPeriodEnd("2016-01-31")).toBe(2016);
  });

  it("counts a fiscal year from the day its 10-K was filed, not from its period end", () => {
    const apple = facts("0000320193");
    expect(fiscalYearsFromCompanyFacts(apple, "2016-10-25").years.at(-1)).toMatchObject({ fiscalYear: 2015, publicDate: "2015-10-28" });
    expect(fiscalYearsFromCompanyFacts(apple, "2016-10-26").years.at(-1)).toMatchObject({ fiscalYear: 2016, publicDate: "2016-10-26" });
    // Alphabet's FY2016 ended 2016-12-31; its 10-K was filed on 2017-02-03.
    expect(fiscalYearsFromCompanyFacts(facts("0001652044"), "2017-02-02").years.at(-1)!.fiscalYear).toBe(2015);
  });

  it("derives gross profit and shares when a company does not tag them", () => {
    const alphabet = fiscalYearsFromCompanyFacts(facts("0001652044"), "2017-03-31");
    const fy2016 = alphabet.years.find((y) => y.fiscalYear === 2016)!;
    expect(fy2016.grossProfit).toBe(fy2016.revenue! - fy2016.costOfRevenue!);
    // No undimensioned cover-page count: the balance sheet's CommonStockSharesOutstanding (all classes).
    expect(fy2016.sharesOutstanding).toBe(691_293_000);
    expect(alphabet.years.find((y) => y.fiscalYear === 2014)!.sharesOutstanding).toBe(680_172_000);
    // FY2013 appears only in income-statement comparatives of Alphabet's first 10-K: net income / EPS.
    const fy2013 = alphabet.years.find((y) => y.fiscalYear === 2013)!;
    expect(fy2013.sharesOutstanding).toBeCloseTo(fy2013.netIncome! / fy2013.eps!, 3);
  });

  it("counts a debt line tagged twice once, and convertible notes due within the year as short-term debt", () => {
    // Marvell's balance sheet has one "current portion of long-term debt" line, tagged both
    // LongTermDebtCurrent and ShortTermBorrowings: $584.4 million, which LongTermDebt less
    // LongTermDebtNoncurrent confirms ($4,492.1 million - $3,907.7 million); not twice that.
    const marvell = fiscalYearsFromCompanyFacts(facts("0001835632"), "2025-12-31").years;
    expect(marvell.find((y) => y.fiscalYear === 2023)).toMatchObject({ shortTermDebt: 584_400_000, longTermDebt: 3_907_700_000 });
    expect(marvell.find((y) => y.fiscalYear === 2021)).toMatchObject({ shortTermDebt: 199_641_000, longTermDebt: 993_170_000 });
    // NVIDIA's 1.00% convertible notes were due within FY2017: its FY2016 10-K tags the $1,413 million
    // both ConvertibleDebtCurrent and LongTermDebt, its FY2017 10-K restates LongTermDebt to 0; the
    // notes are short-term debt either way, with no non-current part.
    const nvidia = (asOf: string, fiscalYear: number) => fiscalYearsFromCompanyFacts(facts("0001045810"), asOf).years.find((y) => y.fiscalYear === fiscalYear);
    expect(nvidia("2016-12-31", 2016)).toMatchObject({ shortTermDebt: 1_413_000_000, longTermDebt: 0 });
    expect(nvidia("2025-12-31", 2016)).toMatchObject({ shortTermDebt: 1_413_000_000, longTermDebt: 0 });
    // FY2017: $796 million of those notes left, and the $2 billion of new notes issued in 2016 are long-term.
    expect(nvidia("2025-12-31", 2017)).toMatchObject({ shortTermDebt: 796_000_000, longTermDebt: 1_983_000_000 });
  });

  it("fills no gap with a value filed after the as-of date", () => {
    // Alphabet's FY2016 10-K tags EPS per share class only; a later 10-K's comparative carries it.
    const fy2016 = (asOf: string) => fiscalYearsFromCompanyFacts(facts("0001652044"), asOf).years.find((y) => y.fiscalYear === 2016)!;
    expect(fy2016("2017-03-31")).toMatchObject({ publicDate: "2017-02-03", eps: null });
    expect(fy2016("2025-12-31")).toMatchObject({ publicDate: "2017-02-03", eps: 28.32 });
  });

  it("gives no fiscal years for a filer whose history starts after the as-of date", () => {
    expect(fiscalYearsFromCompanyFacts(facts("0001835632"), "2016-12-31").years).toEqual([]);
    expect(readdirSync(paths.secCompanyFactsDir)).toHaveLength(4);
  });
});

describe("the dates on which SEC fiscal years change", () => {
  it("are the annual reports' filing dates: the versions are those of every filing date", () => {
    for (const cik of ["0000320193", "0001045810"]) {
      const companyFacts = facts(cik);
      const history = (changeDates: string[]) => ({ yearsAt: (date: string) => fiscalYearsFromCompanyFacts(companyFacts, date).years, changeDates });
      const annual = annualReportDates(companyFacts);
      expect(annual.length).toBeLessThan(companyFactsFiledDates(companyFacts).length);
      expect(fiscalYearVersions(history(annual), undefined, "2012-12-31")).toEqual(
        fiscalYearVersions(history(companyFactsFiledDates(companyFacts)), undefined, "2012-12-31"),
      );
    }
  });
});
