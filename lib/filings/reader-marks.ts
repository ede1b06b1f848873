import type { Span } from "./highlights";
import { isTopicWord, parseQuery } from "./query-text";
import { stem, textWords } from "./text-terms";

/**
 * What the document reader marks in a page: the words of the queries (matched as the keyword
 * search matches them, by Porter stem) and the passage a search hit points at. Pure.
 */

export interface TextPiece {
  text: string;
  /** A word of the queries. */
  term: boolean;
  /** Part of the passage the search hit points at. */
  hit: boolean;
}

/**
 * Stems of the words the queries search for, with the filing wording of their shorthand ("capex":
 * capital expenditures); stopwords and question words left out, as the search does.
 */
export function queryStems(queries: readonly string[]): Set<string> {
  const stems = new Set<string>();
  for (const query of queries) {
    const terms = parseQuery(query);
    for (const word of [...terms.words, ...terms.phrases.flat(), ...terms.alternatives.flat().filter(isTopicWord)]) stems.add(stem(word));
  }
  return stems;
}

const WORD = /[\p{L}\p{N}]+/gu;

function termPieces(text: string, stems: ReadonlySet<string>, hit: boolean): TextPiece[] {
  if (text === "") return [];
  if (stems.size === 0) return [{ text, term: false, hit }];
  const pieces: TextPiece[] = [];
  let last = 0;
  for (const match of text.matchAll(WORD)) {
    if (!textWords(match[0]).some((word) => stems.has(stem(word)))) continue;
    if (match.index > last) pieces.push({ text: text.slice(last, match.index), term: false, hit });
    pieces.push({ text: match[0], term: true, hit });
    last = match.index + match[0].length;
  }
  if (last < text.length) pieces.push({ text: text.slice(last), term: false, hit });
  return pieces;
}

/**
 * The hit passage in offsets of a page's text (`hit` in offsets of the whole filing text,
 * `pageOffset` where this page starts in it); null when it does not start on this page. A passage
 * lies within one page: a hand-edited range over several pages is marked on its first page only.
 */
export function pageHit(text: string, pageOffset: number, hit: Span | null): Span | null {
  if (hit === null) return null;
  const start = hit.start - pageOffset;
  if (start < 0 || start >= text.length) return null;
  return { start, end: Math.min(text.length, hit.end - pageOffset) };
}

/** `text[from, to)` cut at the hit (page offsets) and at the query words. */
export function markSpan(text: string, from: number, to: number, hit: Span | null, stems: ReadonlySet<string>): TextPiece[] {
  if (hit === null || hit.end <= from || hit.start >= to) return termPieces(text.slice(from, to), stems, false);
  const start = Math.max(from, hit.start);
  const end = Math.min(to, hit.end);
  return [...termPieces(text.slice(from, start), stems, false), ...termPieces(text.slice(start, end), stems, true), ...termPieces(text.slice(end, to), stems, false)];
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
