import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { hasUnreadableTextLayer, READABLE_SHARE_MIN, readableShare } from "./text-layer";

// Real page texts from the corpus (test/fixtures/filing-pages/README.md).
const fixture = (name: string) => readFileSync(`test/fixtures/filing-pages/${name}`, "utf8");

describe("hasUnreadableTextLayer", () => {
  it("finds the McDonald's 2022 Q4 release's page, whose fonts map glyphs to private codes", () => {
    const text = fixture("MCDONALDS_2022Q4_EARNINGS-p1.txt");
    expect(readableShare(text)).toBeLessThan(0.02);
    expect(hasUnreadableTextLayer(text)).toBe(true);
  });

  it("reads a contents page of dot leaders, a sales table in columns and every other fixture page as text", () => {
    // Lockheed's release page of contacts, e-mail addresses and a file path is the corpus's least readable real page (0.45).
    expect(readableShare(fixture("LOCKHEEDMARTIN_2023Q2_10Q-p14.txt"))).toBeGreaterThan(4 * READABLE_SHARE_MIN);
    // Leaders glued to entries ("INTRODUCTION.......1") split tokens: taken whole, the page read 0.22.
    expect(readableShare(fixture("BESTBUY_2021_10K-p89.txt"))).toBeGreaterThan(0.9);
    const pages = readdirSync("test/fixtures/filing-pages").filter((name) => name.endsWith(".txt") && !name.startsWith("MCDONALDS"));
    expect(pages.length).toBeGreaterThanOrEqual(7);
    for (const name of pages) expect([name, hasUnreadableTextLayer(fixture(name))]).toEqual([name, false]);
  });

  it("does not judge a page too short to tell", () => {
    expect(hasUnreadableTextLayer("ÿ0 0ÿ000 ÿ 0ÿ ÿ")).toBe(false);
    expect(readableShare("")).toBe(1);
  });

  it("keeps a page readable where codes are a part of its text, not most of it", () => {
    const prose = "Net sales increased 4% in the quarter, driven by higher comparable sales in every segment. ".repeat(4);
    const codes = fixture("MCDONALDS_2022Q4_EARNINGS-p1.txt");
    expect(hasUnreadableTextLayer(prose + codes.slice(0, prose.length))).toBe(false);
  });
});
