import { companyNames, type FilingSearchRepository, type Scope } from "../filing-search-repository";
import { type NameMention, namesInScope, queryHints } from "../query-hints";
import { distinctQueries, parseQuery, type QueryTerms } from "../query-text";
import type { SearchBounds } from "../search-bounds";
import { intersect, resolveScope, type ScopeFilters } from "./scope";

/** What a request's queries are, as every stage of a search reads them. */
export interface QueryPlan {
  /** Queries that differ only in case or white space are searched once; each names every index it stands for. */
  distinct: { text: string; indexes: number[] }[];
  /** Each distinct query's search terms. */
  terms: QueryTerms[];
  /** Where each query names a company the search covers (query-hints.ts, namesInScope). */
  names: NameMention[][];
  /**
   * Each query's soft scope (null: none): the filings of the fiscal years and companies it names
   * that the filters leave open, where its hint rankings look (SEARCH_TUNING.hintWeight).
   */
  hinted: (Scope | null)[];
  /**
   * Whether the filters limit the search to companies the query names: the search's scope is then
   * itself the filings the query names, where the names say nothing about which passage answers
   * (a name filter on "Kraft Heinz" for a question about Kraft Heinz).
   */
  namedByFilters: boolean[];
}

/**
 * The request's queries read once: their terms, the companies they name, and the filings they name
 * within what the filters leave open (`companies` and `years`: the filters' own, null for any).
 */
export function planQueries(
  repository: FilingSearchRepository,
  queries: readonly string[],
  filters: ScopeFilters,
  bounds: SearchBounds,
  companies: readonly number[] | null,
  years: readonly number[] | null,
): QueryPlan {
  const distinct = distinctQueries(queries);
  const named = repository.companiesWithFilings().map((c) => ({ id: c.id, names: companyNames(c), symbols: c.symbols.split(" ").filter(Boolean) }));
  const hints = distinct.map(({ text }) => queryHints(text, named));
  const hinted = hints.map(({ fiscalYears, companyIds }) => {
    const hintYears = years === null && fiscalYears.length > 0 ? fiscalYears : null;
    const hintCompanies = companies === null && companyIds.length > 0 ? companyIds : null;
    if (hintYears === null && hintCompanies === null) return null;
    const scope = resolveScope(repository, filters, bounds, intersect(companies, hintCompanies), hintYears ?? years);
    return scope && scope.ranges.length > 0 ? scope : null;
  });
  const names = hints.map((h) => namesInScope(h, companies));
  return {
    distinct,
    terms: distinct.map((q) => parseQuery(q.text)),
    names,
    hinted,
    namedByFilters: names.map((mentions) => companies !== null && companies.length > 0 && companies.every((id) => mentions.some((n) => n.companyId === id))),
  };
}
