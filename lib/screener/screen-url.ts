import { jsonArrayParam, jsonObjectParam, type PageParams, paramValue, readableQuery } from "@/lib/url-params";
import { DEFAULT_FIELDS, DEFAULT_SORT, FILTER_BY_NAME, PAGE } from "./catalog";
import { FISCAL_YEAR_VALUE_FIELDS } from "./staleness";
import { type BacktestParams, DEFAULT_BACKTEST, isRebalance } from "./backtest-params";
import { DEFAULT_HISTORY, type HistoryParams } from "./history-params";
import { type ColumnView, isColumnView } from "./column-views";

/** A formula as a link or the editor holds it, before the API parses it. */
export interface FormulaInput {
  name: string;
  expression: string;
  unit?: string;
  min?: number;
  max?: number;
}

const isFormulaInput = (value: unknown): value is FormulaInput =>
  typeof value === "object" && value !== null && typeof Reflect.get(value, "name") === "string" && typeof Reflect.get(value, "expression") === "string";

/**
 * A screen as the browser holds it: the API envelope minus `result_format`, plus the column view.
 * It lives in the URL (`/screener/?filters={...}&sort=price&order=asc&limit=50&offset=100&fields=a,b`,
 * `&view=valuation`) so that back/forward work and a pasted link reproduces the screen; defaults
 * are left out of the URL.
 * Pure: parsed the same way by the server page and the client.
 */
export interface Screen {
  /** Filter payloads exactly as the API takes them, in the order the user added them. */
  filters: Record<string, unknown>;
  sort: { field: string; desc: boolean };
  page: { limit: number; offset: number };
  /** Output fields; null when the user chose none (their remembered columns or the API default apply). */
  fields: string[] | null;
  /** The column view (column-views.ts); null when the URL names none (the remembered one applies). */
  view: ColumnView | null;
  /** The as-of date (API v2 \`as_of\`); null for the default date (v1). */
  asOf: string | null;
  /** Formulas (API v2 `formulas`) as the user wrote them: the API schema judges them. */
  formulas: FormulaInput[];
  /** The Backtest view's settings when it is open; null when the results table is shown. */
  backtest: BacktestParams | null;
  /** The History view's range when it is open. */
  history: HistoryParams | null;
}

export const EMPTY_SCREEN: Screen = {
  filters: {},
  sort: { ...DEFAULT_SORT },
  page: { limit: PAGE.default_limit, offset: 0 },
  fields: null,
  view: null,
  asOf: null,
  formulas: [],
  backtest: null,
  history: null,
};

/**
 * The screen a URL describes, and what could not be read. Values are taken as they are (the API
 * schema judges them, and its errors are shown next to the filter); only text that is not even
 * JSON, or numbers that are not numbers, are dropped with a problem.
 */
