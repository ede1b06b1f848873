import Database from "better-sqlite3";
import type { z } from "zod";
import { BackendError, DatabaseUnavailableError, ValidationError } from "@/lib/errors";
import { marketDb } from "@/lib/db/market-db";
import { env } from "@/lib/env";
import { namesMatch } from "@/lib/company-names";
import { type Embedder, EmbeddingError } from "./embeddings/embedder";
import { embedderFromEnv } from "./embeddings/embedder-from-env";
import { type CompanyWithFilings, type PassageHitRow, companyNames, type PassageRange, type Scope, type TwinRow, FilingSearchRepository } from "./filing-search-repository";
import { normaliseFilingType } from "./filing-types";
import { completeScores, type FusedHit, type FusionMethod, type Ranking, type ScorableRanking, fuseRankings, keepKeywordFloor, type KeywordFloor } from "./fuse-rankings";
import { emptyScopeNotice } from "./empty-notice";
import { once } from "@/lib/once";
import { RepeatedSnippets } from "./repeated-snippets";
import { highlightSpans, type Snippet, snippetOf, type Span } from "./highlights";
import type { SearchBounds } from "./search-bounds";
import { namesInScope, queryHints, topicWithoutNames, withoutNames } from "./query-hints";
import { queryTermCoverage, type RerankQuery, rerankQuery, rerankQueryOf, rerankScores } from "./rerank-passages";
import { type CommonWordBounds, type QueryTerms, distinctQueries, exclusionExpression, ftsExpression, indexTerm, parseQuery, commonWordReader, requiredExpression } from "./query-text";
import {
  type FilingSearchHit,
  type FilingSearchRequest,
  type FilingSearchResponse,
  type ParsedFilingSearchRequest,
  FilingSearchRequestSchema,
} from "./search-schema";
import type { SEARCH_SORTS } from "./search-v2-schema";
import { distinctWordLists } from "./text-terms";
import { VectorIndex } from "./vector-index";

/** Tuning (see `npm run bench:search`). */
export const SEARCH_TUNING = {
  /** Candidates each leg contributes to fusion, per query. */
  depth: 60,
  /** How the legs' rankings become one (see fuse-rankings.ts), and each method's weights. */
  fusion: "convex" as FusionMethod,
  /**
   * Convex fusion's keyword share per query: from `keywordShare.low` when the best keyword passage
   * holds none of the query's words to `keywordShare.high` when it holds them all (how sure the
   * keyword leg is); the vector leg gets the rest.
   */
  convex: { keywordShare: { low: 0.2, high: 0.9 } },
  /** Where the hybrid keeps each query's best keyword passages (fuse-rankings.ts, keepKeywordFloor). */
  keywordFloor: { hits: 1, within: 10 } satisfies KeywordFloor,
  rrf: { k: 60, keywordWeight: 1.2, vectorWeight: 1 },
  /**
   * Weight of the extra rankings within the fiscal years and companies a query names: high enough
   * that the named filings' passages come first (an analyst naming Apple's 2019 10-K wants it), while
   * the keyword floor keeps the query's surest keyword passages from elsewhere on the first page.
   */
  hintWeight: 10,
  /**
   * In the vector ranking within the filings a query names, the weight of the query embedded
   * without the names of the companies in scope (query-hints.ts, topicWithoutNames); the rest
   * embeds it as typed. Measured with the corpus LSA (README, round eight): without the names it
   * finds what a question asks about; with them, the filings' statement tables, which exam-style
   * questions about a figure want.
   */
  namedTopicShare: 0.3,
  /**
   * Outside small scopes, words in more passages than `commonPassages` are searched only in phrases
   * of two side by side (words in more than `pairWordPassages` in none); next to a rarer word, the
   * request's phrases may hold words in at most `pairPassages` passages together, and its shorthand
   * alternatives, read in any scope, in at most `alternativePassages` (query-text.ts, commonWordReader).
   */
  commonWords: { commonPassages: 8_000, pairWordPassages: 60_000, pairPassages: 150_000, alternativePassages: 150_000 } satisfies CommonWordBounds,
  /** Scopes of at most this many passages (a company's filings) keep every word. */
  smallScopePassages: 10_000,
  /** Keyword candidates read past the depth to make up for passages a request excludes (v2 `exclude`). */
  excludedExtra: 1_000,
  /** Fused candidates the `rerank` second stage re-scores. */
  rerankDepth: 40,
  /** At most this many passages of one page in the results (the rest add nothing a reader needs). */
  perPage: 1,
};

