import { describe, expect, it } from "vitest";
import { CALENDAR_YEAR, fiscalQuarter, fiscalYearEndAfter, fiscalYearLabel, labelOffsetFromText } from "./fiscal-calendar";
import { parseWrittenDate } from "./filing-dates";
import { consistentPeriodEnd, fiscalFacts, headlineQuarter, learnCalendar, namedPeriod, readCoverFacts } from "./filing-metadata";

const cover10K = (ended: string, extra = "") =>
  [`UNITED STATES SECURITIES AND EXCHANGE COMMISSION\nFORM 10-K\nANNUAL REPORT PURSUANT TO SECTION 13 OR 15(d)\nFor the fiscal year ended ${ended}\n${extra}`];
const cover10Q = (ended: string) => [`FORM 10-Q\nQUARTERLY REPORT PURSUANT TO SECTION 13 OR 15(d)\nFor the quarterly period ended ${ended}`];

describe("written dates", () => {
  it("reads the spellings filings use", () => {
    expect(parseWrittenDate("December 31, 2015")).toBe("2015-12-31");
    expect(parseWrittenDate("MAY 29, 2022")).toBe("2022-05-29");
    expect(parseWrittenDate("Dec. 8, 2022")).toBe("2022-12-08");
    expect(parseWrittenDate("Smarch 3, 2022")).toBeNull();
  });
});

describe("fiscal calendar", () => {
  it("labels years the DocumentFiscalYearFocus way", () => {
    expect(fiscalYearLabel("2018-12-31", null)).toBe(2018);
    expect(fiscalYearLabel("2016-01-03", null)).toBe(2015); // 52/53-week year ending in early January
    expect(fiscalYearLabel("2023-05-31", null)).toBe(2023);
    expect(fiscalYearLabel("2023-01-28", 0)).toBe(2023); // Best Buy
    expect(fiscalYearLabel("2022-01-29", -1)).toBe(2021); // Foot Locker
  });

  it("reads the label of a January year end from the filing's words", () => {
    expect(labelOffsetFromText("2022-01-29", "Fiscal year 2021, 2020, and 2019 represented the 52 weeks ended January 29, 2022, January 30, 2021")).toBe(-1);
    expect(labelOffsetFromText("2023-01-28", "Fiscal 2023, fiscal 2022 and fiscal 2021 included 52 weeks. In fiscal 2023 we ...")).toBe(0);
    expect(labelOffsetFromText("2023-01-28", "net sales in fiscal 2022 rose; fiscal 2022 was strong")).toBe(-1);
  });

  it("places a quarter in its fiscal year", () => {
    const bestBuy = { endMonth: 1, endDay: 28, labelOffset: 0 };
    expect(fiscalYearEndAfter("2023-07-29", bestBuy)).toBe("2024-01-28");
    expect(fiscalQuarter("2023-07-29", bestBuy)).toBe(2);
    expect(fiscalQuarter("2023-01-28", bestBuy)).toBe(4);
    expect(fiscalQuarter("2022-12-31", { endMonth: 6, endDay: 30, labelOffset: null })).toBe(2); // Amcor
    expect(fiscalQuarter("2023-03-31", CALENDAR_YEAR)).toBe(1);
  });
});

describe("cover facts", () => {
  it("takes form and period from the cover page, not the file name", () => {
    const adobe = readCoverFacts(cover10Q("June 2, 2023"), null, "ADOBE_2022Q2_10Q", null);
    expect(adobe).toMatchObject({ filingType: "10-Q", periodEnd: "2023-06-02" });
    const repairedCover = readCoverFacts(cover10K("December 31, 2017"), "10k", "PG_E_2017_10K", null);
    expect(repairedCover.periodEnd).toBe("2017-12-31");
  });

  it("recognises an earnings release filed under another label", () => {
    const release = readCoverFacts(["Lockheed Martin Reports Second Quarter 2023 Financial Results\nNet sales of $16.7 billion"], "10q", "LOCKHEEDMARTIN_2023Q2_10Q", null);
    expect(release).toMatchObject({ filingType: "earnings-release", headline: { quarter: 2, year: 2023 } });
  });

  it("reads an 8-K's event date", () => {
    const current = readCoverFacts(["FORM 8-K\nCURRENT REPORT Pursuant to Section 13 or 15(d)\nDate of Report (Date of earliest event reported): April 26, 2022"], "8k", "AMCOR_2022_8K_dated-2022-04-26", null);
    expect(current).toMatchObject({ filingType: "8-K", reportDate: "2022-04-26" });
  });

  it("reads headline quarters in their spellings", () => {
    expect(headlineQuarter("Ulta Beauty Announces Fourth Quarter Fiscal 2022 Results")).toEqual({ quarter: 4, year: 2022 });
    expect(headlineQuarter("Best Buy Reports Q2 FY24 Results")).toEqual({ quarter: 2, year: 2024 });
    expect(headlineQuarter("Costco Reports First Quarter Fiscal Year 2023 Operating Results")).toEqual({ quarter: 1, year: 2023 });
    expect(headlineQuarter("nothing here")).toBeNull();
  });

  it("gives Best Buy's July 2023 quarter as fiscal 2024 Q2 and Foot Locker's 10-K as fiscal 2021", () => {
    const bestBuyCalendar = learnCalendar([readCoverFacts(cover10K("January 28, 2023", "Fiscal 2023, fiscal 2022 and fiscal 2021 included 52 weeks."), "10k", "BESTBUY_2023_10K", null)]);
    const quarter = readCoverFacts(cover10Q("July 29, 2023"), "10q", "BESTBUY_2024Q2_10Q", null);
    expect(fiscalFacts(quarter, bestBuyCalendar, null)).toEqual({ fiscalYear: 2024, fiscalPeriod: "Q2" });

    const footLocker = readCoverFacts(cover10K("January 29, 2022", "Fiscal year 2021, 2020, and 2019 represented the 52 weeks ended January 29, 2022."), "10k", "FOOTLOCKER_2022_10K", null);
    expect(fiscalFacts(footLocker, learnCalendar([footLocker]), namedPeriod("FOOTLOCKER_2022_10K"))).toEqual({ fiscalYear: 2021, fiscalPeriod: "FY" });
  });

  it("keeps an earnings release's period end only when it is the headline quarter", () => {
    const text = ["Salesforce Announces Q1 FY24 Results\nRevenue for the quarter ended July 31, 2023 is expected to be"];
    const facts = readCoverFacts(text, "Earnings", "SALESFORCE_2024Q1_EARNINGS", null);
    const calendar = { endMonth: 1, endDay: 31, labelOffset: 0 };
    const fiscal = fiscalFacts(facts, calendar, namedPeriod("SALESFORCE_2024Q1_EARNINGS"));
    expect(fiscal).toEqual({ fiscalYear: 2024, fiscalPeriod: "Q1" });
    expect(consistentPeriodEnd(facts, fiscal, calendar)).toBeNull();
  });
});
