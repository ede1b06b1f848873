import { once } from "@/lib/once";
import type { FilingSearchRepository, PassageHitRow, TwinRow } from "../filing-search-repository";
import { highlightSpans, type Snippet, snippetOf, type Span } from "../highlights";
import { ftsExpression, type QueryTerms } from "../query-text";
import { RepeatedSnippets } from "../repeated-snippets";
import type { FilingSearchHit } from "../search-schema";
import { distinctWordLists } from "../text-terms";
import type { FusedHit } from "./fuse-rankings";
import { SEARCH_TUNING } from "./tuning";

/**
 * Which slice of the ranking to answer, and how (v1: the first `results` by relevance). Pages are
 * slices of one ranking, so a request's pages tile; `maxHits` bounds the hits all pages reach.
 */
export interface SearchView {
  offset: number;
  sort: "relevance" | "date";
  maxHits: number | null;
  /** Rank by nearness to this passage (its stored vector) instead of by the queries. */
  similarTo?: number;
}

/** v1's view: the first page by relevance. */
export const FIRST_PAGE: SearchView = { offset: 0, sort: "relevance", maxHits: null };

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
export function hydrate(
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

/** The FTS5 expression that marks every query's terms in a hit (null: no terms). */
export function highlightExpression(queries: QueryTerms[]): string | null {
  // Each alternative once: the request's highlight expression stays within the shorthand table's size.
  const alternatives = distinctWordLists(queries.flatMap((q) => q.alternatives));
  return ftsExpression({ words: [...new Set(queries.flatMap((q) => q.words))], phrases: queries.flatMap((q) => q.phrases), pairs: [], alternatives });
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
