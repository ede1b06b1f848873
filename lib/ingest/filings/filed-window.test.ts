import { describe, expect, it } from "vitest";
import { filedWindow } from "./filed-window";
import { CALENDAR_YEAR } from "./fiscal-calendar";

const base = { filingDate: null, periodEnd: null, reportDate: null, fiscalYear: null, fiscalPeriod: null, calendar: CALENDAR_YEAR } as const;

describe("the filed window of a filing", () => {
  it("is the SEC filing date where the source has it", () => {
    expect(filedWindow({ ...base, filingType: "10-K", filingDate: "2025-02-05", periodEnd: "2024-12-31", fiscalYear: 2024, fiscalPeriod: "FY" })).toEqual({
      filed_date: "2025-02-05",
      filed_earliest: "2025-02-05",
      filed_latest: "2025-02-05",
    });
  });

  it("runs from the period end to the SEC deadline otherwise: 90 days after a year, 45 after a quarter", () => {
    // 3M's FY2016 10-K (filed 2017-02-09 on EDGAR): within the window.
    expect(filedWindow({ ...base, filingType: "10-K", periodEnd: "2016-12-31", fiscalYear: 2016, fiscalPeriod: "FY" })).toMatchObject({ filed_earliest: "2016-12-31", filed_latest: "2017-03-31" });
    expect(filedWindow({ ...base, filingType: "10-Q", periodEnd: "2022-06-30", fiscalYear: 2022, fiscalPeriod: "Q2" })).toMatchObject({ filed_latest: "2022-08-14" });
    expect(filedWindow({ ...base, filingType: "earnings-release", periodEnd: "2022-12-31", fiscalYear: 2022, fiscalPeriod: "Q4" })).toMatchObject({ filed_latest: "2023-03-31" });
  });

  it("gives an 8-K four business days after its event", () => {
    // 2023-01-06 is a Friday: Monday to Thursday.
    expect(filedWindow({ ...base, filingType: "8-K", reportDate: "2023-01-06", fiscalYear: 2023 })).toEqual({ filed_date: null, filed_earliest: "2023-01-06", filed_latest: "2023-01-12" });
  });

  it("estimates the period end from the fiscal calendar when the document states none, with slack for an unknown calendar", () => {
    const amcor = { endMonth: 6, endDay: 30, labelOffset: null };
    expect(filedWindow({ ...base, filingType: "earnings-release", fiscalYear: 2023, fiscalPeriod: "Q4", calendar: amcor })).toEqual({ filed_date: null, filed_earliest: "2023-04-29", filed_latest: "2023-11-29" });
    // Q1 of a calendar fiscal 2023 ends March 31; a retailer's ended 2023-04-29 and its release came 2023-05-25: inside.
    const q1 = filedWindow({ ...base, filingType: "earnings-release", fiscalYear: 2023, fiscalPeriod: "Q1" });
    expect(q1.filed_earliest! <= "2023-04-29" && q1.filed_latest! >= "2023-05-25").toBe(true);
    expect(filedWindow({ ...base, filingType: "earnings-release" })).toEqual({ filed_date: null, filed_earliest: null, filed_latest: null });
  });
});
