/**
 * Passages of one filing that show the same snippet (a footnote printed under two tables, a
 * paragraph repeated in two sections): the later one shows nothing the first does not. Near-duplicate
 * detection at ingest (passage-twins.ts) cannot see them, since the passages around the repeated
 * text differ. A snippet is known only once its passage's highlights are read, an FTS5 query of
 * about half a millisecond with a request's many terms, and a date-sorted request keeps up to 500
 * hits; so two snippets are compared only when their passages share a run of RUN words, as two
 * passages showing the same 280-character window (about 40 words of prose) do.
 */
import { once } from "@/lib/once";
import { wordHashes } from "./word-hashes";

const RUN = 24;

/** A copy of the text's word hashes: words compare case folded, whatever the quote marks and line breaks. */
function wordsOf(text: string): Int32Array {
  const { hashes, count } = wordHashes(text);
  return hashes.slice(0, count);
}

/** Hashes of every run of RUN consecutive words (a collision costs one comparison of snippets). */
function wordRuns(text: string): Set<number> {
  const words = wordsOf(text);
  const runs = new Set<number>();
  for (let i = 0; i + RUN <= words.length; i++) {
    let h = 0;
    for (let w = i; w < i + RUN; w++) h = Math.imul(h ^ words[w]!, 0x9e3779b1) ^ (h >>> 15);
    runs.add(h);
  }
  return runs;
}

function sharesRun(a: Set<number>, b: Set<number>): boolean {
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  for (const h of small) if (large.has(h)) return true;
  return false;
}

function sameWords(a: Int32Array, b: Int32Array): boolean {
  return a.length === b.length && a.every((h, i) => h === b[i]);
}

interface Shown<T> {
  runs: Set<number>;
  words: () => Int32Array;
  value: T;
}

/** The hits shown so far, by filing, to find which earlier hit a passage repeats. */
export class RepeatedSnippets<T> {
  private readonly byFiling = new Map<string, Shown<T>[]>();

  /**
   * The hit shown earlier from `filing` whose snippet reads as this passage's, if any; otherwise the
   * passage is recorded as shown, as `value`. `snippet` gives the passage's snippet (read only when compared).
   */
  repeatOrAdd(filing: string, text: string, snippet: () => string, value: T): T | null {
    const runs = wordRuns(text);
    const words = once(() => wordsOf(snippet()));
    const shown = this.byFiling.get(filing) ?? [];
    const earlier = shown.find((s) => sharesRun(s.runs, runs) && sameWords(s.words(), words()));
    if (earlier) return earlier.value;
    shown.push({ runs, words, value });
    this.byFiling.set(filing, shown);
    return null;
  }
}
