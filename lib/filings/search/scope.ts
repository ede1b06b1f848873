import { namesMatch } from "@/lib/company-names";
import { type CompanyWithFilings, companyNames, type FilingSearchRepository, type PassageRange, type Scope } from "../filing-search-repository";
import { normaliseFilingType } from "../filing-types";
import { exclusionExpression } from "../query-text";
import type { SearchBounds } from "../search-bounds";
import type { ParsedFilingSearchRequest } from "../search-schema";

/** The filters of a request that limit which filings are searched (the queries and the view aside). */
export type ScopeFilters = Pick<ParsedFilingSearchRequest, "name" | "ticker" | "fiscal_year" | "fiscal_period" | "filing_type">;

/** Companies the name and ticker filters select (null: no such filter). */
export function filteredCompanies(repository: FilingSearchRepository, { name, ticker }: ScopeFilters): number[] | null {
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

/** The fiscal years the request's filter allows (null: any). */
export const filteredYears = ({ fiscal_year }: ScopeFilters): number[] | null => (fiscal_year === undefined ? null : [fiscal_year]);

/** The passages the filters allow: null for all, else ranges of passage ids (empty: nothing matches). */
export function resolveScope(
  repository: FilingSearchRepository,
  { fiscal_period, filing_type }: ScopeFilters,
  bounds: SearchBounds,
  companyIds: readonly number[] | null,
  fiscalYears: readonly number[] | null,
): Scope | null {
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

/**
 * Of the companies a request lists, those its other filters (fiscal year and period, form, dates)
 * leave no filing to search.
 */
export function companiesOutsideFilters(repository: FilingSearchRepository, filters: ScopeFilters, bounds: SearchBounds, companyIds: readonly number[]): number[] {
  return companyIds.filter((id) => resolveScope(repository, filters, bounds, [id], filteredYears(filters))?.ranges.length === 0);
}

/** Passages holding a word or phrase the request excludes (v2 `exclude`; null: none excluded). */
export function excludedPassages(repository: FilingSearchRepository, bounds: SearchBounds): ReadonlySet<number> | null {
  const exclusion = exclusionExpression(bounds.exclude ?? []);
  return exclusion === null ? null : repository.matching(exclusion);
}

export const inScope = (scope: Scope | null, id: number) => scope === null || scope.ranges.some((r) => id >= r.first && id <= r.last);

/** How many passages a scope holds (null: the whole index). */
export const scopePassages = (scope: Scope | null) => (scope === null ? null : scope.ranges.reduce((n, r) => n + r.last - r.first + 1, 0));

/** Both lists' ids (null: no limit). */
export const intersect = (a: readonly number[] | null, b: readonly number[] | null) => (a === null ? b : b === null ? a : a.filter((id) => b.includes(id)));