export function screenFromSearchParams(params: PageParams): { screen: Screen; problems: string[] } {
  const problems: string[] = [];
  let filters: Record<string, unknown> = {};
  const filtersText = paramValue(params, "filters");
  if (filtersText) {
    const parsed = jsonObjectParam(filtersText);
    if (parsed === "not JSON") problems.push("The link's filters are not valid JSON; they were ignored.");
    else if (parsed === "not an object") problems.push("The link's filters are not a JSON object; they were ignored.");
    else filters = parsed;
  }
  const integer = (name: string, fallback: number) => {
    const text = paramValue(params, name);
    if (text === undefined) return fallback;
    const n = Number(text);
    if (Number.isInteger(n) && n >= 0) return n;
    problems.push(`The link's ${name} "${text}" is not a whole number; ${fallback} is used.`);
    return fallback;
  };
  let formulas: FormulaInput[] = [];
  const formulasText = paramValue(params, "formulas");
  if (formulasText) {
    const parsed = jsonArrayParam(formulasText);
    if (parsed === "not JSON") problems.push("The link's formulas are not valid JSON; they were ignored.");
    else if (parsed === "not an array") problems.push("The link's formulas are not a JSON array; they were ignored.");
    else formulas = parsed.filter(isFormulaInput);
  }
  const fieldsText = paramValue(params, "fields");
  const viewText = paramValue(params, "view");
  const view = isColumnView(viewText) ? viewText : null;
  if (viewText && !view) problems.push(`The link's column view "${viewText}" does not exist; the remembered columns are shown.`);
  const rebalanceText = paramValue(params, "rebalance");
  if (rebalanceText && !isRebalance(rebalanceText)) problems.push(`The link's rebalance "${rebalanceText}" is not monthly, quarterly or yearly; ${DEFAULT_BACKTEST.rebalance} is used.`);
  // Dates are taken as they are: the API judges them and its errors are shown next to the input.
  const backtest: BacktestParams | null =
    paramValue(params, "tab") === "backtest"
      ? {
          start: paramValue(params, "start") || DEFAULT_BACKTEST.start,
          end: paramValue(params, "end") || DEFAULT_BACKTEST.end,
          rebalance: isRebalance(rebalanceText) ? rebalanceText : DEFAULT_BACKTEST.rebalance,
        }
      : null;
  const history: HistoryParams | null =
    paramValue(params, "tab") === "history" ? { from: paramValue(params, "from") || DEFAULT_HISTORY.from, to: paramValue(params, "to") || DEFAULT_HISTORY.to } : null;
  return {
    screen: {
      filters,
      sort: { field: paramValue(params, "sort") || DEFAULT_SORT.field, desc: paramValue(params, "order") !== "asc" },
      page: { limit: integer("limit", PAGE.default_limit), offset: integer("offset", 0) },
      fields: fieldsText ? fieldsText.split(",").filter(Boolean) : null,
      view,
      asOf: paramValue(params, "as_of") || null,
      formulas,
      backtest,
      history,
    },
    problems,
  };
}

/** The URL query of a screen (without "?"), defaults left out. */
export function searchParamsFromScreen(screen: Screen): string {
  const params = new URLSearchParams();
  if (Object.keys(screen.filters).length > 0) params.set("filters", JSON.stringify(screen.filters));
  if (screen.sort.field !== DEFAULT_SORT.field) params.set("sort", screen.sort.field);
  if (!screen.sort.desc) params.set("order", "asc");
  if (screen.page.limit !== PAGE.default_limit) params.set("limit", String(screen.page.limit));
  if (screen.page.offset !== 0) params.set("offset", String(screen.page.offset));
  if (screen.fields) params.set("fields", screen.fields.join(","));
  if (screen.view) params.set("view", screen.view);
  if (screen.asOf) params.set("as_of", screen.asOf);
  if (screen.formulas.length > 0) params.set("formulas", JSON.stringify(screen.formulas));
  if (screen.history) {
    params.set("tab", "history");
    params.set("from", screen.history.from);
    params.set("to", screen.history.to);
  }
  if (screen.backtest) {
    params.set("tab", "backtest");
    params.set("start", screen.backtest.start);
    params.set("end", screen.backtest.end);
    params.set("rebalance", screen.backtest.rebalance);
  }
  return readableQuery(params);
}

/** The endpoint a screen runs on: basic when every filter is in `modes.basic` (spec rule 4). */
export function screenMode(filters: Record<string, unknown>, basicFilters: readonly string[]): "basic" | "advanced" {
  return Object.keys(filters).every((name) => basicFilters.includes(name)) ? "basic" : "advanced";
}

/** Today's name and symbol, loaded beside the company name so that the results say "now Meta Platforms, META". */
export const NAME_COMPANIONS: readonly string[] = ["current_name", "current_symbol"];

/** Loaded beside values of the latest fiscal year, so that stale ones are marked with that year's end. */
export const STALENESS_COMPANIONS: readonly string[] = ["fiscal_year", "period_end", "fundamentals_stale", "stale_fields"];

/** Fields the page loads beside the columns, shown only when chosen. */
export const COMPANIONS: readonly string[] = [...NAME_COMPANIONS, ...STALENESS_COMPANIONS];

