import { describe, expect, it } from "vitest";
import { fixtureBundle } from "@/scripts/pystock-archives.test";
import { parsePystockReports } from "./pystock-reports";

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
