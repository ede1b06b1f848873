import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { findSections } from "@/lib/ingest/filings/sections";
import { filingHtmlToText } from "./filing-html";

// Real EDGAR documents recorded in dgunning/edgartools (test/fixtures/edgar/README.md).
const texts = new Map<string, string>();
function fixtureText(name: string): string {
  let text = texts.get(name);
  if (text === undefined) {
    text = filingHtmlToText(readFileSync(`test/fixtures/edgar/${name}`, "utf8"));
    texts.set(name, text);
  }
  return text;
}

/** The text holds `line` as a paragraph of its own. */
function hasParagraph(text: string, line: string): boolean {
  return `\n\n${text}\n\n`.includes(`\n\n${line}\n\n`);
}

function sectionKeys(text: string): string[] {
  return findSections(text).map((s) => s.key);
}

/** The sections with these keys, in document order by their offsets. */
function expectAscending(text: string, keys: string[]): void {
  const sections = findSections(text);
  const starts = keys.map((key) => sections.find((s) => s.key === key)?.start);
  expect(starts.every((start) => start !== undefined), `${keys.join(", ")} in ${sections.map((s) => s.key).join(", ")}`).toBe(true);
  expect(starts).toEqual([...starts].sort((a, b) => a! - b!));
}

describe("filingHtmlToText on Apple's 2024 10-K (inline XBRL)", () => {
  const text = () => fixtureText("Apple.10-K.html");

  it("writes each table row as one paragraph of its non-empty cells", () => {
    expect(hasParagraph(text(), "Total net sales $ 391,035 2 % $ 383,285 (3) % $ 394,328")).toBe(true);
    expect(hasParagraph(text(), "Americas $ 167,045 3 % $ 162,560 (4) % $ 169,658")).toBe(true);
    expect(hasParagraph(text(), "iPhone $ 201,183 — % $ 200,583 (2) % $ 205,489")).toBe(true);
  });

  it("drops the ix:header (hidden facts, contexts, units)", () => {
    for (const hidden of ["xbrli:", "us-gaap:", "dei:", "iso4217:", "c-1", "--09-28", "0000320193"]) expect(text()).not.toContain(hidden);
    expect(text().startsWith("UNITED STATES\n\nSECURITIES AND EXCHANGE COMMISSION")).toBe(true);
  });

  it("lets findSections find the items in order, each at its heading", () => {
    const keys = ["PART I ITEM 1", "PART I ITEM 1A", "PART II ITEM 7", "PART II ITEM 7A", "PART II ITEM 8"];
    expectAscending(text(), keys);
    const mdna = findSections(text()).find((s) => s.key === "PART II ITEM 7")!;
    expect(text().slice(mdna.start)).toMatch(/^Item 7\. Management’s Discussion and Analysis of Financial Condition and Results of Operations\n\n/);
    // Item 1 follows the table of contents by a page of forward-looking statements, 2,000 characters.
    const business = findSections(text())[0]!;
    expect(business).toMatchObject({ key: "PART I ITEM 1", title: "PART I Item 1. Business" });
    expect(text().slice(business.start)).toMatch(/^PART I\n\nItem 1\. Business\n\nCompany Background/);
  });

  it("finds the short items that follow one another (each has its sentence), not the contents' lines", () => {
    const sections = findSections(text());
    for (const key of ["PART II ITEM 9B", "PART III ITEM 10", "PART III ITEM 11", "PART III ITEM 12", "PART III ITEM 13", "PART III ITEM 14"]) {
      expect(sections.map((s) => s.key)).toContain(key);
    }
    const contentsEnd = text().indexOf("Item 16. Form 10-K Summary");
    expect(sections.every((s) => s.start > contentsEnd)).toBe(true);
  });

  it("keeps the table of contents, one row per line", () => {
    expect(hasParagraph(text(), "Item 7A. Quantitative and Qualitative Disclosures About Market Risk 27")).toBe(true);
  });
});