/**
 * The output fields a screen's filters test directly: a range filter's field, the members its
 * rules name. The page shows them as columns, so that a filter on EV/EBITDA shows EV/EBITDA.
 * Payloads are read structurally (the API schema judges them).
 */
export function filteredFields(filters: Record<string, unknown>): string[] {
  return Object.entries(filters).flatMap(([name, payload]) => {
    const def = FILTER_BY_NAME.get(name);
    if (def?.input_type === "range") return [def.field];
    if (!def || !("members" in def) || typeof payload !== "object" || payload === null) return [];
    const rules = "rules" in payload && Array.isArray(payload.rules) ? payload.rules : [payload];
    const named = rules.flatMap((rule: unknown) =>
      typeof rule === "object" && rule !== null ? ["field", "left_field", "right_field"].map((key) => (key in rule ? Reflect.get(rule, key) : undefined)) : [],
    );
    return def.members.filter((member) => named.includes(member));
  });
}

/**
 * The fields the screener page loads: the columns shown, the fields its filters test, plus today's
 * name and symbol when the company name is one, and the staleness of the latest fiscal year when a
 * value rests on it.
 */
export function pageFields(columns: readonly string[] | null, filters: Record<string, unknown> = {}): string[] {
  const shown = [...(columns ?? DEFAULT_FIELDS), ...filteredFields(filters)];
  return [
    ...new Set([
      ...shown,
      ...(shown.includes("companyName") ? NAME_COMPANIONS : []),
      ...(shown.some((f) => FISCAL_YEAR_VALUE_FIELDS.includes(f)) ? STALENESS_COMPANIONS : []),
    ]),
  ];
}

/** The API request body of a screen. */
export function screenRequestBody(screen: Screen, fields: string[] | null, resultFormat: "rows" | "tickers" = "rows") {
  return {
    filters: screen.filters,
    sort: screen.sort,
    page: screen.page,
    ...(fields && resultFormat === "rows" ? { fields } : {}),
    result_format: resultFormat,
    ...(screen.asOf ? { as_of: screen.asOf } : {}),
    ...(screen.formulas.length > 0 ? { formulas: screen.formulas } : {}),
  };
}

/** The v2 request a saved screen keeps: the screen from its first page, with its columns. */
export function savedRequest(screen: Screen, fields: string[] | null): Record<string, unknown> {
  const { result_format: _, page, ...body } = screenRequestBody(screen, fields);
  return { ...body, page: { limit: page.limit } };
}

/**
 * The page's URL query of a v2 screen request (a saved screen's): its filters, formulas, sort,
 * fields, as-of date and page size, read back the way a link is, so the page opens it as saved.
 */
export function queryFromRequest(request: Record<string, unknown>): string {
  const sort = (request.sort ?? {}) as { field?: unknown; desc?: unknown };
  const page = (request.page ?? {}) as { limit?: unknown };
  const params: Record<string, string> = {};
  if (request.filters) params.filters = JSON.stringify(request.filters);
  if (Array.isArray(request.formulas)) params.formulas = JSON.stringify(request.formulas);
  if (typeof sort.field === "string") params.sort = sort.field;
  if (sort.desc === false) params.order = "asc";
  if (Array.isArray(request.fields)) params.fields = request.fields.join(",");
  if (typeof request.as_of === "string") params.as_of = request.as_of;
  if (typeof page.limit === "number") params.limit = String(page.limit);
  return searchParamsFromScreen(screenFromSearchParams(params).screen);
}

/** The API version a screen needs: v2 for an as-of date or formulas. */
export const screenApiVersion = (screen: Pick<Screen, "asOf" | "formulas">) => (screen.asOf || screen.formulas.length > 0 ? "v2" : "v1");

/** Identifies a screen's request: the server and the browser compute the same key for the same screen. */
export const screenKey = (mode: string, body: unknown) => JSON.stringify([mode, body]);
