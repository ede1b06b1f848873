import { describe, expect, it } from "vitest";
import { findSections } from "./sections";

// Real lines of FinanceBench page texts (pages joined by form feeds, as the ingest joins them).
const AES_2015_CROSS_REFERENCE = [
  "money, sell assets, raise equity or otherwise raise funds on acceptable terms or at all to refinance our debt as it becomes due. See Note 12 —Debt included in",
  "Item 8. of this Form 10-K for a schedule of our debt maturities.",
  "The AES Corporation is a holding company and its ability to make payments on its outstanding indebtedness, including its public debt securities, is",
].join("\n");
const AES_2016_RUN_ON = [
  "ITEM 6. SELECTED FINANCIAL DATA",
  "The following table presents our selected financial data as of the dates and for the periods indicated. You should read this data together with",
  "Item 7.— Management's Discussion and Analysis of Financial Condition and Results of Operations and the Consolidated Financial Statements and",
  "the notes thereto included in Item 8.— Financial Statements and Supplementary Data of this Form 10-K. The selected financial data for each of the",
].join("\n");
const AES_2015_MDA = [
  "Includes pretax impairment expense of $602 million , $383 million , $596 million , $1.9 billion , and $272 million for the years ended December 31, 2015 , ",
  "",
  "ITEM 7. MANAGEMENT'S DISCUSSION AND ANALYSIS OF FINANCIAL CONDITION AND RESULTS OF OPERATIONS",
  "Key Topics in Management's Discussion and Analysis",
].join("\n");
const M3_2018_ITEM_11 = [
  "St. Paul, MN 55144-1000",
  "Attention: Vice President, 3M Ethics & Compliance",
  "Item 11. Executive Compensation.",
  "The information required by Item 402 of Regulation S-K is contained under the captions “Executive Compensation” (excluding the information under the",
].join("\n");

describe("findSections against cross-references", () => {
  it("lists the Item headings and not the sentences that name an item", () => {
    const text = [AES_2015_CROSS_REFERENCE, AES_2016_RUN_ON, AES_2015_MDA, M3_2018_ITEM_11].join("\f");
    expect(findSections(text).map((s) => s.title)).toEqual([
      "ITEM 6. SELECTED FINANCIAL DATA",
      "ITEM 7. MANAGEMENT'S DISCUSSION AND ANALYSIS OF FINANCIAL CONDITION AND RESULTS OF OPERATIONS",
      "Item 11. Executive Compensation",
    ]);
  });

  it("starts an item at its heading after an earlier cross-reference to it", () => {
    const text = [AES_2015_CROSS_REFERENCE, "ITEM 8. FINANCIAL STATEMENTS AND SUPPLEMENTARY DATA\nConsolidated Balance Sheets"].join("\f");
    const sections = findSections(text);
    expect(sections.map((s) => s.key)).toEqual(["ITEM 8"]);
    expect(sections[0]!.start).toBe(text.indexOf("ITEM 8. FINANCIAL"));
  });

  it("tells references by their words: of this report, see, for further", () => {
    for (const line of ["Item 8 of this Annual Report on Form 10-K", "Item 1A, “Risk Factors,” of this document.", "Item 8, Financial Statements and Supplementary Data, for additional descriptions of these"]) {
      expect(findSections(`Earlier text.\n\n${line}\nMore text.`)).toEqual([]);
    }
    expect(findSections("Earlier text.\n\nItem 1A. Risk Factors\nOur business is exposed to risks.").map((s) => s.key)).toEqual(["ITEM 1A"]);
  });
});

describe("financial statements appended after the last item", () => {
  // eBay's 2018 10-K (FinanceBench): Items 15 and 16, then the auditor's report and the statements.
  const ITEM_16 = "ITEM 16: FORM 10-K SUMMARY\nNone.";
  const AUDIT = "Report of Independent Registered Public Accounting Firm\nTo the Board of Directors and Stockholders of eBay Inc.\nOpinion on the Financial Statements";
  const INCOME = "eBay Inc.\nCONSOLIDATED STATEMENT OF INCOME\nYear Ended December 31,";

  it("are a section of their own, from the first page headed by them", () => {
    const text = ["ITEM 15: EXHIBITS, FINANCIAL STATEMENT SCHEDULES\nThe following documents are filed as part of this report: see the Consolidated Statements of Income.", ITEM_16, AUDIT, INCOME].join("\f");
    const sections = findSections(text);
    expect(sections.map((s) => s.key)).toEqual(["ITEM 15", "ITEM 16", "FINANCIAL STATEMENTS"]);
    expect(sections.at(-1)).toEqual({ start: text.indexOf("Report of Independent"), key: "FINANCIAL STATEMENTS", title: "Financial Statements" });
  });

  it("not from a running head, a sentence that names them, or before the closing items", () => {
    // Oracle heads every page with an "Index to Financial Statements" link.
    const linked = ["ITEM 15. EXHIBITS", "Index to Financial Statements\nORACLE CORPORATION\nINDEX OF EXHIBITS", ...Array.from({ length: 4 }, () => "Index to Financial Statements\nExhibit 10.1 Amended plan")];
    expect(findSections(linked.join("\f")).map((s) => s.key)).toEqual(["ITEM 15"]);
    const prose = ["ITEM 16: FORM 10-K SUMMARY", "eBay Inc.\nSignatures\nPursuant to the requirements\nof the Securities Exchange Act\nthe registrant has duly caused\nConsolidated Statements of Income are included above."];
    expect(findSections(prose.join("\f")).map((s) => s.key)).toEqual(["ITEM 16"]);
    expect(findSections(["ITEM 7. MANAGEMENT'S DISCUSSION AND ANALYSIS", AUDIT].join("\f")).map((s) => s.key)).toEqual(["ITEM 7"]);
  });
});
