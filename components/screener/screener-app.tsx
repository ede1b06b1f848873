"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import dynamic from "next/dynamic";
import Link from "next/link";
import { useSearchParams } from "next/navigation";
import { useCallback, useEffect, useMemo, useState } from "react";
import { ApiRequestPanel } from "@/components/ui/api-request-panel";
import { BusyIndicator } from "@/components/ui/busy-indicator";
import { Button } from "@/components/ui/controls";
import { QueryProvider } from "@/components/ui/query-provider";
import { SideSheet } from "@/components/ui/side-sheet";
import type { FieldError } from "@/lib/errors";
import { ApiProblem, postUi } from "@/lib/api/ui-client";
import { paramsFromSearch } from "@/lib/filings/search-url";
import { DEFAULT_FIELDS, DEFAULT_SORT } from "@/lib/screener/catalog";
import { COLUMNS_STORAGE_KEY, columnsCookie, parseColumns } from "@/lib/screener/column-preference";
import { type ColumnView, isColumnView, shownColumns, VIEW_STORAGE_KEY, viewCookie } from "@/lib/screener/column-views";
import type { AsOfRange } from "@/lib/screener/as-of-range";
import type { Freshness } from "@/lib/screener/freshness";
import { DEFAULT_BACKTEST } from "@/lib/screener/backtest-params";
import { DEFAULT_HISTORY } from "@/lib/screener/history-params";
import type { TypedScreenerOptions } from "@/lib/screener/options";
import {
  COMPANIONS,
  type FormulaInput,
  type Screen,
  screenApiVersion,
  screenFromSearchParams,
  screenKey,
  pageFields,
  screenMode,
  screenRequestBody,
  savedRequest,
  searchParamsFromScreen,
} from "@/lib/screener/screen-url";
import type { FilterOutcomesResponse } from "@/lib/screener/filter-outcomes";
import { plainApiMessage } from "@/lib/screener/form-messages";
import type { RowsResponse } from "@/lib/screener/response-schema";
import { STALE_AFTER_MONTHS } from "@/lib/screener/staleness";
import { formatCount } from "@/lib/screener/value-format";
import { AsOfControl } from "./as-of-control";
import { ColumnChooser } from "./column-chooser";
import { ColumnViewTabs } from "./column-view-tabs";
import { EmptyResults } from "./empty-results";
import { ExportMenu } from "./export-menu";
import { FilterBuilder } from "./filter-builder";
import { FiltersDrawer } from "./filters-drawer";
import { ResultChartsPanel } from "./result-charts-panel";
import { ResultsPager } from "./results-pager";
import { ResultsTable } from "./results-table";
import { ResultsViewToggle } from "./results-view-toggle";
import { runScreenRequest } from "./screen-api";
import { ScreensMenu } from "./screens-menu";

// The Backtest view and its chart load when first opened, outside the page's first-load JavaScript.
const BacktestView = dynamic(() => import("./backtest-view").then((m) => m.BacktestView), { ssr: false });
const HistoryView = dynamic(() => import("./history-view").then((m) => m.HistoryView), { ssr: false });
// The formula editor brings the API's schemas (zod): after the first render.
const FormulaEditor = dynamic(() => import("./formula-editor").then((m) => m.FormulaEditor), { ssr: false });

export interface ScreenerAppProps {
  options: TypedScreenerOptions;
  /** The dates a screen may be run as of (the as-of control's range). */
  asOfRange: AsOfRange;
  coverage: { companies: number; withPrices: number; withFundamentals: number };
  /** How current the prices and fundamentals are (the header says so). */
  freshness: Freshness;
  /** The first page, rendered on the server for the URL's screen (key: mode and request body). */
  initial: { key: string; result?: RowsResponse };
  /** Columns remembered by this browser (cookie), when the URL names none. */
  preferredFields: string[] | null;
  /** The column view remembered by this browser (cookie). */
  preferredView: ColumnView | null;
}

export function ScreenerApp(props: ScreenerAppProps) {
  return (
    <QueryProvider>
      <Screener {...props} />
    </QueryProvider>
  );
}

/**
 * The screener page: the URL holds the screen (filters, sort, page, columns); the filter form, the
 * table and the menus read it and push changes to it (history entries, so back/forward work).
 */