export interface SearchBackend {
  repository: FilingSearchRepository;
  embedder: Embedder;
  vectors: () => VectorIndex;
  timeoutMs: number;
  fusion: FusionMethod;
  /** What a request may read of common words and shorthand alternatives (SEARCH_TUNING.commonWords). */
  commonWords: CommonWordBounds;
}

let cached: { db: Database.Database; backend: SearchBackend } | undefined;

/** The backend over the current database (rebuilt when a new database replaces the old one). */
export function defaultSearchBackend(): SearchBackend {
  let db: Database.Database;
  try {
    db = marketDb();
  } catch (error) {
    throw error instanceof DatabaseUnavailableError ? searchIndexUnavailable(error) : error;
  }
  if (cached?.db === db) return cached.backend;
  cached = { db, backend: createSearchBackend(db) };
  return cached.backend;
}

/**
 * A missing database, or one being built, is this operation's 502 (the spec: the backend "did not
 * return a usable result"), with the Retry-After the screener's 503 gives in the same state.
 */
export function searchIndexUnavailable(cause: DatabaseUnavailableError): BackendError {
  return new BackendError(`The filing search index is unavailable: ${cause.message}`, cause.retryAfterSeconds);
}

export function createSearchBackend(
  db: Database.Database,
  embedder?: Embedder,
  fusion: FusionMethod = SEARCH_TUNING.fusion,
  commonWords: CommonWordBounds = SEARCH_TUNING.commonWords,
): SearchBackend {
  let repository: FilingSearchRepository;
  try {
    repository = new FilingSearchRepository(db);
  } catch (error) {
    throw new BackendError(`The filing search index is missing or broken (${(error as Error).message}); rebuild it with \`npm run ingest\`.`);
  }
  const model = repository.embeddingModel();
  let index: VectorIndex | undefined;
  return {
    repository,
    embedder: embedder ?? embedderFromEnv(db, model),
    vectors: () => (index ??= VectorIndex.load(repository, model?.dimensions ?? 0)),
    timeoutMs: env().EMBEDDINGS_TIMEOUT_MS,
    fusion,
    commonWords,
  };
}

/**
 * Searches filing passages: keyword (FTS5 BM25), vector (embedding similarity) or hybrid
 * (score fusion of both, fuse-rankings.ts), each query separately, fused into one ranking. `bounds`
 * (the browser's screen-to-filings search) limit it to some companies and to filings filed within dates.
 */
export async function searchFilings(
  request: FilingSearchRequest,
  backend: SearchBackend = defaultSearchBackend(),
  bounds: SearchBounds = {},
): Promise<FilingSearchResponse> {
  return (await searchPassages(parseRequest(request), backend, bounds, { offset: 0, sort: "relevance", maxHits: null })).response;
}

/**
 * What a first search loads, loaded ahead by one small hybrid search: the passage vectors (about 2 s
 * from a cold disk for the corpus's 104,116), the query embedder and the keyword index's pages.
 * Each query worker runs it at start: a cold first search took 4 s on an idle machine and passed
 * its 5-second deadline on a busy one. False when the index is unavailable (no database yet, or one
 * being built): the first search then loads it.
 */
export async function warmSearch(backend?: SearchBackend): Promise<boolean> {
  try {
    await searchFilings({ queries: ["revenue growth"], results: 1 }, backend ?? defaultSearchBackend());
    return true;
  } catch (error) {
    if (error instanceof BackendError) return false;
    throw error;
  }
}

/**
 * Which slice of the ranking to answer, and how (v1: the first `results` by relevance). Pages are
 * slices of one ranking, so a request's pages tile; `maxHits` bounds the hits all pages reach.
 */
export interface SearchView {
  offset: number;
  sort: (typeof SEARCH_SORTS)[number];
  maxHits: number | null;
  /** Rank by nearness to this passage (its stored vector) instead of by the queries. */
  similarTo?: number;
}

/** A search's answer, and whether hits remain after it (within `maxHits`). */
export async function searchPassages(
  parsed: ParsedFilingSearchRequest,
  backend: SearchBackend,
  bounds: SearchBounds,
  view: SearchView,
): Promise<{ response: FilingSearchResponse; more: boolean }> {
  try {
    return await runSearch(parsed, backend, bounds, view);
  } catch (error) {
    if (error instanceof Database.SqliteError) {
      throw new BackendError(`The filing search index failed (${error.message}); rebuild it with \`npm run ingest\`.`);
    }
    throw error;
  }
}

