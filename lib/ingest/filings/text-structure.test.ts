import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { type CandidateCompany, linkFilingCompanies } from "./filing-companies";
import type { SourceDocument } from "./filing-sources";
import { toBasicPlane } from "./filing-sources";
import { documentText, indexedPassages, pageTitle, passageSpans, storedPages } from "./passages";
import { findSections, isContentsPage, sectionAt } from "./sections";
import { TextRepairer, buildVocabulary } from "./text-repair";

const clean = buildVocabulary([
  ("first fiscal financial results quarter officer effective offerings significant confidence statements specified charter " +
    "the company reported its and for in of our an a to was on form fiscal year ended ").repeat(12),
]);

describe("text repair", () => {
  it("restores lost ligatures in a damaged document only", () => {
    const damaged = ["eBay reported nancial results for its rst quarter of scal 2023. Chief Financial O cer. e ective signi cant con dence o erings."];
    const out = new TextRepairer(clean).repair(damaged);
    expect(out.pages[0]).toBe("eBay reported financial results for its first quarter of fiscal 2023. Chief Financial Officer. effective significant confidence offerings.");
    expect(out.ligatures).toBeGreaterThanOrEqual(5);
    const healthy = ["The company reported results for the first quarter of the fiscal year. Check box x."];
    expect(new TextRepairer(clean).repair(healthy).pages).toEqual(healthy);
  });

  it("joins split words where safe and leaves Form S-3 alone", () => {
    const damaged = ["FINANCIAL STA TEMENTS as S pecified in its C harter; For the Fis cal year ended; the fis cal year; STA TEMENTS; Form S-3 on Form S-3"];
    const out = new TextRepairer(clean).repair(damaged).pages[0]!;
    expect(out).toContain("STATEMENTS as Specified in its Charter; For the Fiscal year");
    expect(out).toContain("Form S-3 on Form S-3");
  });

  it("joins letter-spaced words of headings even in an undamaged document", () => {
    const repairer = new TextRepairer(buildVocabulary(["business properties information data ".repeat(12)]));
    expect(repairer.repairHeading("Item 1. Busines s")).toBe("Item 1. Business");
    expect(repairer.repairHeading("Item 2. Propertie s")).toBe("Item 2. Properties");
    expect(repairer.repairHeading("Item 9B. Other Informatio n")).toBe("Item 9B. Other Information");
    expect(repairer.repairHeading("Item 7A. Quantitative and Qualitative Disclosures")).toBe("Item 7A. Quantitative and Qualitative Disclosures");
  });

  it("keeps JavaScript and SQLite character offsets equal", () => {
    expect(toBasicPlane("growth 📈 ok")).toBe("growth \uFFFD ok");
  });
});

describe("sections", () => {
  const text = [
    "TABLE OF CONTENTS\nItem 1. Business 3\nItem 1A. Risk Factors 9\nItem 2. Properties 20\nItem 3. Legal Proceedings 21\nItem 7. Management's Discussion 25\nItem 8. Financial Statements 40",
    "PART I\nItem 1. Business\nWe make things.",
    "Item 1A. Risk Factors\nThings may go wrong.",
    "PART II\nItem 7.\nManagement's Discussion and Analysis\nRevenue grew.",
  ].join("\f");

  it("skips the table of contents and starts each item at its heading", () => {
    const sections = findSections(text);
    expect(sections.map((s) => s.key)).toEqual(["PART I ITEM 1", "PART I ITEM 1A", "PART II ITEM 7"]);
    expect(sections[2]!.title).toBe("PART II Item 7. Management's Discussion and Analysis");
    expect(text.slice(sections[1]!.start).startsWith("Item 1A. Risk Factors")).toBe(true);
    expect(sectionAt(sections, text.indexOf("Revenue grew"))).toBe(2);
    expect(sectionAt(sections, 0)).toBeNull();
    expect(isContentsPage(text.split("\f")[0]!)).toBe(true);
    expect(isContentsPage(text.split("\f")[1]!)).toBe(false);
  });
});

