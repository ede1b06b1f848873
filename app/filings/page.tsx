import type { Metadata } from "next";
import { headers } from "next/headers";
import { FilingSearchApp } from "@/components/filings/filing-search-app";
import { databaseNotice } from "@/components/ui/database-notice";
import { failedQueryPage } from "@/components/ui/page-error";
import { admitPageRender } from "@/lib/api/route";
import { invalidScreen, type ScreenScope, ScreenFilters, type UiFilingSearchResponse, UiFilingSearchRequest } from "@/lib/filings/screen-filings";
import { corpusSummary } from "@/lib/filings/corpus-summary";
import { defaultSearchBackend } from "@/lib/filings/search/backend";
import { searchFromParams, uiSearchBody } from "@/lib/filings/search-url";
import { metaValue } from "@/lib/db/market-db";
import { WorkUnavailableError } from "@/lib/errors";
import { runQuery } from "@/lib/work/query-pool";
import { fieldErrorsFromZod } from "@/lib/zod-field-errors";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Filing search" };

/**
 * /filings/: passage search over the filings. The search in the URL (or, without one, the screen
 * of a linked scope) runs here, under the client's UI rate limit, so a shared link shows its
 * passages before any script runs; the browser takes over from there. A search the API would refuse renders without results and the
 * browser shows the API's errors next to the inputs.
 */
export default async function FilingsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const notice = databaseNotice();
  if (notice) return notice;
  const state = searchFromParams(await searchParams);
  // The screener's snapshot date: a screen's search is bounded by it, and every hit is shown against it.
  const asOf = metaValue("as_of") ?? "";
  const request = uiSearchBody(state, asOf);
  let response: UiFilingSearchResponse | undefined;
  const parsed = UiFilingSearchRequest.safeParse(request);
  // One count per render that runs a search or a screen; null when refused.
  const caller = parsed.success || state.screen ? await admitPageRender(await headers()) : null;
  if (parsed.success && caller !== null) {
    try {
      response = await runQuery("searchScreenFilings", parsed.data, caller);
    } catch (error) {
      // The browser's own request gets the API's answer (option values the data lacks, a backend failure).
      const failed = await failedQueryPage(error, "/filings/");
      if (failed) return failed;
    }
  }
  const { repository } = defaultSearchBackend();
  const corpus = corpusSummary(repository.corpus());
  const companies = repository
    .companiesWithFilings()
    .map((c) => ({ name: c.name, full_ticker: c.full_ticker }))
    .sort((a, b) => a.name.localeCompare(b.name));
  // The search already says which of the screen's companies have filings; without one, ask.
  const scope = state.screen ? (response?.screen ?? (await screenScopeOf(state.screen, caller))) : null;
  return <FilingSearchApp companies={companies} corpus={corpus} asOf={asOf} initial={{ key: JSON.stringify(request), response }} scope={scope} problems={state.problems} />;
}

/** The screen's companies before anything is searched: a screen, parsed here and run like one for its caller. */
async function screenScopeOf(screen: unknown, caller: string | null): Promise<ScreenScope | { error: string }> {
  if (caller === null) return { error: "Too many requests from this address right now: reload the page in a minute to see the screen's companies." };
  const filters = ScreenFilters.safeParse(screen);
  if (!filters.success) return invalidScreen(fieldErrorsFromZod(filters.error));
  try {
    return await runQuery("screenScope", filters.data, caller);
  } catch (error) {
    if (error instanceof WorkUnavailableError) return { error: error.message };
    throw error;
  }
}
