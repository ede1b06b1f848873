import { isContentWord, parseQuery } from "./query-text";
import { shorthandIn } from "./finance-shorthand";
import { type NameMention, topicWithoutNames } from "./query-hints";
import { expandFiscalYears, stem, textWords } from "./text-terms";

/**
 * The second stage of `rerank: true`: the fused top candidates re-scored on what an analyst's
 * question says more precisely than a bag of words: the query words close together (proximity),
 * in the query's order (adjacent pairs), in the section title, and the numbers and fiscal years it
 * names. Pure: the search passes the candidates' text.
 */
export interface RerankQuery {
  /** Porter stems of the query's topic words, in query order. */
  stems: string[];
  /** Numbers the query names (years, amounts), digits only. */
  numbers: string[];
  /** Shorthand stems (in `stems`) and the stems of the filing wording that also matches them ("capex": capit expenditur). */
  shorthand: { stem: string; alternatives: string[][] }[];
}

export interface RerankCandidate {
  /** The fused score (any scale: the candidates' own maximum scales it). */
  fused: number;
  text: string;
  sectionTitle: string | null;
  fiscalYear: number | null;
}

/** Weights of the second stage (tuned on FinanceBench and the analyst tuning set, see `npm run bench:search`). */
export const RERANK_WEIGHTS = { fused: 1, coverage: 0.5, proximity: 0.1, pairs: 0.2, section: 0.1, numbers: 0.2 };

export function rerankQuery(text: string): RerankQuery {
  // One letter (an initial, "J.P.", or a phrase's possessive "s") is no topic word; a fiscal-year
  // token ("fy2018") is matched as its year among the numbers (passage texts say "fiscal 2018").
  const { words, phrases } = parseQuery(text);
  const stems = [...new Set([...phrases.flat(), ...words].filter(isContentWord).map(stem))];
  const numbers = [...new Set(textWords(expandFiscalYears(text).replace(/(\d),(\d{3})/g, "$1$2")).filter((w) => /^\d+$/.test(w) && w.length >= 2))];
  const shorthand = shorthandIn(words).map((s) => ({ stem: stem(s.word), alternatives: s.alternatives.map((a) => a.filter(isContentWord).map(stem)) }));
  return { stems, numbers, shorthand };
}

/**
 * A query naming companies and at most this many topic words besides ("Boston Properties
 * occupancy") is reranked on its topic words alone: the names are most of its words, and its
 * companies' passages seldom repeat them ("we"). Longer questions keep them: FinanceBench's
 * statement tables carry the company's name (docs/search.md "Rerank").
 */
export const RERANK_TOPIC_ONLY_UP_TO = 2;

/** The rerank's query for a query as typed, given the spans naming the companies in scope. */
export function rerankQueryOf(text: string, names: readonly NameMention[]): RerankQuery {
  const topic = topicWithoutNames(text, names);
  const short = topic === null ? null : rerankQuery(topic);
  return short !== null && short.stems.length <= RERANK_TOPIC_ONLY_UP_TO ? short : rerankQuery(text);
}

/** The text's stems, with each query shorthand stem whose filing wording the text holds. */
function withShorthand(query: RerankQuery, present: ReadonlySet<string>): ReadonlySet<string> {
  const found = query.shorthand.filter((s) => !present.has(s.stem) && s.alternatives.some((a) => a.every((t) => present.has(t))));
  return found.length === 0 ? present : new Set([...present, ...found.map((s) => s.stem)]);
}

/** Porter stems (numbers as they are) of a text's words, thousands separators dropped. */
const textStems = (text: string) => textWords(text.replace(/(\d),(\d{3})/g, "$1$2")).map(stem);

/** Share of the query's topic stems the text contains (1 for a query without any). */
export function queryTermCoverage(query: RerankQuery, text: string): number {
  if (query.stems.length === 0) return 1;
  const present = withShorthand(query, new Set(textStems(text)));
  return query.stems.filter((s) => present.has(s)).length / query.stems.length;
}

/** The candidates' second-stage scores (same order), each the best over the request's queries. */
export function rerankScores(candidates: RerankCandidate[], queries: RerankQuery[]): number[] {
  const top = Math.max(...candidates.map((c) => c.fused), Number.MIN_VALUE);
  return candidates.map((candidate) => {
    const stems = textStems(candidate.text);
    const present = new Set(stems);
    const title = new Set(textWords(candidate.sectionTitle ?? "").map(stem));
    const best = Math.max(0, ...queries.map((q) => queryScore(q, stems, present, title, candidate.fiscalYear)));
    return RERANK_WEIGHTS.fused * (candidate.fused / top) + best;
  });
}

function queryScore(query: RerankQuery, stems: string[], present: ReadonlySet<string>, title: Set<string>, fiscalYear: number | null): number {
  const w = RERANK_WEIGHTS;
  let score = 0;
  if (query.stems.length > 0) {
    const covered = withShorthand(query, present);
    const matched = query.stems.filter((s) => covered.has(s));
    score += w.coverage * (matched.length / query.stems.length);
    // Proximity over the words the text itself holds (a shorthand word counted by its wording is not one).
    score += w.proximity * proximity(stems, new Set(matched.filter((s) => present.has(s))));
    score += w.pairs * adjacentPairs(query.stems, stems);
    score += w.section * (query.stems.filter((s) => title.has(s)).length / query.stems.length);
  }
  if (query.numbers.length > 0) {
    const found = query.numbers.filter((n) => present.has(n) || (fiscalYear !== null && n === String(fiscalYear)));
    score += w.numbers * (found.length / query.numbers.length);
  }
  return score;
}

/**
 * How tightly the matched query terms sit together: distinct terms / tokens of the shortest window
 * holding them all (1 when adjacent, 0 with fewer than two matched terms).
 */
export function proximity(tokens: string[], matched: Set<string>): number {
  if (matched.size < 2) return 0;
  const counts = new Map<string, number>();
  let covered = 0;
  let shortest = Infinity;
  let left = 0;
  for (let right = 0; right < tokens.length; right++) {
    const t = tokens[right]!;
    if (!matched.has(t)) continue;
    counts.set(t, (counts.get(t) ?? 0) + 1);
    if (counts.get(t) === 1) covered++;
    while (covered === matched.size) {
      const l = tokens[left]!;
      if (matched.has(l)) {
        shortest = Math.min(shortest, right - left + 1);
        const c = counts.get(l)! - 1;
        counts.set(l, c);
        if (c === 0) covered--;
      }
      left++;
    }
  }
  return Number.isFinite(shortest) ? matched.size / shortest : 0;
}

/** Share of the query's adjacent term pairs that occur in the text in order, at most one token apart. */
export function adjacentPairs(queryStems: string[], tokens: string[]): number {
  if (queryStems.length < 2) return 0;
  const positions = new Map<string, number[]>();
  tokens.forEach((t, i) => {
    const list = positions.get(t);
    if (list) list.push(i);
    else positions.set(t, [i]);
  });
  let found = 0;
  for (let i = 0; i + 1 < queryStems.length; i++) {
    const after = positions.get(queryStems[i + 1]!) ?? [];
    if ((positions.get(queryStems[i]!) ?? []).some((p) => after.some((q) => q - p >= 1 && q - p <= 2))) found++;
  }
  return found / (queryStems.length - 1);
}
