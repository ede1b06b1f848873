import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { queryMarks } from "./reader-marks";
import { type ReaderBlock, readerPage } from "./reader-page";

// 3M's 2018 income statement (FinanceBench PDF page 56, which prints "56" at its foot).
const text = readFileSync("test/fixtures/filing-pages/3M_2018_10K-p56.txt", "utf8");
const furniture = { running: new Set<string>(), numberOffsets: new Set([0]) };
const PAGE_AT = 200_000;

const plain = (blocks: ReaderBlock[]) =>
  blocks.map((b) => {
    if (b.kind === "unreadable") return "(unreadable)";
    if (b.kind === "text") return b.pieces.map((p) => p.text).join("");
    return b.rows.map((r) => [r.label, ...r.cells].map((c) => c?.pieces.map((p) => p.text).join("") ?? "").join(" | ")).join("\n");
  });

describe("readerPage", () => {
  it("shows the title as text, the statement as a table, and no page furniture", () => {
    const page = readerPage(text, PAGE_AT, 56, furniture, null, queryMarks([]));
    expect(page.blocks.map((b) => b.kind)).toEqual(["text", "table", "text"]);
    const [title, table, foot] = plain(page.blocks);
    expect(title).toBe("3M Company and Subsidiaries\nConsolidated Statement of Incom e\nYears ended December 31\n(Millions, except per share amounts)");
    expect(table).toContain("Cost of sales | 16,682 | 16,055 | 15,118");
    expect(foot).toBe("The accompanying Notes to Consolidated Financial Statements are an integral part of this statement.");
    expect(page.anchor).toBeNull();
  });

  it("marks a hit inside the table on exactly its cells, and the query words in the labels", () => {
    const start = text.indexOf("(547)");
    const page = readerPage(text, PAGE_AT, 56, furniture, { start: PAGE_AT + start, end: PAGE_AT + start + 5 }, queryMarks(["gain on sale"]));
    const table = page.blocks.find((b) => b.kind === "table")!;
    if (table.kind !== "table") throw new Error("no table");
    const gain = table.rows.find((r) => r.label?.pieces.some((p) => p.term && p.text === "Gain"))!;
    expect(gain.label!.pieces.filter((p) => p.term).map((p) => p.text)).toEqual(["Gain", "sale"]);
    expect(gain.cells[0]!.pieces).toEqual([{ text: "(547)", term: false, hit: true }]);
    expect(page.anchor).toBe(gain.cells[0]!.pieces[0]);
    const hits = page.blocks.flatMap((b) => (b.kind === "table" ? b.rows.flatMap((r) => [r.label, ...r.cells]) : [])).flatMap((c) => c?.pieces ?? []).filter((p) => p.hit);
    expect(hits).toHaveLength(1);
  });

  it("marks a hit covering the page on the title first, where the reader scrolls", () => {
    const page = readerPage(text, PAGE_AT, 56, furniture, { start: PAGE_AT, end: PAGE_AT + text.length }, queryMarks([]));
    expect(page.anchor!.text.startsWith("3M Company and Subsidiaries")).toBe(true);
    expect(page.blocks.every((b) => b.kind !== "text" || b.pieces.every((p) => p.hit))).toBe(true);
  });

  it("shows a page whose text layer is unreadable as one notice, with nothing to mark or scroll to", () => {
    const codes = readFileSync("test/fixtures/filing-pages/MCDONALDS_2022Q4_EARNINGS-p1.txt", "utf8");
    const page = readerPage(codes, 0, 1, furniture, { start: 0, end: codes.length }, queryMarks(["sales"]));
    expect(plain(page.blocks)).toEqual(["(unreadable)"]);
    expect(page.anchor).toBeNull();
  });
});
