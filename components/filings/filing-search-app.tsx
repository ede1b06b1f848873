"use client";

import { keepPreviousData, useInfiniteQuery } from "@tanstack/react-query";
import { useSearchParams } from "next/navigation";
import { useEffect, useMemo, useState } from "react";
import { ApiRequestPanel } from "@/components/ui/api-request-panel";
import { BusyIndicator } from "@/components/ui/busy-indicator";
import { Button } from "@/components/ui/controls";
import { QueryProvider } from "@/components/ui/query-provider";
import { ApiProblem, postUi } from "@/lib/api/ui-client";
import type { ScreenScope, UiFilingSearchResponse } from "@/lib/filings/screen-filings";
import { bodyToForm } from "@/lib/filings/search-form";
import { type FilingSearchState, paramsFromSearch, searchFromParams, uiSearchBody } from "@/lib/filings/search-url";
import type { CorpusSummary } from "@/lib/filings/corpus-summary";
import { CorpusPanel } from "./corpus-panel";
import { EmptyResults } from "./empty-results";
import { FiledBoundBar } from "./filed-bound-bar";
import { ScreenScopeBar } from "./screen-scope-bar";
import { SearchFormPanel } from "./search-form-panel";
import { SearchHitCard } from "./search-hit-card";

export interface FilingSearchAppProps {
  /** Companies with filings, for the name suggestions. */
  companies: { name: string; full_ticker: string }[];
  /** What the search covers. */
  corpus: CorpusSummary;
  /** The screener's as-of date (its values' snapshot). */
  asOf: string;
  /** The URL's search, run on the server (key: the request body). */
  initial: { key: string; response?: UiFilingSearchResponse };
  /** The screen the search is limited to, as the server found it before any search. */
  scope: ScreenScope | { error: string } | null;
  problems: string[];
}

export function FilingSearchApp(props: FilingSearchAppProps) {
  return (
    <QueryProvider>
      <FilingSearch {...props} />
    </QueryProvider>
  );
}

/**
 * The filing search page: the URL holds the search (queries, filters, screen); the form pushes
 * changes to it (history entries, so back/forward work) and the results follow it.
 */
