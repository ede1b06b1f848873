import { ValidationError } from "@/lib/errors";
import type { FilingSearchRepository } from "../filing-search-repository";
import { filingTypesOf } from "../form-groups";
import type { SearchBounds } from "../search-bounds";
import { decodeCursor, encodeCursor, searchFingerprint } from "../search-cursor";
import { type FilingSearchV2Response, type ParsedFilingSearchV2Request, SEARCH_V2_LIMITS } from "../search-v2-schema";
import { textWords } from "../text-terms";
import { defaultSearchBackend, type SearchBackend } from "./backend";
import { companiesWithoutFilingsNotice, describedTicker, requestFilters, someCompaniesWithoutFilingsNotice } from "./notices";
import { rerankNote } from "./rerank";
import { runSearch } from "./run-search";
import { companiesOutsideFilters, hasTicker, type ScopeFilters } from "./scope";

/** Companies the caller limits a search to besides the request (the page's screen), and how a notice names them. */
export interface CompanyBound {
  ids: readonly number[];
  named: string;
}

/**
 * `POST /api/v2/filings/search/`: the search core (run-search.ts) with the v2 members turned into
 * bounds (date ranges, companies, form groups) and a view (sort, the cursor's page, similar_to).
 * Without them it answers as v1, plus `next_cursor`. `within` (the page's screen) narrows the companies further.
 */
export async function searchFilingsV2(
  parsed: ParsedFilingSearchV2Request,
  backend: SearchBackend = defaultSearchBackend(),
  within: CompanyBound | null = null,
): Promise<FilingSearchV2Response> {
  const { filed, period_end, tickers, ciks, form_groups, exclude, sort, cursor, similar_to, queries, ...common } = parsed;
  const fingerprint = searchFingerprint(parsed);
  const offset = cursor === undefined ? 0 : decodeCursor(cursor, fingerprint, SEARCH_V2_LIMITS.depth - 1);
  const { repository } = backend;

  const companyIds = listedCompanies(repository, tickers, ciks);
  const unmatched = companiesWithoutFilings(repository, tickers, ciks);
  if (companyIds !== null && companyIds.length === 0) {
    const named = unmatched.join(", ");
    return {
      results: [],
      searchtype: common.searchtype,
      rerank: rerankNote(common.rerank, false),
      fallback: null,
      notice: companiesWithoutFilingsNotice(`${named} in the corpus`, repository.companiesWithFilings().length),
      timing_ms: { total: 0, embedding: 0, keyword: 0, vector: 0 },
      next_cursor: null,
    };
  }
  const bounds: SearchBounds = {
    companyIds: within === null ? companyIds : companyIds === null ? within.ids : companyIds.filter((id) => within.ids.includes(id)),
    filed,
    periodEnd: period_end,
    filingTypes: form_groups && filingTypesOf(form_groups),
    exclude: exclude?.map(textWords),
    named: [...(within === null ? [] : [within.named]), ...namedBounds(parsed)],
  };
  const similarTo = similar_to === undefined ? undefined : passageOf(repository, similar_to);
  const { response, more } = await runSearch({ ...common, queries: queries ?? [], searchtype: similarTo === undefined ? common.searchtype : "vector" }, backend, bounds, {
    offset,
    sort,
    maxHits: SEARCH_V2_LIMITS.depth,
    similarTo,
  });
  const notice = response.notice ?? partialNotice(repository, common, bounds, parsed, companyIds, unmatched);
  return { ...response, ...(notice ? { notice } : {}), next_cursor: more ? encodeCursor(offset + response.results.length, fingerprint) : null };
}

/**
 * When only some of the companies named were searched: those without filings (`unmatched`) and
 * those the other filters leave none (only asked of several companies: one alone that the filters
 * leave nothing answers the empty-scope notice).
 */
function partialNotice(
  repository: FilingSearchRepository,
  filters: ScopeFilters,
  bounds: SearchBounds,
  parsed: ParsedFilingSearchV2Request,
  companyIds: number[] | null,
  unmatched: string[],
): FilingSearchV2Response["notice"] {
  const outside = companyIds !== null && companyIds.length > 1 ? companiesOutsideFilters(repository, filters, bounds, companyIds) : [];
  if (unmatched.length === 0 && outside.length === 0) return undefined;
  const companies = new Map(repository.companiesWithFilings().map((c) => [c.id, c]));
  const who = outside.map((id) => `${companies.get(id)!.name} (${companies.get(id)!.full_ticker})`);
  return someCompaniesWithoutFilingsNotice(unmatched, { who, filters: [...requestFilters(filters), ...filterBounds(parsed)] });
}

/** The `tickers` and `ciks` that name no company with filings, as a notice names them. */
function companiesWithoutFilings(repository: FilingSearchRepository, tickers: string[] | undefined, ciks: number[] | undefined): string[] {
  const companies = repository.companiesWithFilings();
  const ticker = (t: string) => t.trim().toUpperCase();
  const described = [
    ...(tickers ?? []).filter((t) => !companies.some((c) => hasTicker(c, t))).map((t) => describedTicker(ticker(t), repository.companyByTicker(ticker(t)))),
    ...(ciks ?? []).filter((cik) => !companies.some((c) => c.cik === cik)).map((cik) => `CIK ${cik}`),
  ];
  return [...new Set(described)];
}

/** The companies with filings that `tickers` and `ciks` name together (null: neither given). */
function listedCompanies(repository: FilingSearchRepository, tickers: string[] | undefined, ciks: number[] | undefined): number[] | null {
  if (tickers === undefined && ciks === undefined) return null;
  return repository
    .companiesWithFilings()
    .filter((c) => (tickers ?? []).some((t) => hasTicker(c, t)) || (c.cik !== null && (ciks ?? []).includes(c.cik)))
    .map((c) => c.id);
}

/** The passage a public id names (`3M_2018_10K:60:0`); a 400 at /similar_to when none does. */
function passageOf(repository: FilingSearchRepository, id: string): number {
  const match = /^(.+):(\d{1,6}):(\d{1,9})$/.exec(id.trim());
  const passage = match ? repository.passageId(match[1]!, Number(match[2]), Number(match[3])) : undefined;
  if (passage === undefined) {
    throw new ValidationError([{ pointer: "/similar_to", message: "names no passage: give a hit's `id` (filing id, page and offset, e.g. `3M_2018_10K:60:0`)" }]);
  }
  return passage;
}

/** The v2 bounds as the request names them, for an empty result's notice. */
function namedBounds(parsed: ParsedFilingSearchV2Request): string[] {
  const { tickers, ciks } = parsed;
  return [...(tickers ? [`tickers ${tickers.join(", ")}`] : []), ...(ciks ? [`ciks ${ciks.join(", ")}`] : []), ...filterBounds(parsed)];
}

/** The v2 bounds besides the companies, as the request names them. */
function filterBounds({ form_groups, filed, period_end }: ParsedFilingSearchV2Request): string[] {
  return [
    form_groups && `form_groups ${form_groups.join(", ")}`,
    filed?.from !== undefined && `filed from ${filed.from}`,
    filed?.to !== undefined && `filed by ${filed.to}`,
    period_end?.from !== undefined && `period_end from ${period_end.from}`,
    period_end?.to !== undefined && `period_end to ${period_end.to}`,
  ].filter((f): f is string => typeof f === "string");
}
