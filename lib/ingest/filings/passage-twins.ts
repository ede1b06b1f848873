/**
 * Near-duplicate passages: boilerplate a company repeats across its filings (risk factors,
 * accounting policies, forward-looking statements). MinHash over word shingles estimates the
 * Jaccard similarity of two passages' shingle sets; locality-sensitive hashing (bands of the
 * signature) finds candidate pairs without comparing every pair, and a candidate pair counts when
 * its signatures agree on at least TWIN_TUNING.similarity of their hashes and both state the same
 * numbers: a paragraph repeated with this year's figures ("$166 billion utilized as of September
 * 30, 2017" against 2015's "$104 billion") says something new, and collapsing it would hide that.
 */
import { z } from "zod";
import { SqlId } from "@/lib/db/sql-rows";
import { wordHashes } from "@/lib/filings/word-hashes";

export const TWIN_TUNING = {
  /** Words per shingle. */
  shingle: 5,
  /** Hash functions of a signature: bands × rows. */
  bands: 8,
  rows: 4,
  /** Estimated Jaccard similarity two passages need to be twins. */
  similarity: 0.8,
  /** Passages with fewer words are not compared (headings and table scraps repeat without being boilerplate). */
  minWords: 25,
  /**
   * One shingle in this many (chosen by its hash, so the same in every passage) enters the
   * signature: Jaccard similarity of the sampled sets estimates that of the whole sets, at a
   * fraction of the hashing (it keeps the stage to a few seconds of a 90-second ingest).
   */
  sampling: 4,
};

/** A passage as the ingest reads it back to find twins. */
export const PassageText = z.object({
  id: SqlId,
  /** Twins are only looked for within a company's filings. */
  companyId: SqlId,
  text: z.string(),
});
export type PassageText = z.output<typeof PassageText>;

/** A 32-bit integer mix (MurmurHash3's finaliser) of x and a seed: one hash function per seed. */
function mix(x: number, seed: number): number {
  let h = x ^ seed;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return h ^ (h >>> 16);
}

const HASHES = TWIN_TUNING.bands * TWIN_TUNING.rows;
/** Per hash function: a seed to xor and an odd multiplier (a cheap family over already mixed shingle hashes). */
const SEEDS = Int32Array.from({ length: HASHES }, (_, i) => mix(i + 1, 0x9e3779b9));
const MULTIPLIERS = Int32Array.from({ length: HASHES }, (_, i) => mix(i + 1, 0x7f4a7c15) | 1);

/** The MinHash signature of a text's word shingles, or null when it is too short to compare. */
export function minhashSignature(text: string): Int32Array | null {
  const { hashes: words, count } = wordHashes(text);
  if (count < TWIN_TUNING.minWords) return null;
  // Signed 32-bit values (any total order serves MinHash) stay small integers in V8: no boxing.
  const signature = new Int32Array(HASHES).fill(0x7fffffff);
  let sampled = 0;
  for (let i = 0; i + TWIN_TUNING.shingle <= count; i++) {
    let shingle = 0;
    for (let w = i; w < i + TWIN_TUNING.shingle; w++) shingle = mix(shingle, words[w]!);
    if ((shingle >>> 0) % TWIN_TUNING.sampling !== 0) continue;
    sampled++;
    for (let s = 0; s < HASHES; s++) {
      const h = Math.imul(shingle ^ SEEDS[s]!, MULTIPLIERS[s]!);
      if (h < signature[s]!) signature[s] = h;
    }
  }
  return sampled > 0 ? signature : null;
}

/** A number with what marks it as a figure: a currency sign before, a unit after, thousands separators or decimals. */
const NUMBER = /(\$\s*)?(\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)(\s*(?:%|percent|million|billion|thousand))?/gi;

/**
 * The figures a text states, as one key ("$1,290" and "1290 million" alike): twins state the same
 * ones. Bare small whole numbers are not figures (page numbers and running headers, "Item 7",
 * "Note 12", days of the month), nor are years: boilerplate dated "December 31, 2017" one year
 * and "2018" the next says the same.
 */
export function numbersKey(text: string): string {
  const figures = new Set<string>();
  for (const [, currency, digits, unit] of text.matchAll(NUMBER)) {
    if (currency !== undefined || unit !== undefined || /[,.]/.test(digits!)) figures.add(digits!.replace(/,/g, ""));
  }
  return [...figures].sort().join(" ");
}

/** Share of positions where two signatures agree: the estimate of their Jaccard similarity. */
export function signatureSimilarity(a: Int32Array, b: Int32Array): number {
  let same = 0;
  for (let i = 0; i < a.length; i++) if (a[i] === b[i]) same++;
  return same / a.length;
}

const MAX_REPRESENTATIVES = 16;

/**
 * Groups of twin passages within one company's filings: passage id → group id (the group's
 * smallest passage id). Passages without a twin are absent.
 */
export function findTwins(passages: Iterable<PassageText>): Map<number, number> {
  const signatures = new Map<number, Int32Array>();
  const numbers = new Map<number, string>();
  const buckets = new Map<number, number[]>();
  for (const p of passages) {
    const signature = minhashSignature(p.text);
    if (signature === null) continue;
    signatures.set(p.id, signature);
    numbers.set(p.id, numbersKey(p.text));
    for (let band = 0; band < TWIN_TUNING.bands; band++) {
      // The bucket key hashes company, band and the band's rows (a collision only costs a comparison).
      let key = mix(p.companyId, band);
      for (let r = band * TWIN_TUNING.rows; r < (band + 1) * TWIN_TUNING.rows; r++) key = mix(key, signature[r]!);
      const bucket = buckets.get(key);
      if (bucket) bucket.push(p.id);
      else buckets.set(key, [p.id]);
    }
  }
  const parent = new Map<number, number>();
  const root = (id: number): number => {
    let r = id;
    while (parent.has(r) && parent.get(r) !== r) r = parent.get(r)!;
    parent.set(id, r);
    return r;
  };
  for (const bucket of buckets.values()) {
    if (bucket.length < 2) continue;
    // Each member joins the first earlier member it matches, of at most MAX_REPRESENTATIVES that
    // matched nothing before it: linear in the bucket where all pairs would be quadratic (a
    // bucket of a company's common boilerplate holds one passage per filing, a few groups).
    const representatives: number[] = [];
    for (const id of bucket) {
      const signature = signatures.get(id)!;
      const match = representatives.find((r) => numbers.get(r) === numbers.get(id) && signatureSimilarity(signatures.get(r)!, signature) >= TWIN_TUNING.similarity);
      if (match === undefined) {
        if (representatives.length < MAX_REPRESENTATIVES) representatives.push(id);
        continue;
      }
      const [x, y] = [root(match), root(id)];
      if (x !== y) parent.set(Math.max(x, y), Math.min(x, y));
    }
  }
  const groups = new Map<number, number>();
  for (const id of parent.keys()) groups.set(id, root(id));
  // Only groups with members in more than one place are twins (a root alone is not).
  const sizes = new Map<number, number>();
  for (const group of groups.values()) sizes.set(group, (sizes.get(group) ?? 0) + 1);
  for (const [id, group] of groups) if ((sizes.get(group) ?? 0) < 2) groups.delete(id);
  return groups;
}
