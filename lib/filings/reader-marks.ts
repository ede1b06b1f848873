import type { Span } from "./highlights";
import { parseQuery } from "./query-text";
import { stem, textWords } from "./text-terms";

/**
 * What the document reader marks in a page: the words of the queries (matched as the keyword
 * search matches them, by Porter stem) and the passage a search hit points at. Pure.
 */

export interface TextPiece {
  text: string;
  /** A word of the queries. */
  term: boolean;
}

export interface MarkedPage {
  before: TextPiece[];
  /** The hit passage, when it lies on this page. */
  hit: TextPiece[] | null;
  after: TextPiece[];
}

/** Stems of the words the queries search for (stopwords and question words left out, as the search does). */
export function queryStems(queries: readonly string[]): Set<string> {
  const stems = new Set<string>();
  for (const query of queries) {
    const terms = parseQuery(query);
    for (const word of [...terms.words, ...terms.phrases.flat()]) stems.add(stem(word));
  }
  return stems;
}

const WORD = /[\p{L}\p{N}]+/gu;

function termPieces(text: string, stems: ReadonlySet<string>): TextPiece[] {
  if (text === "") return [];
  if (stems.size === 0) return [{ text, term: false }];
  const pieces: TextPiece[] = [];
  let last = 0;
  for (const match of text.matchAll(WORD)) {
    if (!textWords(match[0]).some((word) => stems.has(stem(word)))) continue;
    if (match.index > last) pieces.push({ text: text.slice(last, match.index), term: false });
    pieces.push({ text: match[0], term: true });
    last = match.index + match[0].length;
  }
  if (last < text.length) pieces.push({ text: text.slice(last), term: false });
  return pieces;
}

/**
 * A page's text cut at the hit passage (`hit` in offsets of the whole filing text, `pageOffset`
 * where this page starts in it) and at the query words.
 */
export function markPage(text: string, pageOffset: number, hit: Span | null, stems: ReadonlySet<string>): MarkedPage {
  const start = hit === null ? -1 : hit.start - pageOffset;
  const end = hit === null ? -1 : hit.end - pageOffset;
  // A passage lies within one page: the hit is marked on the page where it starts (a hand-edited
  // range over several pages still marks one element).
  if (hit === null || start < 0 || start >= text.length) return { before: termPieces(text, stems), hit: null, after: [] };
  const to = Math.min(text.length, end);
  return {
    before: termPieces(text.slice(0, start), stems),
    hit: termPieces(text.slice(start, to), stems),
    after: termPieces(text.slice(to), stems),
  };
}

/** Pages the reader shows around `target`: `size` consecutive pages, `target` in the middle where it can be. */
export function readerWindow(pageCount: number, target: number, size = 5): { from: number; to: number } {
  const last = Math.max(1, pageCount);
  const from = Math.min(Math.max(1, target - Math.floor(size / 2)), Math.max(1, last - size + 1));
  return { from, to: Math.min(last, from + size - 1) };
}

/** The `hit` parameter of a reader link, `start-end` in filing-text offsets; null when absent or not such a range. */
export function parseHitParam(value: string | undefined): Span | null {
  const match = value?.match(/^(\d{1,9})-(\d{1,9})$/);
  if (!match) return null;
  const span = { start: Number(match[1]), end: Number(match[2]) };
  return span.end > span.start ? span : null;
}
