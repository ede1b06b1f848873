import Database from "better-sqlite3";
import { BackendError } from "@/lib/errors";
import { EmbeddingError } from "../embeddings/embedder";
import { rerankQueryOf } from "../rerank-passages";
import type { SearchBounds } from "../search-bounds";
import type { FilingSearchHit, FilingSearchResponse, ParsedFilingSearchRequest } from "../search-schema";
import type { SearchBackend } from "./backend";
import { elapsed } from "./elapsed";
import { fuseRankings, keepKeywordFloor, type Ranking, type ScorableRanking } from "./fuse-rankings";
import { fuseLegs } from "./fusion";
import { keywordLeg } from "./keyword-leg";
import { noFilingNotice } from "./notices";
import { planQueries } from "./query-plan";
import { rerank, rerankNote } from "./rerank";
import { FIRST_PAGE, highlightExpression, hydrate, type SearchView } from "./results";
import { excludedPassages, filteredCompanies, filteredYears, intersect, resolveScope } from "./scope";
import { SEARCH_TUNING } from "./tuning";
import { similarRanking, vectorLeg } from "./vector-leg";

/** A search's answer, and whether hits remain after it (within the view's `maxHits`). */
export interface SearchAnswer {
  response: FilingSearchResponse;
  more: boolean;
}

/**
 * The one filing search v1 and v2 run (search-v1.ts, search-v2.ts): keyword (FTS5 BM25), vector
 * (embedding similarity) or hybrid (score fusion of both), each query separately, fused into one
 * ranking (docs/search.md "How a search runs"). The request was parsed by its schema at the route:
 * only what the database knows (an unknown passage, a broken index) is checked here. `bounds`
 * narrow the filings (v2's members, a screen's companies); `view` says which slice to answer.
 */
export async function runSearch(
  request: ParsedFilingSearchRequest,
  backend: SearchBackend,
  bounds: SearchBounds = {},
  view: SearchView = FIRST_PAGE,
): Promise<SearchAnswer> {
  try {
    return await search(request, backend, bounds, view);
  } catch (error) {
    if (error instanceof Database.SqliteError) {
      throw new BackendError(`The filing search index failed (${error.message}); rebuild it with \`npm run ingest\`.`);
    }
    throw error;
  }
}

async function search(request: ParsedFilingSearchRequest, backend: SearchBackend, bounds: SearchBounds, view: SearchView): Promise<SearchAnswer> {
  const started = performance.now();
  const { repository } = backend;
  const timing: FilingSearchResponse["timing_ms"] = { total: 0, embedding: 0, keyword: 0, vector: 0 };
  const filtered = filteredCompanies(repository, request);
  const companies = intersect(filtered, bounds.companyIds ?? null);
  const years = filteredYears(request);
  const scope = resolveScope(repository, request, bounds, companies, years);
  let fallback: FilingSearchResponse["fallback"] = null;
  let reranked = false;
  const respond = (results: FilingSearchHit[], more: boolean, notice?: FilingSearchResponse["notice"]): SearchAnswer => ({
    response: {
      results,
      searchtype: request.searchtype,
      rerank: rerankNote(request.rerank, reranked),
      fallback,
      timing_ms: { ...timing, total: elapsed(started) },
      ...(notice ? { notice } : {}),
    },
    more,
  });
  if (scope !== null && scope.ranges.length === 0) return respond([], false, noFilingNotice(repository, request, bounds, filtered, scope.unreadable));
  // Passages holding a word or phrase the request excludes: never candidates of any ranking, nor `also_in` entries.
  const excludeStarted = performance.now();
  const excluded = excludedPassages(repository, bounds);
  if (excluded !== null) timing.exclude = elapsed(excludeStarted);
  if (view.similarTo !== undefined) {
    const t = performance.now();
    const ranking = similarRanking(backend, view.similarTo, scope, view.maxHits ?? SEARCH_TUNING.depth, excluded);
    timing.vector = elapsed(t);
    const page = hydrate(repository, fuseRankings([ranking], backend.fusion, SEARCH_TUNING.rrf.k), () => [], null, request.results, view, excluded);
    return respond(page.hits, page.more);
  }

  const plan = planQueries(repository, request.queries, request, bounds, companies, years);
  let keyword: Ranking[] = [];
  if (request.searchtype !== "vector") {
    const t = performance.now();
    keyword = keywordLeg(backend, plan, scope, excluded);
    timing.keyword = elapsed(t);
  }
  let vector: ScorableRanking[] = [];
  if (request.searchtype !== "keyword") {
    try {
      vector = await vectorLeg(backend, plan, scope, excluded, timing);
    } catch (error) {
      if (!(error instanceof EmbeddingError)) throw error;
      if (request.searchtype === "vector") throw new BackendError(`Vector search is unavailable: ${error.message}`);
      fallback = { searchtype: "keyword", reason: error.message };
    }
  }
  let fused = fuseLegs(backend, plan, keyword, vector);
  if (request.rerank && fused.length > 0) {
    const t = performance.now();
    fused = rerank(repository, fused, plan.distinct.map((q, query) => rerankQueryOf(q.text, plan.names[query]!)));
    reranked = true;
    timing.rerank = elapsed(t);
  }
  // The floor holds for every keyword ranking: the query's own and those within the filings it names.
  if (vector.length > 0) fused = keepKeywordFloor(fused, keyword, SEARCH_TUNING.keywordFloor);
  const page = hydrate(repository, fused, (query) => plan.distinct[query]!.indexes, highlightExpression(plan.terms), request.results, view, excluded);
  return respond(page.hits, page.more);
}