describe("pages and passages", () => {
  it("keeps PDF pages with offsets into the form-feed-joined text", () => {
    const pages = storedPages(["Table of Contents\nConsolidated Statement of Cash Flows\nYears ended", "second page"], true);
    const second = pages[0]!.text.length + 1;
    expect(pages.map((p) => p.start)).toEqual([0, second]);
    expect(documentText(pages, true).slice(second)).toBe("second page");
    expect(pages[0]!.title).toBe("Consolidated Statement of Cash Flows Years ended");
    expect(pageTitle("12\n\n")).toBeNull();
  });

  it("cuts long pages at line breaks into substrings that cover the text, skipping pages asked to", () => {
    const line = "Revenue increased because of higher volumes and prices in every segment of the business.\n";
    const pages = storedPages([line.repeat(60), "17", line.repeat(3)], true);
    const spans = passageSpans(pages, (p) => p.number === 3);
    expect(spans.every((s) => s.page === 0)).toBe(true);
    expect(spans.length).toBeGreaterThan(1);
    expect(spans.map((s) => pages[0]!.text.slice(s.start, s.start + s.length)).join("")).toBe(pages[0]!.text);
    for (const s of spans) expect(pages[0]!.text.slice(s.start, s.start + s.length).endsWith("\n")).toBe(true);
  });

  it("indexes neither a table of contents nor a page whose text layer is unreadable, and counts the unreadable ones", () => {
    const line = "Revenue increased because of higher volumes and prices in every segment of the business.\n";
    const contents = ["Item 1. Business", "Item 1A. Risk Factors", "Item 2. Properties", "Item 3. Legal Proceedings", "Item 7. Management's Discussion", "Item 8. Financial Statements"].join(" 4\n");
    const codes = readFileSync("test/fixtures/filing-pages/MCDONALDS_2022Q4_EARNINGS-p1.txt", "utf8");
    const pages = storedPages([line.repeat(3), contents, codes], true);
    expect(isContentsPage(contents)).toBe(true);
    const indexed = indexedPassages(pages, true);
    expect(indexed.unreadablePages).toBe(1);
    expect(new Set(indexed.spans.map((s) => s.page))).toEqual(new Set([0]));
    // A plain-text filing's block that lists items is text like any other; it has no contents pages.
    expect(new Set(indexedPassages(storedPages([contents], false), false).spans.map((s) => s.page))).toEqual(new Set([0]));
  });

  it("stores plain-text filings in blocks cut at paragraphs, joined as they were", () => {
    const text = ("A paragraph about revenue and costs. ".repeat(20) + "\n\n").repeat(40);
    const blocks = storedPages([text], false);
    expect(blocks.length).toBeGreaterThan(1);
    expect(documentText(blocks, false)).toBe(text);
    expect(blocks.every((b, i) => i === 0 || text.slice(b.start - 2, b.start) === "\n\n")).toBe(true);
  });
});

describe("company links", () => {
  const companies: CandidateCompany[] = [
    { id: 1, name: "JPMorgan Chase", currentName: null, cik: 19617, symbols: ["JPM"], inSp500: true, usListed: true },
    { id: 2, name: "Advanced Micro Devices", currentName: null, cik: 2488, symbols: ["AMD"], inSp500: true, usListed: true },
    { id: 3, name: "Block, Inc.", currentName: null, cik: 1512673, symbols: ["XYZ"], inSp500: true, usListed: true },
    { id: 4, name: "Block H&R", currentName: null, cik: 12659, symbols: ["HRB"], inSp500: true, usListed: true },
    { id: 5, name: "BXP, Inc.", currentName: null, cik: 1037540, symbols: ["BXP"], inSp500: true, usListed: true },
    { id: 6, name: "HubSpot, Inc.", currentName: null, cik: null, symbols: ["HUBS"], inSp500: false, usListed: true },
    // Named as of 2016; its later filings say today's name.
    { id: 7, name: "Ulta Salon Cosmetics & Fragrance Inc", currentName: "Ulta Beauty", cik: 1403568, symbols: ["ULTA"], inSp500: true, usListed: true },
  ];
  const doc = (sourceName: string, companyLabel: string | null, extra: Partial<SourceDocument> = {}): SourceDocument => ({
    source: "financebench",
    sourceName,
    companyLabel,
    ticker: null,
    sourceType: null,
    sourcePeriod: null,
    sourceUrl: null,
    filingDate: null,
    pages: [],
    hasPages: true,
    ...extra,
  });

  it("links by CIK in the link, label (today's name too), ticker-like label, name prefix, ticker and curated prefix", () => {
    const links = linkFilingCompanies(
      [
        doc("JPMORGAN_2022Q2_10Q", "JPMorgan"),
        doc("AMD_2022_10K", "AMD"),
        doc("BLOCK_2021_10K", "Block", { sourceUrl: "https://d18rn0p25nwr6d.cloudfront.net/CIK-0001512673/x.pdf" }),
        doc("BLOCK_2022_8K_dated-2022-01-28", null),
        doc("BOSTONPROPERTIES_2015_10K", null),
        doc("HUBS-10-Q-2025-08-06", null, { source: "edgartools", ticker: "HUBS" }),
        doc("UNKNOWN_2020_10K", null),
        doc("ULTABEAUTY_2023Q1_EARNINGS", "Ulta Beauty"),
      ],
      { companies, secTickers: new Map([["HUBS", { cik: 1404655 }]]), curated: new Map([["BOSTONPROPERTIES", 1037540]]) },
    );
    expect(links.map((l) => [l.companyId, l.cik, l.method])).toEqual([
      [1, 19617, "name"],
      [2, 2488, "name"],
      [3, 1512673, "cik"],
      [3, 1512673, "cik"],
      [5, 1037540, "curated"],
      [6, 1404655, "ticker"],
      [null, null, null],
      [7, 1403568, "name"],
    ]);
  });
});