function FilingSearch({ companies, corpus, asOf, initial, scope, problems }: FilingSearchAppProps) {
  const urlQuery = useSearchParams().toString();
  const [current, setCurrent] = useState({ urlQuery, query: urlQuery });
  if (urlQuery !== current.urlQuery) setCurrent({ urlQuery, query: urlQuery });
  useEffect(() => {
    const onPopState = () => setCurrent((c) => ({ ...c, query: window.location.search.slice(1) }));
    window.addEventListener("popstate", onPopState);
    return () => window.removeEventListener("popstate", onPopState);
  }, []);
  const state = useMemo(() => searchFromParams(new URLSearchParams(current.query)), [current.query]);
  const request = uiSearchBody(state, asOf);
  const key = JSON.stringify(request);
  const [apiOpen, setApiOpen] = useState(false);

  // Pages of one search: the first, then each "Load more" with the previous page's cursor.
  const search = useInfiniteQuery({
    queryKey: ["filings", key],
    queryFn: ({ signal, pageParam }) => postUi<UiFilingSearchResponse>("/api/ui/filings/search/", pageParam === FIRST_PAGE ? request : { ...request, cursor: pageParam }, { signal }),
    initialPageParam: FIRST_PAGE,
    getNextPageParam: (last) => last.next_cursor,
    enabled: state.body.queries.length > 0,
    placeholderData: keepPreviousData,
    initialData: key === initial.key && initial.response ? { pages: [initial.response], pageParams: [FIRST_PAGE] } : undefined,
  });

  const open = (next: Pick<FilingSearchState, "body" | "screen"> & Partial<Pick<FilingSearchState, "filed">>) => {
    const qs = paramsFromSearch(next);
    // The same search again (after a failure, say) asks again instead of adding a history entry.
    if (new URLSearchParams(qs).toString() === new URLSearchParams(current.query).toString()) {
      void search.refetch();
      return;
    }
    setCurrent({ urlQuery: current.urlQuery, query: qs });
    window.history.pushState(null, "", qs ? `?${qs}` : window.location.pathname);
  };
  const clearScreen = () => open({ body: { ...state.body, ticker: undefined }, screen: null });
  const problem = search.error instanceof ApiProblem ? search.error : null;
  // Errors the form cannot show next to an input (the screen's, the request's as a whole).
  const generalErrors = problem?.errors.filter((e) => !FORM_MEMBERS.has(e.pointer.split("/")[1] ?? "")) ?? [];
  const pages = state.body.queries.length > 0 ? search.data?.pages : undefined;
  const data = pages?.[0] && { ...pages[0], results: pages.flatMap((p) => p.results) };
  const queries = state.body.queries;
  const liveScope = data?.screen ?? (scope && !("error" in scope) ? scope : null);

  return (
    <main className="mx-auto grid max-w-[1400px] gap-4 px-4 py-4 lg:grid-cols-[340px_minmax(0,1fr)]">
      <div className="flex flex-wrap items-center gap-3 lg:col-span-2">
        <h1 className="text-[15px] font-semibold tracking-tight">Filing search</h1>
        <p className="text-xs text-zinc-500">Passages of 10-K, 10-Q and 8-K filings, earnings releases and annual reports</p>
        <span className="ml-auto" />
        <Button onClick={() => setApiOpen(!apiOpen)} aria-expanded={apiOpen} aria-controls="api-request">
          {apiOpen ? "Hide API request" : "API request"}
        </Button>
      </div>
      {apiOpen && (
        <div id="api-request" className="lg:col-span-2">
          <ApiRequestPanel path="/api/v2/filings/search/" body={state.body} />
          {state.screen && (
            <p className="border-t border-zinc-200 bg-zinc-50 px-3 py-1 text-xs text-zinc-600 dark:border-zinc-800 dark:bg-zinc-900/60 dark:text-zinc-400">
              Limiting a search to a screen&apos;s companies is this page&apos;s own; the public API takes the screen&apos;s tickers as{" "}
              <code className="font-mono">tickers</code> (at most 50) to reproduce it.
            </p>
          )}
        </div>
      )}
      {[...problems, ...(scope && "error" in scope ? [scope.error] : [])].map((p) => (
        <p key={p} role="alert" className="rounded border border-amber-200 bg-amber-50 px-3 py-1 text-xs text-amber-900 lg:col-span-2 dark:border-amber-900 dark:bg-amber-950/50 dark:text-amber-200">
          {p}{" "}
          {state.screen && (
            <button type="button" onClick={clearScreen} className="underline">
              Search all filings instead
            </button>
          )}
        </p>
      ))}
      <div className="lg:col-span-2">
        <CorpusPanel corpus={corpus} onCompany={(ticker) => open({ body: { ...state.body, ticker, name: undefined }, screen: state.screen, filed: state.filed })} />
      </div>
      <aside aria-label="Search" className="lg:sticky lg:top-14 lg:self-start">
        <SearchFormPanel body={state.body} companies={companies} serverErrors={problem?.errors ?? []} onSearch={(body) => open({ body, screen: state.screen, filed: state.filed })} />
      </aside>
      <section
        aria-label="Results"
        className="min-w-0"
        data-state={search.isFetching ? "loading" : search.isError ? "error" : "ready"}
      >
        {state.screen && liveScope && (
          <ScreenScopeBar
            screen={state.screen}
            scope={liveScope}
            searched={data !== undefined}
            ticker={typeof state.body.ticker === "string" ? state.body.ticker : null}
            onTicker={(ticker) => open({ body: { ...state.body, ticker: ticker ?? undefined }, screen: state.screen, filed: state.filed })}
            onClear={clearScreen}
          />
        )}
        {(state.screen || state.filed === "as-of") && (
          <FiledBoundBar filed={state.filed} asOf={asOf} onChange={(filed) => open({ body: state.body, screen: state.screen, filed })} />
        )}
        {problem && (problem.errors.length === 0 || generalErrors.length > 0) && (
          <p role="alert" className="rounded border border-red-200 bg-red-50 px-3 py-2 text-[13px] text-red-800 dark:border-red-900 dark:bg-red-950/40 dark:text-red-300">
            {problem.status === 502 ? "The search backend could not answer: " : ""}
            {generalErrors.length > 0 ? generalErrors.map((e) => `${e.pointer ? `${e.pointer}: ` : ""}${e.message}`).join("; ") : problem.detail}
          </p>
        )}
        {queries.length === 0 ? (
          <SearchTips onTry={(q) => open({ body: { ...state.body, queries: [q] }, screen: state.screen, filed: state.filed })} />
        ) : data ? (
          <>
            <p className="flex flex-wrap items-center gap-x-3 text-xs text-zinc-500" aria-live="polite">
              <span>
                <strong data-testid="hit-count" className="text-zinc-800 dark:text-zinc-200">
                  {data.results.length}
                </strong>{" "}
                {data.results.length === 1 ? "passage" : "passages"}
              </span>
              <span>{data.searchtype} search</span>
              <span>{Math.round(data.timing_ms.total)} ms</span>
              {data.fallback && <span className="text-amber-700 dark:text-amber-400">keyword results only: {data.fallback.reason}</span>}
              {data.rerank.note && <span>{data.rerank.note}</span>}
              <BusyIndicator busy={search.isFetching} label="Searching" />
            </p>
            {data.results.length === 0 ? (
              <EmptyResults
                notice={data.notice}
                asOfBound={state.filed === "as-of" ? asOf : null}
                companies={companies}
                onCompany={(ticker) => open({ body: { ...state.body, ticker, name: undefined }, screen: state.screen, filed: state.filed })}
              />
            ) : (
              <>
                {data.notice && (
                  <p className="mt-2 text-xs text-amber-700 dark:text-amber-400" data-testid="search-notice" role="status">
                    {data.notice.message}
                  </p>
                )}
                <ol className="mt-2 space-y-3" data-testid="hits">
                  {data.results.map((hit) => (
                    <SearchHitCard key={hit.id} hit={hit} queries={queries} asOf={asOf} />
                  ))}
                </ol>
                {search.hasNextPage && (
                  <Button className="mt-3" onClick={() => void search.fetchNextPage()} disabled={search.isFetchingNextPage}>
                    {search.isFetchingNextPage ? "Loading…" : "Load more"}
                  </Button>
                )}
              </>
            )}
          </>
        ) : (
          search.isFetching && <p className="text-xs text-zinc-500">Searching…</p>
        )}
      </section>
    </main>
  );
}

/** The first page's cursor: none. */
const FIRST_PAGE: string | null = null;

/** Request members the form has inputs for (their errors are shown there). */
const FORM_MEMBERS = new Set([...Object.keys(bodyToForm({ queries: [] })), "period_end"]);

const EXAMPLES = ["goodwill impairment in the retail segment", "share repurchase program", "supply chain disruption risk", '"material weakness" internal control'];

function SearchTips({ onTry }: { onTry: (query: string) => void }) {
  return (
    <div className="text-[13px] text-zinc-600 dark:text-zinc-400">
      <p>Ask in plain words; several queries are searched separately and fused. Put a phrase in double quotes to require it.</p>
      <p className="mt-2 flex flex-wrap gap-2">
        {EXAMPLES.map((q) => (
          <button key={q} type="button" onClick={() => onTry(q)} className="rounded border border-zinc-300 px-2 py-0.5 hover:bg-zinc-50 dark:border-zinc-700 dark:hover:bg-zinc-800">
            {q}
          </button>
        ))}
      </p>
    </div>
  );
}