async function runSearch(
  parsed: ParsedFilingSearchRequest,
  backend: SearchBackend,
  bounds: SearchBounds,
  view: SearchView,
): Promise<{ response: FilingSearchResponse; more: boolean }> {
  const started = performance.now();
  const { repository } = backend;
  const timing: FilingSearchResponse["timing_ms"] = { total: 0, embedding: 0, keyword: 0, vector: 0 };
  const filtered = filteredCompanies(repository, parsed);
  const companies = intersect(filtered, bounds.companyIds ?? null);
  const years = parsed.fiscal_year === undefined ? null : [parsed.fiscal_year];
  const scope = resolveScope(repository, parsed, bounds, companies, years);
  let fallback: FilingSearchResponse["fallback"] = null;
  let reranked = false;
  const respond = (results: FilingSearchHit[], more: boolean, notice?: FilingSearchResponse["notice"]) => ({
    response: {
      results,
      searchtype: parsed.searchtype,
      rerank: rerankNote(parsed.rerank, reranked),
      fallback,
      timing_ms: { ...timing, total: round(performance.now() - started) },
      ...(notice ? { notice } : {}),
    },
    more,
  });
  if (scope !== null && scope.ranges.length === 0) return respond([], false, noticeOf(repository, parsed, bounds, filtered, scope.unreadable));
  // Passages holding a word or phrase the request excludes: never candidates of any ranking, nor `also_in` entries.
  const exclusion = exclusionExpression(bounds.exclude ?? []);
  let excluded: ReadonlySet<number> | null = null;
  if (exclusion !== null) {
    const t = performance.now();
    excluded = repository.matching(exclusion);
    timing.exclude = round(performance.now() - t);
  }
  if (view.similarTo !== undefined) {
    const t = performance.now();
    const fused = fuseRankings([similarRanking(backend, view.similarTo, scope, view.maxHits ?? SEARCH_TUNING.depth, excluded)], backend.fusion, SEARCH_TUNING.rrf.k);
    timing.vector = round(performance.now() - t);
    const page = hydrate(repository, fused, () => [], null, parsed.results, view, excluded);
    return respond(page.hits, page.more);
  }

  // Queries that differ only in case or white space are searched once; their hits name every index.
  const distinct = distinctQueries(parsed.queries);
  const queries = distinct.map((q) => parseQuery(q.text));
  // Soft scopes from what each query names (fiscal years, companies) that the filters leave open.
  const named = repository.companiesWithFilings().map((c) => ({ id: c.id, names: companyNames(c), symbols: c.symbols.split(" ").filter(Boolean) }));
  const hintsOf = distinct.map(({ text }) => queryHints(text, named));
  const namesOf = hintsOf.map((hints) => namesInScope(hints, companies));
  const hinted = hintsOf.map((hints) => {
    const hintYears = years === null && hints.fiscalYears.length > 0 ? hints.fiscalYears : null;
    const hintCompanies = companies === null && hints.companyIds.length > 0 ? hints.companyIds : null;
    if (hintYears === null && hintCompanies === null) return null;
    const hintScope = resolveScope(repository, parsed, bounds, intersect(companies, hintCompanies), hintYears ?? years);
    return hintScope && hintScope.ranges.length > 0 ? hintScope : null;
  });
  // Each leg's rankings at weight 1 (hint rankings at hintWeight); legWeights() weighs the legs.
  const keyword: Ranking[] = [];
  const vector: ScorableRanking[] = [];
  if (parsed.searchtype !== "vector") {
    const t = performance.now();
    // One budget for the request's phrases of common words: every query, both MATCHes (query-text.ts).
    const readCommonWords = commonWordReader(backend.commonWords);
    keyword.push(...keywordRankings(repository, queries, () => scope, 1, readCommonWords, excluded));
    // The hint rankings are a second MATCH per hinted query, within the filings it names (its own
    // words: a small scope keeps common words). One shared MATCH lost ranking quality (README).
    keyword.push(...keywordRankings(repository, queries, (query) => hinted[query] ?? undefined, SEARCH_TUNING.hintWeight, readCommonWords, excluded));
    timing.keyword = round(performance.now() - t);
  }
  if (parsed.searchtype !== "keyword") {
    try {
      const t = performance.now();
      // Within the filings a query names (its companies, its fiscal years or both), the names of
      // the companies in scope say nothing about which passage answers, and they pull the query
      // towards passages that are mostly the filing's label (exhibit lists, number tables): part
      // of the ranking there embeds the query without them (namedTopicShare).
      const topics = distinct.flatMap((q, query) => {
        const topic = hinted[query] ? topicWithoutNames(q.text, namesOf[query]!) : null;
        return topic === null ? [] : [{ query, topic }];
      });
      const embedded = await embedWithDeadline(backend, [...distinct.map((q) => q.text), ...topics.map((t) => t.topic)]);
      const topicVectors = new Map(topics.map((t, i) => [t.query, embedded[distinct.length + i]!]));
      timing.embedding = round(performance.now() - t);
      const v = performance.now();
      const index = backend.vectors();
      // A query with no term the model knows has no direction: it has no vector ranking.
      const directed = (e: Float32Array | undefined): e is Float32Array => e !== undefined && e.some((x) => x !== 0);
      embedded.slice(0, distinct.length).forEach((queryVector, query) => {
        if (!directed(queryVector)) return;
        // The passages holding the query's quoted phrases (null: no phrase): its vector rankings rank
        // no other passage (the keyword leg's MATCH requires them itself).
        const phrases = requiredExpression(queries[query]!);
        const required = phrases === null ? null : repository.matching(phrases);
        const leg = (within: Scope | null, weight: number, embedding: Float32Array): ScorableRanking => ({
          ...vectorRanking(index.nearest(embedding, SEARCH_TUNING.depth, within?.ranges ?? null, excluded, required), weight, query),
          scoreOf: (id) => (inScope(within, id) ? index.similarity(embedding, id) : null),
        });
        vector.push(leg(scope, 1, queryVector));
        const hint = hinted[query];
        if (!hint) return;
        const topic = topicVectors.get(query);
        if (directed(topic)) {
          const share = SEARCH_TUNING.namedTopicShare;
          vector.push(leg(hint, SEARCH_TUNING.hintWeight * (1 - share), queryVector), leg(hint, SEARCH_TUNING.hintWeight * share, topic));
        } else vector.push(leg(hint, SEARCH_TUNING.hintWeight, queryVector));
      });
      timing.vector = round(performance.now() - v);
    } catch (error) {
      if (!(error instanceof EmbeddingError)) throw error;
      if (parsed.searchtype === "vector") throw new BackendError(`Vector search is unavailable: ${error.message}`);
      fallback = { searchtype: "keyword", reason: error.message };
    }
  }

  // How sure the keyword leg is: the query's words its best passage holds, less words naming a
  // company in scope (any, without a company filter; a filter's own companies, with one).
  const topicOf = (query: number) => rerankQuery(withoutNames(distinct[query]!.text, namesOf[query]!));
  const weighs = legWeights(repository, backend.fusion, keyword, vector.length > 0, topicOf);
  const keywordWeighted = keyword.map((r) => ({ ...r, weight: r.weight * weighs(r.query).keyword }));
  const vectorWeighted = vector.map((r) => ({ ...r, weight: r.weight * weighs(r.query).vector }));
  // Rank fusion has no rank for a passage the vector leg did not list; score fusion takes its similarity.
  const completed = backend.fusion === "convex" ? completeScores(vectorWeighted, keywordWeighted) : vectorWeighted;
  let fused = fuseRankings([...keywordWeighted, ...completed], backend.fusion, SEARCH_TUNING.rrf.k);
  if (parsed.rerank && fused.length > 0) {
    const t = performance.now();
    fused = rerank(repository, fused, distinct.map((q, query) => rerankQueryOf(q.text, namesOf[query]!)));
    reranked = true;
    timing.rerank = round(performance.now() - t);
  }
  // The floor holds for every keyword ranking: the query's own and those within the filings it names.
  if (vector.length > 0) fused = keepKeywordFloor(fused, keyword, SEARCH_TUNING.keywordFloor);
  const requestIndexes = (query: number) => distinct[query]!.indexes;
  const page = hydrate(repository, fused, requestIndexes, ftsExpression(mergeTerms(queries)), parsed.results, view, excluded);
  return respond(page.hits, page.more);
}

