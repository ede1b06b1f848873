import type { Span } from "../highlights";
import { parseQuery } from "../query-text";
import { distinctWordLists, stem, textWords } from "../text-terms";

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

/** What the reader marks: single words by stem, and phrases (as stem lists) where their words stand together. */
export interface QueryMarks {
  stems: ReadonlySet<string>;
  phrases: readonly string[][];
}

/**
 * The words the queries search for (stopwords and question words left out, as the search does), and
 * the filing wording of their shorthand ("capex": the phrase capital expenditures, marked only
 * where its words stand together, as the search finds it).
 */
export function queryMarks(queries: readonly string[]): QueryMarks {
  const stems = new Set<string>();
  const phrases: string[][] = [];
  for (const query of queries) {
    const terms = parseQuery(query);
    for (const word of [...terms.words, ...terms.phrases.flat()]) stems.add(stem(word));
    for (const alternative of terms.alternatives) {
      const stemmed = alternative.map(stem);
      if (stemmed.length === 1) stems.add(stemmed[0]!);
      else phrases.push(stemmed);
    }
  }
  return { stems, phrases: distinctWordLists(phrases) };
}

const WORD = /[\p{L}\p{N}]+/gu;

function termPieces(text: string, marks: QueryMarks, hit: boolean): TextPiece[] {
  if (text === "") return [];
  if (marks.stems.size === 0 && marks.phrases.length === 0) return [{ text, term: false, hit }];
  const words = [...text.matchAll(WORD)].map((m) => ({ start: m.index, end: m.index + m[0].length, stems: textWords(m[0]).map(stem) }));
  const startsPhrase = (i: number, phrase: readonly string[]) => phrase.every((s, k) => words[i + k]?.stems.length === 1 && words[i + k]!.stems[0] === s);
  const pieces: TextPiece[] = [];
  let last = 0;
  for (let i = 0; i < words.length; i++) {
    const phrase = marks.phrases.find((p) => startsPhrase(i, p));
    const length = phrase?.length ?? (words[i]!.stems.some((s) => marks.stems.has(s)) ? 1 : 0);
    if (length === 0) continue;
    const { start } = words[i]!;
    const { end } = words[i + length - 1]!;
    if (start > last) pieces.push({ text: text.slice(last, start), term: false, hit });
    pieces.push({ text: text.slice(start, end), term: true, hit });
    last = end;
    i += length - 1;
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
export function markSpan(text: string, from: number, to: number, hit: Span | null, marks: QueryMarks): TextPiece[] {
  if (hit === null || hit.end <= from || hit.start >= to) return termPieces(text.slice(from, to), marks, false);
  const start = Math.max(from, hit.start);
  const end = Math.min(to, hit.end);
  return [...termPieces(text.slice(from, start), marks, false), ...termPieces(text.slice(start, end), marks, true), ...termPieces(text.slice(end, to), marks, false)];
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