function Screener({ options, asOfRange, coverage, freshness, initial, preferredFields, preferredView }: ScreenerAppProps) {
  const urlQuery = useSearchParams().toString();
  // The screen shown follows the URL; changes made here take effect at once (the router reports
  // the pushed URL a moment later), and a URL changed from outside (back/forward) replaces it.
  const [current, setCurrent] = useState({ urlQuery, query: urlQuery });
  if (urlQuery !== current.urlQuery) setCurrent({ urlQuery, query: urlQuery });
  const query = current.query;
  // Back/forward also straight from the browser: after a reload, Next restores older entries of
  // this page from their own saved state and may not report the URL to useSearchParams.
  useEffect(() => {
    const onPopState = () => setCurrent((c) => ({ ...c, query: window.location.search.slice(1) }));
    window.addEventListener("popstate", onPopState);
    return () => window.removeEventListener("popstate", onPopState);
  }, []);
  const { screen, problems } = useMemo(() => screenFromSearchParams(new URLSearchParams(query)), [query]);
  const [preferred, setPreferred] = useState(preferredFields);
  const [rememberedView, setRememberedView] = useState(preferredView);
  const [apiOpen, setApiOpen] = useState(false);
  const [linkCopied, setLinkCopied] = useState(false);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const closeDrawer = useCallback(() => setDrawerOpen(false), []);

  const { view, fields } = shownColumns(screen, { view: rememberedView, fields: preferred });
  const fieldLabels = useMemo(() => Object.fromEntries(Object.entries(options.field_definitions).map(([name, def]) => [name, def.label])), [options.field_definitions]);
  const mode = screenMode(screen.filters, options.modes.basic);
  const body = screenRequestBody(screen, pageFields(fields, screen.filters));
  const key = screenKey(mode, body);
  const results = useQuery({
    queryKey: ["screen", key],
    queryFn: ({ signal }) => runScreenRequest(mode, body, { signal }) as Promise<RowsResponse>,
    placeholderData: keepPreviousData,
    initialData: key === initial.key ? initial.result : undefined,
  });

  // What each filter left out, on the screen's date: its own request, after the results (it costs a count per filter).
  // Formulas with bounds are filters too; every formula goes with them, as a later one may name an earlier.
  const filtersJson = JSON.stringify(body.filters);
  const formulasJson = JSON.stringify(screen.formulas);
  const boundedFormulas = screen.formulas.some((f) => f.min !== undefined || f.max !== undefined);
  const outcomes = useQuery({
    queryKey: ["outcomes", filtersJson, formulasJson, screen.asOf],
    queryFn: ({ signal }) =>
      postUi<FilterOutcomesResponse>(
        "/api/ui/screener/outcomes/",
        { filters: body.filters, ...(boundedFormulas ? { formulas: screen.formulas } : {}), ...(screen.asOf ? { as_of: screen.asOf } : {}) },
        { signal },
      ),
    enabled: (filtersJson !== "{}" || boundedFormulas) && results.isSuccess,
    staleTime: Infinity,
  });

  // A view or columns remembered in localStorage but not (or no longer) in the cookie: restore the
  // cookie and show them by writing them into this history entry's URL.
  useEffect(() => {
    if (screen.view || screen.fields) return;
    const storedView = localStorage.getItem(VIEW_STORAGE_KEY);
    const stored = parseColumns(localStorage.getItem(COLUMNS_STORAGE_KEY), options.fields);
    if (isColumnView(storedView) && storedView !== "custom" && !preferredView) {
      document.cookie = viewCookie(storedView);
      window.history.replaceState(null, "", `?${searchParamsFromScreen({ ...screen, view: storedView })}`);
      return;
    }
    if (preferredFields || preferredView || !stored) return;
    document.cookie = columnsCookie(stored);
    const qs = searchParamsFromScreen({ ...screen, fields: stored });
    window.history.replaceState(null, "", `?${qs}`);
    // Once, on arrival.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const openQuery = (qs: string) => {
    setCurrent({ urlQuery: current.urlQuery, query: qs });
    window.history.pushState(null, "", qs ? `?${qs}` : window.location.pathname);
  };
  const navigate = (next: Screen) => openQuery(searchParamsFromScreen(next));
  const rememberView = (next: ColumnView) => {
    localStorage.setItem(VIEW_STORAGE_KEY, next);
    document.cookie = viewCookie(next);
    setRememberedView(next);
  };
  const chooseView = (next: ColumnView) => {
    rememberView(next);
    navigate({ ...screen, view: next, fields: next === "custom" ? preferred : null });
  };
  const chooseColumns = (next: string[]) => {
    const columns = ["full_ticker", ...next.filter((f) => f !== "full_ticker")];
    localStorage.setItem(COLUMNS_STORAGE_KEY, columns.join(","));
    document.cookie = columnsCookie(columns);
    setPreferred(columns);
    rememberView("custom");
    // Columns in the URL are the user's own view: no need to name it.
    navigate({ ...screen, view: null, fields: columns });
  };
  // A link names the view, and the columns only when they are the user's own (which imply the view).
  const resultsView = screen.backtest ? "backtest" : screen.history ? "history" : "table";
  const linkScreen = view === "custom" ? { ...screen, view: fields ? null : view, fields } : { ...screen, view, fields: null };
  // A sort on a column of a filter that changed or went away would name a column the new screen lacks.
  const applyFilters = (filters: Record<string, unknown>) => {
    const source = results.data?.temporary_columns.find((t) => t.name === screen.sort.field)?.filter;
    const sortGone = source !== undefined && JSON.stringify(filters[source]) !== JSON.stringify(screen.filters[source]);
    navigate({ ...screen, filters, sort: sortGone ? { ...DEFAULT_SORT } : screen.sort, page: { ...screen.page, offset: 0 } });
  };
  // A sort on a formula that went away would name a column the new screen lacks.
  const applyFormulas = (formulas: FormulaInput[]) => {
    const sortGone = screen.formulas.some((f) => f.name === screen.sort.field) && !formulas.some((f) => f.name === screen.sort.field);
    navigate({ ...screen, formulas, sort: sortGone ? { ...DEFAULT_SORT } : screen.sort, page: { ...screen.page, offset: 0 } });
  };
  const copyLink = async () => {
    const qs = searchParamsFromScreen(linkScreen);
    await navigator.clipboard.writeText(`${window.location.origin}${window.location.pathname}${qs ? `?${qs}` : ""}`);
    setLinkCopied(true);
    setTimeout(() => setLinkCopied(false), 1500);
  };

  const problem = results.error instanceof ApiProblem ? results.error : null;
  const filterErrors: FieldError[] = problem?.errors.filter((e) => e.pointer.startsWith("/filters/")) ?? [];
  const asOfErrors = problem?.errors.filter((e) => e.pointer === "/as_of") ?? [];
  const formulaErrors = problem?.errors.filter((e) => e.pointer.startsWith("/formulas")) ?? [];
  const shownElsewhere = (pointer: string) => pointer.startsWith("/filters/") || pointer.startsWith("/formulas") || pointer === "/as_of";
  const otherErrors = problem ? (problem.errors.length > 0 ? problem.errors.filter((e) => !shownElsewhere(e.pointer)) : [{ pointer: "", message: problem.detail }]) : [];
  // The public endpoint that answers the same: v2 when the screen has an as-of date or formulas.
  const apiPath = `/api/${screenApiVersion(screen)}/screener/${mode}/`;
  const data = results.data;
  // The columns shown: never the companions the page loads beside the company name and fiscal-year values.
  const chosenFields = fields ?? [...DEFAULT_FIELDS];
  const staleRows = data?.rows.filter((row) => row.fundamentals_stale === true).length ?? 0;

  return (
    <main className="flex h-[calc(100dvh-2.75rem)] flex-col">
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1 border-b sm:gap-x-3 border-zinc-200 px-3 py-1.5 dark:border-zinc-800">
        <h1 className="text-[15px] font-semibold tracking-tight">Screener</h1>
        <p className="text-xs text-zinc-500" data-testid="data-coverage">
          {/* The coverage counts are the default date's; an as-of screen names its own date beside its total.
              They count listings (every share class), while the result total counts companies (primary listings). */}
          {screen.asOf ? "Coverage on the default date " : "Data as of "}
          <strong className="font-medium text-zinc-700 dark:text-zinc-300">{options.as_of}</strong> · {formatCount(coverage.companies)} listings ·
          prices for {formatCount(coverage.withPrices)} · fundamentals for {formatCount(coverage.withFundamentals)} ·{" "}
          <FreshnessNote freshness={freshness} />
        </p>
        <AsOfControl
          value={screen.asOf}
          range={asOfRange}
          error={asOfErrors.map(plainApiMessage).join(" ") || undefined}
          onChange={(asOf) => navigate({ ...screen, asOf, page: { ...screen.page, offset: 0 } })}
        />
        <span
          data-testid="endpoint-badge"
          title={`This screen runs on POST ${apiPath} (${mode === "basic" ? "every filter is in modes.basic" : "a filter is advanced-only"})`}
          className={`rounded px-1.5 py-0.5 font-mono text-[11px] ${mode === "basic" ? "bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-300" : "bg-violet-100 text-violet-900 dark:bg-violet-950 dark:text-violet-300"}`}
        >
          {mode} endpoint
        </span>
        <span className="ml-auto" />
        <ScreensMenu currentQuery={searchParamsFromScreen(linkScreen)} currentRequest={savedRequest(linkScreen, fields)} onOpen={openQuery} />
        <Button onClick={copyLink}>{linkCopied ? "Link copied" : "Copy link"}</Button>
        <Button onClick={() => setApiOpen(!apiOpen)} aria-expanded={apiOpen} aria-controls="api-request">
          {apiOpen ? "Hide API request" : "API request"}
        </Button>
      </div>
      {problems.length > 0 && (
        <p role="alert" className="border-b border-amber-200 bg-amber-50 px-3 py-1 text-xs text-amber-900 dark:border-amber-900 dark:bg-amber-950/50 dark:text-amber-200">
          {problems.join(" ")}
        </p>
      )}
      <div className="flex min-h-0 flex-1">
        <FiltersDrawer open={drawerOpen} onOpen={() => setDrawerOpen(true)} onClose={closeDrawer} status={data ? `${formatCount(data.total)} ${data.total === 1 ? "company" : "companies"}` : ""}>
          <FilterBuilder
            options={options}
            outcomes={outcomes.data?.filter_outcomes ?? {}}
            filters={screen.filters}
            serverErrors={filterErrors}
            onApply={applyFilters}
          />
          <FormulaEditor formulas={screen.formulas} labels={fieldLabels} serverErrors={formulaErrors} outcomes={outcomes.data?.filter_outcomes ?? {}} onApply={applyFormulas} />
        </FiltersDrawer>
        <section
          className="flex min-w-0 flex-1 flex-col"
          aria-label="Results"
          data-query={query}
          data-state={results.isFetching || results.isPlaceholderData ? "loading" : results.isError ? "error" : "ready"}
        >
          <div className="flex flex-wrap items-center gap-2 px-3 py-1.5">
            <Button className="lg:hidden" onClick={() => setDrawerOpen(true)} aria-haspopup="dialog" aria-expanded={drawerOpen}>
              Filters ({Object.keys(screen.filters).length})
            </Button>
            <p className="text-[13px] whitespace-nowrap" aria-live="polite">
              <strong data-testid="result-total" className="tabular-nums">
                {data ? formatCount(data.total) : "…"}
              </strong>{" "}
              {data?.total === 1 ? "company" : "companies"}
              {screen.asOf && data && (
                <span className="text-zinc-500" data-testid="result-as-of">
                  {" "}
                  as of {data.as_of}
                  {data.as_of !== screen.asOf && `, the last trading day on or before ${screen.asOf}`}
                </span>
              )}
            </p>
            {staleRows > 0 && (
              <p
                className="text-[13px] text-amber-800 dark:text-amber-300"
                aria-live="polite"
                data-testid="stale-notice"
                title={`Their latest fiscal year ended more than ${STALE_AFTER_MONTHS} months before ${data?.as_of}: its values, and market cap and the ratios built on them, are marked stale`}
              >
                {formatCount(staleRows)} on this page with stale fundamentals
              </p>
            )}
            <BusyIndicator busy={results.isFetching} label="Loading results" />
            <ResultsViewToggle
              view={resultsView}
              onChange={(next) => navigate({ ...screen, backtest: next === "backtest" ? { ...DEFAULT_BACKTEST } : null, history: next === "history" ? { ...DEFAULT_HISTORY } : null })}
            />
            {resultsView === "table" && <ColumnViewTabs view={view} onChange={chooseView} />}
            <span className="ml-auto" />
            {data && resultsView === "table" && <ResultsPager total={data.total} page={screen.page} maxLimit={options.page.max_limit} onPage={(page) => navigate({ ...screen, page })} />}
            {resultsView === "table" && <ColumnChooser options={options} fields={chosenFields} defaultFields={DEFAULT_FIELDS} fieldCounts={options.coverage.fields} onChange={chooseColumns} />}
            <ExportMenu mode={mode} screen={screen} fields={fields} total={data?.total ?? 0} maxLimit={options.page.max_limit} asOf={data?.as_of ?? options.as_of} labels={fieldLabels} />
            <Link
              href={`/filings/?${paramsFromSearch({ body: { queries: [] }, screen: screen.filters })}`}
              className="inline-flex h-7 items-center rounded border border-zinc-300 px-2 text-[13px] font-medium whitespace-nowrap hover:bg-zinc-50 dark:border-zinc-700 dark:hover:bg-zinc-800"
              title="Search the filings of this screen's companies (filed by the as-of date; one click widens to all dates)"
            >
              Search their filings
            </Link>
          </div>
          {otherErrors.map((e) => (
            <p key={e.pointer + e.message} role="alert" className="border-y border-red-200 bg-red-50 px-3 py-1 text-xs text-red-800 dark:border-red-900 dark:bg-red-950/40 dark:text-red-300">
              {plainApiMessage(e)}
            </p>
          ))}
          {data && data.total > 0 && (
            <ResultChartsPanel filters={body.filters} asOf={screen.asOf ?? undefined} sortField={screen.sort.field} ruleColumns={data.temporary_columns} />
          )}
          {/* The API request lies over the table, not above the workspace: nothing moves when it opens. */}
          <div className="relative flex min-h-0 flex-1 flex-col">
            {apiOpen && (
              <SideSheet id="api-request" title="API request" onClose={() => setApiOpen(false)}>
                <ApiRequestPanel path={apiPath} body={body} />
              </SideSheet>
            )}
            {screen.backtest ? (
              <BacktestView filters={screen.filters} formulas={screen.formulas} params={screen.backtest} range={asOfRange} onRun={(backtest) => navigate({ ...screen, backtest })} />
            ) : screen.history ? (
              <HistoryView filters={screen.filters} formulas={screen.formulas} params={screen.history} range={asOfRange} onRun={(history) => navigate({ ...screen, history })} />
            ) : data && data.total === 0 ? (
              <EmptyResults body={body} options={options} />
            ) : data ? (
              <ResultsTable
                rows={data.rows}
                fields={data.loaded_fields.filter((f) => !COMPANIONS.includes(f) || chosenFields.includes(f))}
                temporaryColumns={data.temporary_columns}
                options={options}
                sort={screen.sort}
                onSort={(sort) => navigate({ ...screen, sort, page: { ...screen.page, offset: 0 } })}
                offset={data.offset}
                total={data.total}
                busy={results.isFetching}
                asOf={data.as_of}
              />
            ) : (
              <div className="flex-1 border-t border-zinc-200 dark:border-zinc-800" />
            )}
          </div>
        </section>
      </div>
    </main>
  );
}

/** The last price day, flagged when the prices are not current (a deployment brings them with `npm run sync -- prices`). */
function FreshnessNote({ freshness }: { freshness: Freshness }) {
  const { last_price_day, last_filing_date, weekdays_behind, prices_stale } = freshness;
  if (last_price_day === null) return <span data-testid="data-freshness">no prices</span>;
  const title = `Prices end ${last_price_day}, ${formatCount(weekdays_behind)} weekdays before today; fiscal years filed through ${last_filing_date ?? "—"}.${prices_stale ? " Not today's market: a deployment brings current prices with npm run sync -- prices." : ""}`;
  return (
    <span data-testid="data-freshness" title={title}>
      prices through <strong className="font-medium text-zinc-700 dark:text-zinc-300">{last_price_day}</strong>
      {prices_stale && <span className="ml-1 rounded bg-amber-100 px-1 text-amber-900 dark:bg-amber-950 dark:text-amber-200">not current</span>}
    </span>
  );
}
