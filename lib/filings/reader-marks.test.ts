import { describe, expect, it } from "vitest";
import { markPage, parseHitParam, queryStems, readerWindow } from "./reader-marks";

const text = (pieces: { text: string; term: boolean }[]) => pieces.map((p) => (p.term ? `[${p.text}]` : p.text)).join("");

describe("markPage", () => {
  const page = "Capital expenditures rose. Purchases of property, plant and equipment were $1.6 billion.";
  const stems = queryStems(["What were the capital expenditures?", '"property plant"']);

  it("marks the queries' words by stem, leaving stopwords and question words alone", () => {
    const marked = markPage(page, 1000, null, stems);
    expect(marked.hit).toBeNull();
    expect(text(marked.before)).toBe("[Capital] [expenditures] rose. Purchases of [property], [plant] and equipment were $1.6 billion.");
  });

  it("cuts out the hit passage by filing-text offsets, on its page only", () => {
    const start = 1000 + page.indexOf("Purchases");
    const marked = markPage(page, 1000, { start, end: start + "Purchases of property".length }, stems);
    expect(text(marked.before)).toBe("[Capital] [expenditures] rose. ");
    expect(text(marked.hit!)).toBe("Purchases of [property]");
    expect(text(marked.after)).toBe(", [plant] and equipment were $1.6 billion.");
    // A hit on another page marks nothing here.
    expect(markPage(page, 1000, { start: 5000, end: 5100 }, stems).hit).toBeNull();
    expect(markPage(page, 1000, { start: 10, end: 900 }, stems).hit).toBeNull();
    // A range running past this page is marked here only if it starts here.
    expect(markPage(page, 1000, { start: 1000, end: 999_999 }, stems).after).toEqual([]);
    expect(markPage(page, 1000, { start: 900, end: 1010 }, stems).hit).toBeNull();
  });

  it("keeps every character", () => {
    const marked = markPage(page, 0, { start: 3, end: 40 }, stems);
    expect([...marked.before, ...marked.hit!, ...marked.after].map((p) => p.text).join("")).toBe(page);
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
