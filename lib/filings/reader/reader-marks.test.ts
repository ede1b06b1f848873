import { describe, expect, it } from "vitest";
import { markSpan, pageHit, parseHitParam, queryMarks, readerWindow } from "./reader-marks";

type Piece = { text: string; term: boolean; hit: boolean };
const text = (pieces: Piece[]) => pieces.map((p) => (p.term ? `[${p.text}]` : p.text)).join("");
const hitText = (pieces: Piece[]) => text(pieces.filter((p) => p.hit));

describe("markSpan and pageHit", () => {
  const page = "Capital expenditures rose. Purchases of property, plant and equipment were $1.6 billion.";
  const stems = queryMarks(["What were the capital expenditures?", '"property plant"']);

  it("marks the queries' words by stem, leaving stopwords and question words alone", () => {
    const marked = markSpan(page, 0, page.length, pageHit(page, 1000, null), stems);
    expect(marked.some((p) => p.hit)).toBe(false);
    expect(text(marked)).toBe("[Capital] [expenditures] rose. Purchases of [property], [plant] and equipment were $1.6 billion.");
  });

  it("marks the filing wording of a query's shorthand where its words stand together, as the search finds it", () => {
    const marked = markSpan(page, 0, page.length, null, queryMarks(["capex"]));
    expect(text(marked)).toBe("[Capital expenditures] rose. Purchases of property, plant and equipment were $1.6 billion.");
    // The words of a phrase apart are no mark; a one-word alternative is marked wherever it stands.
    const apart = "Capital was spent; expenditures fell. Shares were repurchased.";
    expect(text(markSpan(apart, 0, apart.length, null, queryMarks(["capex", "buybacks"])))).toBe("Capital was spent; expenditures fell. Shares were [repurchased].");
  });

  it("cuts out the hit passage by filing-text offsets, on its page only", () => {
    const start = 1000 + page.indexOf("Purchases");
    const hit = pageHit(page, 1000, { start, end: start + "Purchases of property".length });
    const marked = markSpan(page, 0, page.length, hit, stems);
    expect(text(marked)).toBe("[Capital] [expenditures] rose. Purchases of [property], [plant] and equipment were $1.6 billion.");
    expect(hitText(marked)).toBe("Purchases of [property]");
    expect(text(marked.slice(0, marked.findIndex((p) => p.hit)))).toBe("[Capital] [expenditures] rose. ");
    // A part of the page (a table cell) marks the part of the hit inside it.
    expect(hitText(markSpan(page, page.indexOf("of"), page.indexOf(","), hit, stems))).toBe("of [property]");
    expect(hitText(markSpan(page, page.indexOf("plant"), page.length, hit, stems))).toBe("");
    // A hit on another page marks nothing here.
    expect(pageHit(page, 1000, { start: 5000, end: 5100 })).toBeNull();
    expect(pageHit(page, 1000, { start: 10, end: 900 })).toBeNull();
    // A range running past this page is marked here only if it starts here.
    expect(pageHit(page, 1000, { start: 1000, end: 999_999 })).toEqual({ start: 0, end: page.length });
    expect(pageHit(page, 1000, { start: 900, end: 1010 })).toBeNull();
  });

  it("keeps every character", () => {
    const marked = markSpan(page, 0, page.length, pageHit(page, 0, { start: 3, end: 40 }), stems);
    expect(marked.map((p) => p.text).join("")).toBe(page);
    expect(marked.filter((p) => p.hit).map((p) => p.text).join("")).toBe(page.slice(3, 40));
  });
});

describe("readerWindow", () => {
  it("centres the target where it can and stays inside the filing", () => {
    expect(readerWindow(100, 50)).toEqual({ from: 48, to: 52 });
    expect(readerWindow(100, 1)).toEqual({ from: 1, to: 5 });
    expect(readerWindow(100, 99)).toEqual({ from: 96, to: 100 });
    expect(readerWindow(3, 2)).toEqual({ from: 1, to: 3 });
    expect(readerWindow(0, 1)).toEqual({ from: 1, to: 1 });
  });
});

describe("parseHitParam", () => {
  it("reads start-end ranges and refuses anything else", () => {
    expect(parseHitParam("251339-252874")).toEqual({ start: 251339, end: 252874 });
    for (const bad of [undefined, "", "5-5", "9-3", "a-b", "1-2-3", "-1-4", "1e3-2e3"]) expect(parseHitParam(bad)).toBeNull();
  });
});
