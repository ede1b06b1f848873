import { type Line, lineShape, pageLines } from "./page-lines";

/**
 * Page furniture: what a printed filing repeats on its pages rather than says (page numbers,
 * running heads and feet, "Table of Contents" links back to the contents). The reader leaves it
 * out; the stored text keeps it, so search offsets stay those of the source. Pure.
 *
 * PDF pages (FinanceBench) carry it in their first and last lines. HTML-derived plain text
 * (EDGAR) has no pages, but each printed page break reads "15 / Table of Contents / Alphabet Inc.":
 * there the lines around each "Table of Contents" are the page edges.
 */

export interface FilingFurniture {
  /** Shapes (lineShape) of the lines repeated at page edges: running heads and feet. */
  running: Set<string>;
  /**
   * PDF: printed page number minus PDF page number, for each numbering the pages carry (the 10-K,
   * then an exhibit numbered from 1 again).
   */
  numberOffsets: Set<number>;
}

const CONTENTS_LINK = /^(?:table of contents|index to financial statements|contents|index)$/i;
/** "15", "Page 15", "- 15 -", "15 of 120": a page number standing alone on its line. */
const PAGE_NUMBER = /^(?:page\s+)?[-–—]?\s*(\d{1,3})\s*[-–—]?(?:\s+of\s+\d{1,4})?\.?$/i;
/** Lines at each edge of a page that may be furniture. */
const EDGE_LINES = 3;
/** A line counts as running when it sits at a page edge on this share of the pages ... */
const RUNNING_SHARE = 0.2;
/** ... and on at least this many. */
const RUNNING_MIN = 3;
/** A page numbering counts when this share of the pages carry it (an exhibit may be short). */
const NUMBERING_SHARE = 0.05;

const filled = (text: string) => pageLines(text).filter((l) => l.text !== "");
const edgeLines = (lines: Line[]) => (lines.length <= 2 * EDGE_LINES ? lines : [...lines.slice(0, EDGE_LINES), ...lines.slice(-EDGE_LINES)]);

/** The non-blank lines at the edges of each printed page of a filing. */
function edges(pages: readonly string[], hasPages: boolean): Line[][] {
  if (hasPages) return pages.map((text) => edgeLines(filled(text)));
  const out: Line[][] = [];
  for (const text of pages) {
    const lines = filled(text);
    lines.forEach((line, i) => {
      if (CONTENTS_LINK.test(line.text)) out.push(lines.slice(Math.max(0, i - 2), i + 3));
    });
  }
  return out;
}

/** The values occurring at least `needed` times. */
function frequent<T>(values: Iterable<T>, needed: number): Set<T> {
  const counts = new Map<T, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  return new Set([...counts].filter(([, count]) => count >= needed).map(([value]) => value));
}

/** What a filing repeats at its page edges, learnt from all its pages. */
export function filingFurniture(pages: readonly string[], hasPages: boolean): FilingFurniture {
  const pageEdges = edges(pages, hasPages);
  // A shape without letters ("#", "(#)") is a number, not a running line.
  const shapes = pageEdges.flatMap((lines) => [...new Set(lines.map((l) => lineShape(l.text)).filter((s) => /[a-z]/.test(s)))]);
  const running = frequent(shapes, Math.max(RUNNING_MIN, RUNNING_SHARE * pageEdges.length));
  if (!hasPages) return { running, numberOffsets: new Set() };
  const offsets = pageEdges.flatMap((lines, i) => [...new Set(lines.flatMap((l) => (PAGE_NUMBER.test(l.text) ? [Number(PAGE_NUMBER.exec(l.text)![1]) - (i + 1)] : [])))]);
  return { running, numberOffsets: frequent(offsets, Math.max(RUNNING_MIN, NUMBERING_SHARE * pageEdges.length)) };
}

/**
 * The lines of one page that are furniture. PDF (`page` is its number): page numbers that follow
 * the filing's numbering, running lines and "Table of Contents" at the page edges. Plain text
 * (`page` null): every "Table of Contents" line, with the page number before it and the running
 * head after it.
 */
export function furnitureLines(lines: readonly Line[], furniture: FilingFurniture, page: number | null): Set<Line> {
  const out = new Set<Line>();
  const content = lines.filter((l) => l.text !== "");
  const isFurniture = (line: Line) => {
    if (CONTENTS_LINK.test(line.text) || furniture.running.has(lineShape(line.text))) return true;
    const number = PAGE_NUMBER.exec(line.text);
    if (!number) return false;
    return page === null || furniture.numberOffsets.has(Number(number[1]) - page);
  };
  // Furniture is peeled from an edge inwards: the first line that is content stops it.
  const peel = (ordered: Line[]) => {
    for (const line of ordered.slice(0, EDGE_LINES)) {
      if (!isFurniture(line)) break;
      out.add(line);
    }
  };
  if (page !== null) {
    peel(content);
    peel([...content].reverse());
    return out;
  }
  content.forEach((line, i) => {
    if (!CONTENTS_LINK.test(line.text)) return;
    out.add(line);
    peel(content.slice(Math.max(0, i - 2), i).reverse());
    peel(content.slice(i + 1, i + 3));
  });
  return out;
}
