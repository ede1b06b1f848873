import type { FilingSearchRepository, Scope } from "../filing-search-repository";
import { commonWordReader, ftsExpression, indexTerm, type QueryTerms, requiredExpression } from "../query-text";
import type { SearchBackend } from "./backend";
import type { Ranking } from "./fuse-rankings";
import type { QueryPlan } from "./query-plan";
import { scopePassages } from "./scope";
import { SEARCH_TUNING } from "./tuning";

/**
 * The keyword leg: each query's BM25 ranking in the search's scope (weight 1), then, for a query
 * naming filings the filters leave open, a second MATCH within those filings (its own words: a
 * small scope keeps common words) at SEARCH_TUNING.hintWeight. One shared MATCH lost ranking
 * quality (docs/search.md "What was tried"). Both MATCHes of every query draw on one budget
 * for the request's phrases of common words (query-text.ts, commonWordReader).
 */
export function keywordLeg(backend: SearchBackend, plan: QueryPlan, scope: Scope | null, excluded: ReadonlySet<number> | null): Ranking[] {
  const read = commonWordReader(backend.commonWords);
  const rankings = (scopeOf: (query: number) => Scope | null | undefined, weight: number) =>
    plan.terms.flatMap((terms, query) => {
      const within = scopeOf(query);
      const ranking = within === undefined ? null : keywordRanking(backend.repository, terms, within, read, excluded);
      return ranking === null ? [] : [{ ...ranking, weight, query }];
    });
  return [...rankings(() => scope, 1), ...rankings((query) => plan.hinted[query] ?? undefined, SEARCH_TUNING.hintWeight)];
}

/**
 * One query's BM25 ranking within a scope (null: nothing to search). Outside small scopes, words
 * so common they mostly cost time are searched only as adjacent pairs while rarer ones remain, the
 * pairs taking their passages from the request's budget.
 */
function keywordRanking(
  repository: FilingSearchRepository,
  terms: QueryTerms,
  scope: Scope | null,
  readCommonWords: ReturnType<typeof commonWordReader>,
  excluded: ReadonlySet<number> | null,
): Pick<Ranking, "ids" | "scores"> | null {
  // Over many passages every posting of a common word costs time; within a small scope (passage
  // id ranges, which FTS5 seeks to) common words are cheap and still help ranking.
  const large = (scopePassages(scope) ?? Infinity) > SEARCH_TUNING.smallScopePassages;
  // Counts only where they are read: the words' over a large scope, the alternatives' in any (their budget).
  const counted = new Set([...(large ? terms.words : []), ...terms.alternatives.flat()]);
  const passages = new Map([...counted].map((word) => [word, repository.termPassages(indexTerm(word))]));
  const any = ftsExpression(readCommonWords(terms, (word) => passages.get(word) ?? 0, large));
  if (any === null) return null;
  // Quoted phrases are required; the other terms only rank (the group holds the phrases, so it always matches).
  const phrases = requiredExpression(terms);
  const expression = phrases === null ? any : `${phrases} AND (${any})`;
  // Excluded passages are read past (BM25 ranks every match whatever the limit), up to `excludedExtra` of them.
  const extra = excluded === null ? 0 : Math.min(excluded.size, SEARCH_TUNING.excludedExtra);
  const read = repository.keyword(expression, SEARCH_TUNING.depth + extra, scope);
  const hits = (excluded === null ? read : read.filter((h) => !excluded.has(h.id))).slice(0, SEARCH_TUNING.depth);
  // FTS5's bm25() is negative, more negative for better matches.
  return { ids: hits.map((h) => h.id), scores: hits.map((h) => -h.score) };
}
