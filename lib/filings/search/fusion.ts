import type { FilingSearchRepository } from "../filing-search-repository";
import { withoutNames } from "../query-hints";
import { queryTermCoverage, type RerankQuery, rerankQuery } from "../rerank-passages";
import type { SearchBackend } from "./backend";
import { completeScores, type FusedHit, type FusionMethod, fuseRankings, type Ranking, type ScorableRanking } from "./fuse-rankings";
import type { QueryPlan } from "./query-plan";
import { SEARCH_TUNING } from "./tuning";

/**
 * The legs' rankings as one ranking: each query's keyword and vector rankings weighed by how sure
 * its keyword leg is (`legWeights`), the vector rankings completed with the keyword candidates'
 * similarities (score fusion only: rank fusion has no rank for a passage the vector leg did not
 * list), then fused (fuse-rankings.ts).
 */
export function fuseLegs(backend: SearchBackend, plan: QueryPlan, keyword: Ranking[], vector: ScorableRanking[]): FusedHit[] {
  // How sure the keyword leg is: the query's words its best passage holds, less words naming a
  // company in scope (any, without a company filter; a filter's own companies, with one).
  const topicOf = (query: number) => rerankQuery(withoutNames(plan.distinct[query]!.text, plan.names[query]!));
  const weighs = legWeights(backend.repository, backend.fusion, keyword, vector.length > 0, topicOf);
  const keywordWeighted = keyword.map((r) => ({ ...r, weight: r.weight * weighs(r.query).keyword }));
  const vectorWeighted = vector.map((r) => ({ ...r, weight: r.weight * weighs(r.query).vector }));
  const completed = backend.fusion === "convex" ? completeScores(vectorWeighted, keywordWeighted) : vectorWeighted;
  return fuseRankings([...keywordWeighted, ...completed], backend.fusion, SEARCH_TUNING.rrf.k);
}

/**
 * The weights of each query's keyword and vector rankings. RRF: fixed. Convex (hybrid): the
 * keyword share grows with how many of the query's words its best keyword passage holds, so a
 * query the keywords answer outright (a name, a rare term) is not diluted by vaguer vector hits,
 * while a long question whose best keyword passage matches few of its words leans on the vectors.
 * Words naming a company in scope are left out of the query's words: its filings' passages seldom
 * repeat the name ("the Company"), so counting them made a sure keyword leg look unsure.
 */
function legWeights(
  repository: FilingSearchRepository,
  method: FusionMethod,
  keyword: Ranking[],
  hasVectors: boolean,
  topicOf: (query: number) => RerankQuery,
): (query: number) => { keyword: number; vector: number } {
  if (method === "rrf") return () => ({ keyword: SEARCH_TUNING.rrf.keywordWeight, vector: SEARCH_TUNING.rrf.vectorWeight });
  if (keyword.length === 0 || !hasVectors) return () => ({ keyword: 1, vector: 1 });
  const { low, high } = SEARCH_TUNING.convex.keywordShare;
  const shares = new Map<number, number>();
  for (const ranking of keyword) {
    if (shares.has(ranking.query) || ranking.ids.length === 0) continue;
    const top = repository.hit(ranking.ids[0]!);
    const coverage = top ? queryTermCoverage(topicOf(ranking.query), top.text) : 0;
    shares.set(ranking.query, low + (high - low) * coverage);
  }
  return (query) => {
    const share = shares.get(query) ?? low;
    return { keyword: share, vector: 1 - share };
  };
}
