import type { FilingSearchRepository } from "../filing-search-repository";
import type { SearchBounds } from "../search-bounds";
import type { FilingSearchResponse } from "../search-schema";
import type { ScopeFilters } from "./scope";

type EmptyNotice = NonNullable<FilingSearchResponse["notice"]>;

/** The v1 filters a request sets, as a notice names them ("fiscal_year 2030"). */
export function requestFilters({ name, ticker, fiscal_year, fiscal_period, filing_type }: ScopeFilters): string[] {
  return [
    name !== undefined && `name "${name}"`,
    ticker !== undefined && `ticker ${ticker}`,
    fiscal_year !== undefined && `fiscal_year ${fiscal_year}`,
    fiscal_period !== undefined && `fiscal_period ${fiscal_period}`,
    filing_type !== undefined && `filing_type ${filing_type}`,
  ].filter((f): f is string => typeof f === "string");
}

/**
 * The notice of a request whose filters and bounds left no filing to search (`filtered`: the
 * companies its name and ticker filters select; `unreadable`: the filings they match whose text
 * layer is unreadable).
 */
export function noFilingNotice(repository: FilingSearchRepository, request: ScopeFilters, bounds: SearchBounds, filtered: number[] | null, unreadable: string[]): EmptyNotice {
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

/**
 * Why a search had no filing to look in. A company filter that names no company with filings says
 * so (and how many companies do), naming the company when the ticker is one the data knows; filters
 * that match only filings without searchable text name those filings; other filters that leave
 * nothing say which filters were set.
 */
function emptyScopeNotice(input: {
  filter: { name?: string; ticker?: string };
  /** True when the name/ticker filter matched no company with filings. */
  noCompany: boolean;
  /** The company the ticker names, when the data knows it (it has no filings when `noCompany`). */
  known: { name: string; full_ticker: string } | null;
  companiesWithFilings: number;
  /** The request's filters that were set, as named in the request ("fiscal_year 2030"). */
  filters: string[];
  /** Filings the filters match that have no searchable text because their text layer is unreadable. */
  unreadable: string[];
}): EmptyNotice {
  const { filter, noCompany, known, companiesWithFilings, filters, unreadable } = input;
  if (noCompany) {
    const named = [filter.ticker?.trim().toUpperCase(), filter.name !== undefined ? `"${filter.name.trim()}"` : undefined].filter(Boolean).join(" / ");
    const who = known ? describedTicker(named, known) : named;
    const unknown = filter.ticker !== undefined && !known ? "; no company in the data has that ticker" : "";
    return companiesWithoutFilingsNotice(`${who} in the corpus${unknown}`, companiesWithFilings);
  }
  if (unreadable.length > 0) {
    return {
      reason: "no_filing_matches",
      message: `No filing these filters match (${filters.join(", ")}) has searchable text: the text layer of ${unreadable.join(", ")} is unreadable. Read ${unreadable.length === 1 ? "it" : "them"} in the original, or widen the filters.`,
    };
  }
  return {
    reason: "no_filing_matches",
    message: `No filing in the corpus matches these filters together (${filters.join(", ")}): try fewer.`,
  };
}

/** A ticker as a notice names it: with the company the data knows by it ("ZTS (Zoetis, NYSE:ZTS)"), or saying no company has it. */
export function describedTicker(ticker: string, known: { name: string; full_ticker: string } | undefined): string {
  return known ? `${ticker} (${known.name}, ${known.full_ticker})` : `${ticker} (no company in the data has that ticker)`;
}

/**
 * Some of the companies a request names have no filings (`without`), or none the request's other
 * filters match (`outside`, with those filters); the others were searched.
 */
export function someCompaniesWithoutFilingsNotice(without: string[], outside: { who: string[]; filters: string[] } = { who: [], filters: [] }): EmptyNotice {
  const parts = [
    without.length > 0 && `No filings in the corpus for ${without.join(", ")}`,
    outside.who.length > 0 && `${without.length > 0 ? "no" : "No"} filing of ${outside.who.join(", ")} matches the other filters (${outside.filters.join(", ")})`,
  ].filter((part): part is string => typeof part === "string");
  return {
    reason: without.length > 0 ? "some_companies_without_filings" : "some_companies_outside_filters",
    message: `${parts.join("; ")}: only the other companies named were searched.`,
  };
}

/** The companies a request names have no filings: says who (`"ZTS, QQQZ in the corpus"`) and how many companies do. */
export function companiesWithoutFilingsNotice(who: string, companiesWithFilings: number): EmptyNotice {
  return {
    reason: "company_without_filings",
    message: `No filings for ${who}: ${companiesWithFilings} ${companiesWithFilings === 1 ? "company has" : "companies have"} filings.`,
  };
}
