import type { FilingSearchResponse, ParsedFilingSearchRequest } from "../search-schema";
import { defaultSearchBackend, type SearchBackend } from "./backend";
import { runSearch } from "./run-search";

/** `POST /api/v1/filings/search/`: the search core (run-search.ts) over every filing, first page by relevance. */
export async function searchFilings(request: ParsedFilingSearchRequest, backend: SearchBackend = defaultSearchBackend()): Promise<FilingSearchResponse> {
  return (await runSearch(request, backend)).response;
}
