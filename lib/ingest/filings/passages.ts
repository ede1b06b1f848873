import { hasUnreadableTextLayer } from "@/lib/filings/reader/text-layer";
import { isContentsPage } from "./sections";

/**
 * Splits a filing into storage pages and searchable passages. PDF filings keep their pages; a
 * plain-text filing is stored in blocks cut at paragraph breaks (it has no pages). Passages are
 * spans of a page cut at line (or sentence) breaks, so their text is a substring of the page and
 * is stored once.
 */
export interface StoredPage {
  /** 1-based page number (PDF) or block number (plain text). */
  number: number;
  /** Offset of the page in the document text (pages joined by form feeds, as pdftotext writes them). */
  start: number;
  text: string;
  /** The page's opening lines ("Consolidated Statement of Cash Flows"), indexed with each of its passages. */
  title: string | null;
}

export interface PassageSpan {
  /** Index into the document's pages. */
  page: number;
  /** Offset and length within the page text. */
  start: number;
  length: number;
}

const PASSAGE_TARGET = 1500;
const PASSAGE_MAX = 2600;
const PASSAGE_MIN = 400;
const BLOCK_TARGET = 12_000;
/** A passage needs this many letters to be worth indexing (skips page numbers, blank pages). */
const MIN_LETTERS = 20;

/** Pages of a PDF filing joined by form feeds, or blocks of a plain-text one (joined as they were). */
export function storedPages(pages: string[], hasPages: boolean): StoredPage[] {
  if (hasPages) {
    let start = 0;
    return pages.map((text, i) => {
      const page = { number: i + 1, start, text, title: pageTitle(text) };
      start += text.length + 1;
      return page;
    });
  }
  const text = pages.join("");
  const blocks: StoredPage[] = [];
  let start = 0;
  while (start < text.length) {
    let end = Math.min(text.length, start + BLOCK_TARGET);
    if (end < text.length) {
      const breakAt = text.indexOf("\n\n", end);
      end = breakAt === -1 || breakAt - start > BLOCK_TARGET * 2 ? end : breakAt + 2;
    }
    blocks.push({ number: blocks.length + 1, start, text: text.slice(start, end), title: null });
    start = end;
  }
  return blocks;
}

/** The document text the page offsets refer to. */
export const documentText = (pages: StoredPage[], hasPages: boolean) => pages.map((p) => p.text).join(hasPages ? "\f" : "");

/** The first lines of a page with words in them, without running heads such as "Table of Contents". */
export function pageTitle(text: string): string | null {
  const lines = text
    .split("\n")
    .map((line) => line.replace(/\s+/g, " ").trim())
    .filter((line) => /[A-Za-z]{3}/.test(line) && !/^(table of contents|index|contents)$/i.test(line));
  const title = lines.slice(0, 2).join(" ").slice(0, 160);
  return title || null;
}

/**
 * The passages to index, and how many pages have an unreadable text layer: those pages and a PDF's
 * tables of contents (they would match every query about any item) are stored for the reader only.
 */
export function indexedPassages(pages: StoredPage[], hasPages: boolean): { spans: PassageSpan[]; unreadablePages: number } {
  const unreadable = new Set(pages.filter((page) => hasUnreadableTextLayer(page.text)));
  const spans = passageSpans(pages, (page) => unreadable.has(page) || (hasPages && isContentsPage(page.text)));
  return { spans, unreadablePages: unreadable.size };
}

/**
 * Cut points of each page: after line breaks near the target length, else after a sentence or a
 * space. Pages for which `skip` is true (tables of contents) get no passages.
 */
export function passageSpans(pages: StoredPage[], skip: (page: StoredPage) => boolean = () => false): PassageSpan[] {
  const spans: PassageSpan[] = [];
  pages.forEach((page, index) => {
    if (skip(page)) return;
    const text = page.text;
    let start = 0;
    const pageSpans: PassageSpan[] = [];
    while (start < text.length) {
      let end = text.length;
      if (text.length - start > PASSAGE_MAX) {
        end = cutPoint(text, start);
      }
      pageSpans.push({ page: index, start, length: end - start });
      start = end;
    }
    // A short tail joins the passage before it.
    const last = pageSpans.at(-1);
    const before = pageSpans.at(-2);
    if (last && before && last.length < PASSAGE_MIN && before.length + last.length <= PASSAGE_MAX + PASSAGE_MIN) {
      before.length += last.length;
      pageSpans.pop();
    }
    for (const span of pageSpans) {
      const letters = text.slice(span.start, span.start + span.length).match(/[A-Za-z]/g)?.length ?? 0;
      if (letters >= MIN_LETTERS) spans.push(span);
    }
  });
  return spans;
}

function cutPoint(text: string, start: number): number {
  const window = text.slice(start + PASSAGE_TARGET, start + PASSAGE_MAX);
  for (const separator of ["\n\n", "\n", ". ", " "]) {
    const at = window.indexOf(separator);
    if (at !== -1) return start + PASSAGE_TARGET + at + separator.length;
  }
  return start + PASSAGE_MAX;
}
