import type { SearchBackend } from "@/lib/filings/search/backend";
import { runSearch } from "@/lib/filings/search/run-search";
import { searchFilings } from "@/lib/filings/search/search-v1";
import { type CompanyBound, searchFilingsV2 } from "@/lib/filings/search/search-v2";
import { type FilingSearchRequest, FilingSearchRequestSchema } from "@/lib/filings/search-schema";
import type { SearchBounds } from "@/lib/filings/search-bounds";
import { type FilingSearchV2Request, FilingSearchV2RequestSchema } from "@/lib/filings/search-v2-schema";
import { parseRequestBody } from "@/lib/zod-field-errors";

/** v1's search of a request body, parsed as its route parses it (a refused body rejects with the route's 400). */
export const searchV1 = async (body: FilingSearchRequest, backend?: SearchBackend) => searchFilings(parseRequestBody(FilingSearchRequestSchema, body), backend);

/** v2's search of a request body, parsed as its route parses it (a refused body rejects with the route's 400). */
export const searchV2 = async (body: FilingSearchV2Request, backend?: SearchBackend, within?: CompanyBound | null) =>
  searchFilingsV2(parseRequestBody(FilingSearchV2RequestSchema, body), backend, within);

/** The search core's answer to a v1 body within bounds (none: v1's search), the body parsed as v1's route parses it. */
export const searchWithin = async (body: FilingSearchRequest, backend: SearchBackend, bounds?: SearchBounds) =>
  (await runSearch(parseRequestBody(FilingSearchRequestSchema, body), backend, bounds)).response;