describe("filingHtmlToText on other filings", () => {
  it("Apple's 10-Q: Part I Item 2 (MD&A) is found", () => {
    const text = fixtureText("Apple.10-Q.html");
    const mdna = findSections(text).find((s) => s.key === "PART I ITEM 2");
    expect(mdna?.title).toBe("Item 2. Management’s Discussion and Analysis of Financial Condition and Results of Operations");
  });

  it("Buckle's EX-99.1 earnings release: the quarter's net sales and net income, and no SGML header", () => {
    const text = fixtureText("BuckleInc.8-K.EX99.1.html");
    expect(text.startsWith("Exhibit 99.1\n\n")).toBe(true);
    expect(text).toContain("net income for the fiscal quarter ended November 2, 2024 was $44.2 million, or $0.89 per share");
    expect(text).toContain("Net sales for the 13-week fiscal quarter ended November 2, 2024 decreased 3.2 percent to $293.6 million");
    expect(hasParagraph(text, "SALES, Net of returns and allowances $ 293,618 $ 303,457 $ 838,490 $ 878,719")).toBe(true);
    expect(hasParagraph(text, "NET INCOME $ 44,172 $ 51,762 $ 118,270 $ 140,338")).toBe(true);
  });

  it("Buckle's 8-K: Items 2.02 and 9.01", () => {
    expect(sectionKeys(fixtureText("BuckleInc.8-K.html"))).toEqual(["ITEM 2.02", "ITEM 9.01"]);
  });

  it("Oracle's 10-Q and Nvidia's 10-K convert, with their items found", () => {
    expectAscending(fixtureText("Oracle.10-Q.html"), ["PART I ITEM 1", "PART I ITEM 2", "PART II ITEM 1A"]);
    expectAscending(fixtureText("Nvidia.10-K.html"), ["PART I ITEM 1", "PART I ITEM 1A", "PART II ITEM 7", "PART II ITEM 7A", "PART II ITEM 8"]);
  });
});

describe("filingHtmlToText rules", () => {
  it("breaks paragraphs at block elements only, collapsing whitespace and decoding entities", () => {
    const html = "<div><span>Net</span><b>&#160;sales</b>\n  <a href='#x'>grew</a></div><p>Item&nbsp;7.&#8195;MD&amp;A<br/>Next</p><h2>Heading</h2>";
    expect(filingHtmlToText(html)).toBe("Net sales grew\n\nItem 7. MD&A\n\nNext\n\nHeading");
  });

  it("drops ix:header, display:none, script, style and head; keeps ix:nonFraction in place", () => {
    const html = [
      "<html><head><title>aapl-20240928</title><style>p{}</style></head><body>",
      "<div style='display:none'><ix:header><ix:hidden><ix:nonNumeric name='dei:AmendmentFlag'>false</ix:nonNumeric></ix:hidden>",
      "<ix:resources><xbrli:context id='c-1'><xbrli:entity>0000320193</xbrli:entity></xbrli:context></ix:resources></ix:header></div>",
      "<p>Revenue was $<ix:nonFraction name='us-gaap:Revenues' contextRef='c-1'>391,035</ix:nonFraction> million.</p>",
      "<script>var x = '<p>not text</p>';</script><span style='color:red; DISPLAY: none'>hidden</span></body></html>",
    ].join("");
    expect(filingHtmlToText(html)).toBe("Revenue was $391,035 million.");
  });

  it("writes a row's non-empty cells on one line and a one-cell table as paragraphs", () => {
    const html = [
      "<table><tr><td><div>Total net</div><div>sales</div></td><td></td><td>$</td><td>391,035</td><td>(3</td><td>)%</td></tr>",
      "<tr><td>&#160;</td></tr></table>",
      "<table><tr><td><p>First paragraph.</p><p>Second paragraph.</p></td></tr><tr><td>Third.</td></tr></table>",
    ].join("");
    expect(filingHtmlToText(html)).toBe("Total net sales $ 391,035 (3 )%\n\nFirst paragraph.\n\nSecond paragraph.\n\nThird.");
  });

  it("reads a table nested in a cell as part of that cell", () => {
    const html = "<table><tr><td>Outer</td><td><table><tr><td>a</td><td>b</td></tr></table></td></tr></table>";
    expect(filingHtmlToText(html)).toBe("Outer a b");
  });

  it("does not throw on malformed HTML and returns what it read", () => {
    const snippets = [
      "<div><p>Item 7. MD&A<table><tr><td>Revenue<td>$<td>1,000</table",
      "</td></tr></table></div><b>bold<i>italic",
      "<div style='display:none'>never closed",
      "<<>>&&#xZZZZ;<ix:header><td><tr>",
      "",
    ];
    const texts = snippets.map((html) => filingHtmlToText(html));
    expect(texts[0]).toBe("Item 7. MD&A\n\nRevenue $ 1,000");
    expect(texts[1]).toBe("bolditalic");
    expect(texts[2]).toBe("");
    expect(texts[4]).toBe("");
  });

  it("reads deep or broken nesting in one pass (no per-tag cost in the depth)", () => {
    const depth = 50_000;
    expect(filingHtmlToText(`${"<span>".repeat(depth)}deep${"</div>".repeat(depth)}<p>after</p>`)).toBe("deep\n\nafter");
    const tables = filingHtmlToText(`${"<table><tr><td>x".repeat(depth)}`);
    expect(tables.split("\n\n").every((p) => /^x( x)*$/.test(p))).toBe(true);
    expect(tables.replace(/\s/g, "").length).toBe(depth);
  });
});
