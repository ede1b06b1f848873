import { describe, expect, it } from "vitest";
import { fixtureBundle } from "@/scripts/pystock-archives.test";
import { isPlausibleRevenue, parsePystockReports } from "./pystock-reports";

/** The bundle of the archive excerpts in test/fixtures/pystock/ (their README says where each is from). */
const parsed = () => parsePystockReports("fixture", fixtureBundle().reportsCsv().text);

describe("parsePystockReports", () => {
  it("keeps an amendment as its own row with its own filed date", () => {
    const fold = parsed().reports.filter((report) => report.symbol === "FOLD");
    expect(fold.map(({ filed, amended, docType, fiscalYear }) => ({ filed, amended, docType, fiscalYear }))).toEqual([
      { filed: "2017-03-01", amended: false, docType: "10-K", fiscalYear: 2016 },
      { filed: "2017-03-03", amended: true, docType: "10-K", fiscalYear: 2016 },
    ]);
  });

  it("types the values of a header-less file's rows, blank cells as null", () => {
    const cia = parsed().reports.find((report) => report.symbol === "CIA")!;
    expect(cia).toMatchObject({ filed: "2015-04-07", endDate: "2014-12-31", periodFocus: "FY", revenues: 230225000, operatingIncome: null });
  });

  it("drops an impossible fiscal year, leaves out rows without a ticker and splits share classes", () => {
    const { reports, counts } = parsed();
    expect(reports.find((report) => report.symbol === "IPG")).toMatchObject({ fiscalYear: null, endDate: "2015-12-31", netIncome: 454600000 });
    expect(reports.find((report) => report.symbol === "GOOG/GOOGL")!.symbols).toEqual(["GOOG", "GOOGL"]);
    expect(reports.some((report) => report.symbol === "0")).toBe(false);
    expect(counts).toMatchObject({ rejectedSymbol: 1, impossibleFiscalYear: 1 });
  });
});

describe("isPlausibleRevenue", () => {
  // FY2015 10-K rows of data/pystock/reports.csv.br: revenue, operating income, net income.
  it("refuses a revenue below the net income where no operating income is given (a bank's sub-line)", () => {
    expect(isPlausibleRevenue(16_028_000_000, null, 21_470_000_000)).toBe(false); // Wells Fargo
    expect(isPlausibleRevenue(0.123, null, 181_900_000)).toBe(false); // LifePoint Health
  });

  it("keeps a net income above the revenue below an operating income at or under it (a gain, a tax benefit)", () => {
    expect(isPlausibleRevenue(4_654_000_000, 573_000_000, 5_920_000_000)).toBe(true); // Caesars: the deconsolidation gain
    expect(isPlausibleRevenue(71_914_000, 27_329_000, 257_305_000)).toBe(true); // Ligand: a tax benefit
  });

  it("refuses a revenue below zero or below the operating income", () => {
    expect(isPlausibleRevenue(-1, null, null)).toBe(false);
    expect(isPlausibleRevenue(100, 150, 90)).toBe(false);
    expect(isPlausibleRevenue(0, -1_518_000, 1_559_000)).toBe(true);
  });
});
