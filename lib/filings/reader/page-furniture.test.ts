import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { filingFurniture, furnitureLines } from "./page-furniture";
import { pageLines } from "./page-lines";

const fixture = (name: string) => readFileSync(`test/fixtures/filing-pages/${name}`, "utf8");
const edges = JSON.parse(fixture("3M_2018_10K-p40-70-edges.json")) as { first_page: number; pages: string[] };

const removed = (text: string, furniture: ReturnType<typeof filingFurniture>, page: number | null) =>
  [...furnitureLines(pageLines(text), furniture, page)].sort((a, b) => a.start - b.start).map((l) => l.text);

describe("page furniture of a PDF filing (3M 2018 10-K)", () => {
  // The pages before the fixture's first one count as pages without edges.
  const furniture = filingFurniture([...Array<string>(edges.first_page - 1).fill(""), ...edges.pages], true);

  it("learns the printed page numbering from the pages", () => {
    // PDF page 56 prints "56".
    expect(furniture.numberOffsets).toEqual(new Set([0]));
  });

  it("removes the Table of Contents link and the page number, and keeps the statement's title and numbers", () => {
    const text = fixture("3M_2018_10K-p56.txt");
    expect(removed(text, furniture, 56)).toEqual(["Table of Contents", "56"]);
    // On another page "56" is not that page's number.
    expect(removed(text, furniture, 57)).toEqual(["Table of Contents"]);
  });

  it("keeps a number that ends a page but is not its page number", () => {
    // PDF page 58 (the balance sheet) ends its edge lines with "59 / 11,622 / 37,987": values, not page numbers.
    const page58 = edges.pages[58 - edges.first_page]!;
    expect(removed(page58, furniture, 58)).toEqual(["Table of Contents"]);
  });
});

describe("page furniture of an EDGAR plain-text filing (Alphabet 2024 10-K)", () => {
  const text = fixture("GOOGL-10-K-2025-02-05-part6-start.txt");
  const furniture = filingFurniture([text], false);

  it("learns the running head printed after each Table of Contents link", () => {
    expect(furniture.running.has("alphabet inc.")).toBe(true);
  });

  it("removes each page break: page number, Table of Contents, running head", () => {
    expect(removed(text, furniture, null)).toEqual(["13.", "Table of Contents", "Alphabet Inc.", "14.", "Table of Contents", "Alphabet Inc.", "15.", "Table of Contents", "Alphabet Inc."]);
  });
});