/**
 * The passages nearest to a passage's stored vector (the passage and its near-duplicates left
 * out), enough of them to fill `wanted` hits after one-per-page collapsing.
 */
function similarRanking(backend: SearchBackend, passage: number, scope: Scope | null, wanted: number, excluded: ReadonlySet<number> | null): Ranking {
  const vector = backend.vectors().vectorOf(passage);
  if (vector === null) throw new BackendError("Similar passages need the vector index, and this passage has no vector; rebuild it with `npm run ingest`.");
  const own = new Set([passage, ...backend.repository.twins(passage).map((t) => t.id)]);
  const nearest = backend.vectors().nearest(vector, wanted * 2 + own.size, scope?.ranges ?? null, excluded);
  return vectorRanking(nearest.filter((n) => !own.has(n.id)), 1, 0);
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

/** A fused hit that survives collapsing, with its row, near-duplicates and (read when needed) highlights and snippet. */
interface Kept {
  hit: FusedHit;
  row: PassageHitRow;
  twins: TwinRow[];
  /** Other passages of its filing whose snippets read as its own (collapsed into it). */
  repeats: PassageHitRow[];
  shown: () => { highlights: Span[]; snippet: Snippet };
}

/**
 * The view's slice of the fused hits as results (at most `perPage` per page, one per group of
 * near-duplicate passages, naming the group's other filings), with their highlighted terms and the
 * indexes in the request of the queries that found them; `more` when hits remain after the slice.
 */
function hydrate(
  repository: FilingSearchRepository,
  fused: FusedHit[],
  requestIndexes: (query: number) => number[],
  highlightExpression: string | null,
  limit: number,
  view: SearchView,
  excluded: ReadonlySet<number> | null,
): { hits: FilingSearchHit[]; more: boolean } {
  const end = view.offset + limit;
  const cap = view.maxHits ?? end;
  // A date order needs every hit the pages can reach; relevance only those up to the slice (and one to know of more).
  const kept = collapse(repository, fused, view.sort === "date" ? cap : Math.min(end + 1, cap), highlightExpression, excluded);
  const ordered = view.sort === "date" ? [...kept].sort((a, b) => byDateDesc(a.row, b.row)) : kept;
  const hits = ordered.slice(view.offset, end).map((k, i) => hitOf(k, view.offset + i + 1, requestIndexes));
  return { hits, more: ordered.length > end && end < cap };
}

/** Newest filing first (filing date where known, else the earliest date it can have been filed), unknown last; stable. */
function byDateDesc(a: PassageHitRow, b: PassageHitRow): number {
  const da = a.filed_date ?? a.filed_earliest;
  const db = b.filed_date ?? b.filed_earliest;
  if (da === db) return 0;
  if (da === null) return 1;
  if (db === null) return -1;
  return da < db ? 1 : -1;
}

/**
 * The first `limit` fused hits left after at most `perPage` per page, one per near-duplicate group
 * and one per snippet within a filing (repeated-snippets.ts: the later passage's page is named in the
 * first's `also_in`); a group's excluded passages (`excluded`) are not named in `also_in`.
 */
function collapse(repository: FilingSearchRepository, fused: FusedHit[], limit: number, highlightExpression: string | null, excluded: ReadonlySet<number> | null): Kept[] {
  const kept: Kept[] = [];
  const perPage = new Map<string, number>();
  const shownGroups = new Set<number>();
  const repeated = new RepeatedSnippets<Kept>();
  for (const hit of fused) {
    if (kept.length >= limit) break;
    const row = repository.hit(hit.id);
    if (!row) continue;
    const pageKey = `${row.source_name}:${row.page}`;
    if ((perPage.get(pageKey) ?? 0) >= SEARCH_TUNING.perPage) continue;
    const twins = repository.twins(hit.id);
    const group = twins[0]?.group_id;
    if (group !== undefined && shownGroups.has(group)) continue;
    const shown = once(() => {
      const marked = highlightExpression ? repository.highlighted(highlightExpression, hit.id) : null;
      const highlights = marked ? highlightSpans(marked) : [];
      return { highlights, snippet: snippetOf(row.text, highlights) };
    });
    const entry: Kept = { hit, row, twins: excluded === null ? twins : twins.filter((t) => !excluded.has(t.id)), repeats: [], shown };
    const earlier = repeated.repeatOrAdd(row.source_name, row.text, () => shown().snippet.text, entry);
    if (earlier) {
      earlier.repeats.push(row);
      continue;
    }
    if (group !== undefined) shownGroups.add(group);
    perPage.set(pageKey, (perPage.get(pageKey) ?? 0) + 1);
    kept.push(entry);
  }
  return kept;
}

function hitOf({ hit, row, twins, repeats, shown }: Kept, rank: number, requestIndexes: (query: number) => number[]): FilingSearchHit {
  const { highlights, snippet } = shown();
  const documentStart = row.page_offset + row.start;
  return {
    id: `${row.source_name}:${row.page}:${row.start}`,
    rank,
    score: Number(hit.score.toFixed(6)),
    company: {
      name: row.company_name ?? row.company_label ?? "",
      ticker: row.symbol,
      full_ticker: row.full_ticker,
      cik: row.company_cik ?? row.filing_cik,
    },
    filing: {
      id: row.source_name,
      type: row.filing_type,
      fiscal_year: row.fiscal_year,
      fiscal_period: row.fiscal_period,
      period_end: row.period_end,
      report_date: row.report_date,
      source_url: row.source_url,
      filed: { date: row.filed_date, earliest: row.filed_earliest, latest: row.filed_latest },
    },
    section: row.section_key && row.section_title ? { key: row.section_key, title: row.section_title } : null,
    page: row.has_pages ? row.page : null,
    offsets: { start: documentStart, end: documentStart + row.length },
    text: row.text,
    highlights,
    snippet,
    matched_queries: hit.queries.flatMap(requestIndexes).sort((a, b) => a - b),
    ...alsoIn(repeats, twins, row.source_name),
  };
}

/**
 * The pages of the hit's filing whose passages show the same snippet, then the other filings
 * holding a near-duplicate of it (one entry per filing), or nothing.
 */
function alsoIn(repeats: PassageHitRow[], twins: TwinRow[], ownFiling: string): Pick<FilingSearchHit, "also_in"> {
  const seen = new Set([ownFiling]);
  const otherFilings = twins.filter((t) => {
    if (seen.has(t.source_name)) return false;
    seen.add(t.source_name);
    return true;
  });
  const also_in = [...repeats, ...otherFilings].map(alsoInEntry);
  return also_in.length > 0 ? { also_in } : {};
}

type PassagePlace = Pick<TwinRow, "source_name" | "page" | "start" | "has_pages" | "filing_type" | "fiscal_year" | "fiscal_period">;

function alsoInEntry(p: PassagePlace): NonNullable<FilingSearchHit["also_in"]>[number] {
  return {
    id: `${p.source_name}:${p.page}:${p.start}`,
    filing: { id: p.source_name, type: p.filing_type, fiscal_year: p.fiscal_year, fiscal_period: p.fiscal_period },
    page: p.has_pages ? p.page : null,
  };
}

const round = (ms: number) => Math.round(ms * 10) / 10;

function rerankNote(requested: boolean, applied: boolean): FilingSearchResponse["rerank"] {
  if (!requested) return { requested, applied, note: null };
  return {
    requested,
    applied,
    note: applied
      ? `The best ${SEARCH_TUNING.rerankDepth} fused candidates were re-scored on query-term proximity, word order, section-title and number or fiscal-year matches.`
      : "Nothing matched, so there was nothing to rerank.",
  };
}

/** The `rerank` second stage: the top fused candidates re-ordered by rerank-passages.ts; the rest keep their order after them. */
function rerank(repository: FilingSearchRepository, fused: FusedHit[], queries: RerankQuery[]): FusedHit[] {
  const head = fused.slice(0, SEARCH_TUNING.rerankDepth);
  const rows = head.map((hit) => repository.hit(hit.id));
  const scores = rerankScores(
    head.map((hit, i) => ({ fused: hit.score, text: rows[i]?.text ?? "", sectionTitle: rows[i]?.section_title ?? null, fiscalYear: rows[i]?.fiscal_year ?? null })),
    queries,
  );
  const reordered = head.map((hit, i) => ({ ...hit, score: scores[i]! })).sort((a, b) => b.score - a.score || a.id - b.id);
  return [...reordered, ...fused.slice(SEARCH_TUNING.rerankDepth)];
}

function parseRequest(request: FilingSearchRequest): ParsedFilingSearchRequest {
  const parsed = FilingSearchRequestSchema.safeParse(request);
  if (parsed.success) return parsed.data;
  throw validationErrorOf(parsed.error);
}

/** A schema's issues as the 400's field errors. */
export function validationErrorOf(error: z.ZodError): ValidationError {
  return new ValidationError(
    error.issues.map((issue) => ({
      pointer: issue.path.length > 0 ? `/${issue.path.map(String).join("/")}` : "",
      message: issue.message,
    })),
  );
}

/** Companies the name and ticker filters select (null: no such filter). */
function filteredCompanies(repository: FilingSearchRepository, request: ParsedFilingSearchRequest): number[] | null {
  const { name, ticker } = request;
  if (name === undefined && ticker === undefined) return null;
  return repository
    .companiesWithFilings()
    .filter((c) => name === undefined || companyNames(c).some((known) => namesMatch(name, known)))
    .filter((c) => ticker === undefined || hasTicker(c, ticker))
    .map((c) => c.id);
}

/** Whether a ticker (current or former symbol, or full ticker, of any listing of the registrant; any case) names the company. */
export function hasTicker(company: CompanyWithFilings, ticker: string): boolean {
  const wanted = ticker.trim().toUpperCase();
  return [company.full_ticker, company.symbols, company.listings ?? ""].some((names) => names.toUpperCase().split(" ").includes(wanted));
}

/** The passages the filters allow: null for all, else ranges of passage ids (empty: nothing matches). */
function resolveScope(
  repository: FilingSearchRepository,
  request: ParsedFilingSearchRequest,
  bounds: SearchBounds,
  companyIds: readonly number[] | null,
  fiscalYears: number[] | null,
): Scope | null {
  const { fiscal_period, filing_type } = request;
  const filter = {
    companyIds,
    fiscalYears,
    fiscalPeriod: fiscal_period ?? null,
    filingType: filing_type === undefined ? null : normaliseFilingType(filing_type),
    filingTypes: bounds.filingTypes ?? null,
    filedFrom: bounds.filed?.from ?? null,
    filedTo: bounds.filed?.to ?? null,
    periodFrom: bounds.periodEnd?.from ?? null,
    periodTo: bounds.periodEnd?.to ?? null,
  };
  if (Object.values(filter).every((value) => value === null)) return null;
  const ranges: PassageRange[] = [];
  const filingIds: number[] = [];
  const unreadable: string[] = [];
  for (const f of repository.filings(filter)) {
    if (f.first_passage_id === null || f.last_passage_id === null) {
      if (f.unreadable_pages > 0) unreadable.push(f.source_name);
      continue;
    }
    filingIds.push(f.id);
    const last = ranges.at(-1);
    if (last && last.last + 1 === f.first_passage_id) last.last = f.last_passage_id;
    else ranges.push({ first: f.first_passage_id, last: f.last_passage_id });
  }
  return { ranges, filingIds, unreadable };
}

/** Why the filters left no filing: the company filter's company has none, the filters together select none, or none with searchable text. */
/** The v1 filters a request sets, as a notice names them ("fiscal_year 2030"). */
export function requestFilters({ name, ticker, fiscal_year, fiscal_period, filing_type }: ParsedFilingSearchRequest): string[] {
  return [
    name !== undefined && `name "${name}"`,
    ticker !== undefined && `ticker ${ticker}`,
    fiscal_year !== undefined && `fiscal_year ${fiscal_year}`,
    fiscal_period !== undefined && `fiscal_period ${fiscal_period}`,
    filing_type !== undefined && `filing_type ${filing_type}`,
  ].filter((f): f is string => typeof f === "string");
}

/**
 * Of the companies a request lists, those its other filters (fiscal year and period, form, dates)
 * leave no filing to search.
 */
export function companiesOutsideFilters(repository: FilingSearchRepository, request: ParsedFilingSearchRequest, bounds: SearchBounds, companyIds: readonly number[]): number[] {
  const years = request.fiscal_year === undefined ? null : [request.fiscal_year];
  return companyIds.filter((id) => resolveScope(repository, request, bounds, [id], years)?.ranges.length === 0);
}

function noticeOf(repository: FilingSearchRepository, request: ParsedFilingSearchRequest, bounds: SearchBounds, filtered: number[] | null, unreadable: string[]) {
  const { name, ticker } = request;
  const noCompany = filtered !== null && filtered.length === 0;
  const wanted = ticker?.trim().toUpperCase();
  const filters = [
    ...requestFilters(request),
    ...(bounds.named ?? [
      bounds.companyIds && "the screen's companies",
      bounds.filed?.from !== undefined && `filed from ${bounds.filed.from}`,
      bounds.filed?.to !== undefined && `filed by ${bounds.filed.to}`,
    ]),
  ].filter((f): f is string => typeof f === "string");
  return emptyScopeNotice({
    filter: { name, ticker },
    noCompany,
    known: noCompany && wanted !== undefined ? (repository.companyByTicker(wanted) ?? null) : null,
    companiesWithFilings: repository.companiesWithFilings().length,
    filters,
    unreadable,
  });
}

const intersect = (a: readonly number[] | null, b: readonly number[] | null) => (a === null ? b : b === null ? a : a.filter((id) => b.includes(id)));

/**
 * One BM25 ranking per query (in the scope `scopeOf` gives it; undefined: skip the query). Outside
 * small scopes, words so common they mostly cost time are searched only as adjacent pairs while
 * rarer ones remain, the pairs taking their passages from the request's budget (query-text.ts,
 * commonWordReader).
 */
function keywordRankings(
  repository: FilingSearchRepository,
  queries: QueryTerms[],
  scopeOf: (query: number) => Scope | null | undefined,
  weight: number,
  readCommonWords: ReturnType<typeof commonWordReader>,
  excluded: ReadonlySet<number> | null,
): Ranking[] {
  const rankings: Ranking[] = [];
  queries.forEach((terms, query) => {
    const scope = scopeOf(query);
    if (scope === undefined) return;
    // Over many passages every posting of a common word costs time; within a small scope (passage
    // id ranges, which FTS5 seeks to) common words are cheap and still help ranking.
    const large = scope === null || scope.ranges.reduce((n, r) => n + r.last - r.first + 1, 0) > SEARCH_TUNING.smallScopePassages;
    // Counts only where they are read: the words' over a large scope, the alternatives' in any (their budget).
    const counted = new Set([...(large ? terms.words : []), ...terms.alternatives.flat()]);
    const passages = new Map([...counted].map((word) => [word, repository.termPassages(indexTerm(word))]));
    const any = ftsExpression(readCommonWords(terms, (word) => passages.get(word) ?? 0, large));
    if (any === null) return;
    // Quoted phrases are required; the other terms only rank (the group holds the phrases, so it always matches).
    const phrases = requiredExpression(terms);
    const expression = phrases === null ? any : `${phrases} AND (${any})`;
    // Excluded passages are read past (BM25 ranks every match whatever the limit), up to `excludedExtra` of them.
    const extra = excluded === null ? 0 : Math.min(excluded.size, SEARCH_TUNING.excludedExtra);
    const read = repository.keyword(expression, SEARCH_TUNING.depth + extra, scope);
    const hits = (excluded === null ? read : read.filter((h) => !excluded.has(h.id))).slice(0, SEARCH_TUNING.depth);
    // FTS5's bm25() is negative, more negative for better matches.
    rankings.push({ ids: hits.map((h) => h.id), scores: hits.map((h) => -h.score), weight, query });
  });
  return rankings;
}

const inScope = (scope: Scope | null, id: number) => scope === null || scope.ranges.some((r) => id >= r.first && id <= r.last);

const vectorRanking = (nearest: { id: number; similarity: number }[], weight: number, query: number): Ranking => ({
  ids: nearest.map((n) => n.id),
  scores: nearest.map((n) => n.similarity),
  weight,
  query,
});

function mergeTerms(queries: QueryTerms[]): QueryTerms {
  // Each alternative once: the request's highlight expression stays within the shorthand table's size.
  const alternatives = distinctWordLists(queries.flatMap((q) => q.alternatives));
  return { words: [...new Set(queries.flatMap((q) => q.words))], phrases: queries.flatMap((q) => q.phrases), pairs: [], alternatives };
}

/** Embeds the queries, giving up after the configured timeout even if the provider ignores the abort. */
async function embedWithDeadline(backend: SearchBackend, texts: string[]): Promise<Float32Array[]> {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      reject(new EmbeddingError(`the embedding provider did not answer within ${backend.timeoutMs} ms`));
    }, backend.timeoutMs);
  });
  try {
    const vectors = await Promise.race([backend.embedder.embed(texts, controller.signal), deadline]);
    if (vectors.length !== texts.length || vectors.some((v) => v.length !== backend.embedder.dimensions)) {
      throw new EmbeddingError("the embedding provider returned vectors of the wrong number or size");
    }
    return vectors;
  } catch (error) {
    if (error instanceof EmbeddingError) throw error;
    throw new EmbeddingError(`the embedding provider failed: ${(error as Error).message}`);
  } finally {
    clearTimeout(timer);
  }
}
