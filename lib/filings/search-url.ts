import { jsonObjectParam, type PageParams, paramValue, paramValues, readableQuery } from "@/lib/url-params";

/**
 * A filing search as the browser holds it: exactly the request body, in the URL
 * (`/filings/?q=capex&q=purchases+of+PP%26E&name=3M&fiscal_year=2018&searchtype=keyword`), plus the
 * screen it is limited to (`screen`, the screen's filters as JSON) and its filed-date bound
 * (`filed`). Values are taken as they are: the API's schema judges them, and its errors are shown
 * next to the inputs. Pure.
 */

export const PAGE_RESULTS = 10;

export interface FilingSearchState {
  /** The request body as the URL gives it (numbers where the URL has numbers). */
  body: Record<string, unknown> & { queries: string[] };
  /** The screen's filters, when the search is limited to a screen's companies. */
  screen: Record<string, unknown> | null;
  /**
   * Which filings by date: those public by the data's as-of date (the default of a screen's search:
   * its values are as of that date), or all (the default without a screen). The URL says `filed=`
   * only when it differs from the default.
   */
  filed: FiledBound;
  problems: string[];
}

export type FiledBound = "as-of" | "all";

const defaultFiled = (screen: Record<string, unknown> | null): FiledBound => (screen ? "as-of" : "all");

const TEXT_MEMBERS = ["name", "ticker", "fiscal_period", "filing_type", "searchtype", "sort"] as const;

/** A number where the text is one; otherwise the text itself (so that the schema says what is wrong). */
const numberOrText = (text: string) => (/^-?\d+(\.\d+)?$/.test(text.trim()) ? Number(text) : text);

/** The URL parameters of the period-end range, and the range's members. */
const PERIOD_PARAMS = [
  ["period_from", "from"],
  ["period_to", "to"],
] as const;

export function searchFromParams(params: PageParams): FilingSearchState {
  const problems: string[] = [];
  const body: FilingSearchState["body"] = { queries: paramValues(params, "q").filter((q) => q.trim() !== "") };
  for (const member of TEXT_MEMBERS) {
    const value = paramValue(params, member);
    if (value !== undefined && value !== "") body[member] = value;
  }
  const year = paramValue(params, "fiscal_year");
  if (year) body.fiscal_year = numberOrText(year);
  const results = paramValue(params, "results");
  body.results = results ? numberOrText(results) : PAGE_RESULTS;
  if (paramValue(params, "rerank") === "true") body.rerank = true;
  // v2's members: several companies (`tickers=JPM,KO`), form groups (`form_group`, repeated), words
  // and phrases to leave out (`exclude`, repeated), a period-end range.
  const tickers = (paramValue(params, "tickers") ?? "").split(",").map((t) => t.trim()).filter((t) => t !== "");
  if (tickers.length > 0) body.tickers = tickers;
  const groups = paramValues(params, "form_group").filter((g) => g !== "");
  if (groups.length > 0) body.form_groups = groups;
  const exclude = paramValues(params, "exclude").filter((e) => e.trim() !== "");
  if (exclude.length > 0) body.exclude = exclude;
  const periodEnd = Object.fromEntries(PERIOD_PARAMS.flatMap(([param, member]) => (paramValue(params, param) ? [[member, paramValue(params, param)]] : [])));
  if (Object.keys(periodEnd).length > 0) body.period_end = periodEnd;
  let screen: Record<string, unknown> | null = null;
  const screenText = paramValue(params, "screen");
  if (screenText) {
    const parsed = jsonObjectParam(screenText);
    if (parsed === "not JSON") problems.push("The link's screen is not valid JSON; it was ignored.");
    else if (parsed === "not an object") problems.push("The link's screen is not a JSON object; it was ignored.");
    else screen = parsed;
  }
  const filedText = paramValue(params, "filed");
  const filed = filedText === "as-of" || filedText === "all" ? filedText : defaultFiled(screen);
  if (filedText !== undefined && filed !== filedText) problems.push(`The link's filed=${filedText} is neither "as-of" nor "all"; the default was used.`);
  return { body, screen, filed, problems };
}

/** The URL query of a search (without "?"); the page's defaults (number of results, filed bound) are left out. */
export function paramsFromSearch({ body, screen, filed = defaultFiled(screen) }: SearchLink): string {
  const params = new URLSearchParams();
  for (const q of body.queries) params.append("q", q);
  for (const member of [...TEXT_MEMBERS, "fiscal_year"] as const) {
    const value = body[member];
    if (value !== undefined && value !== "") params.set(member, String(value));
  }
  if (body.results !== undefined && body.results !== PAGE_RESULTS) params.set("results", String(body.results));
  if (body.rerank === true) params.set("rerank", "true");
  if (Array.isArray(body.tickers) && body.tickers.length > 0) params.set("tickers", body.tickers.join(","));
  if (Array.isArray(body.form_groups)) for (const group of body.form_groups) params.append("form_group", String(group));
  if (Array.isArray(body.exclude)) for (const excluded of body.exclude) params.append("exclude", String(excluded));
  const periodEnd = typeof body.period_end === "object" && body.period_end !== null ? Object.entries(body.period_end) : [];
  for (const [param, member] of PERIOD_PARAMS) {
    const value = periodEnd.find(([key]) => key === member)?.[1];
    if (typeof value === "string" && value !== "") params.set(param, value);
  }
  if (screen) params.set("screen", JSON.stringify(screen));
  if (filed !== defaultFiled(screen)) params.set("filed", filed);
  return readableQuery(params);
}

/** What a link to the search holds (without `filed`: its default). */
export type SearchLink = Pick<FilingSearchState, "body" | "screen"> & Partial<Pick<FilingSearchState, "filed">>;

/**
 * The request of the app's own endpoint: the public body, limited to the screen when there is one
 * and to filings public by `asOf` (the data's as-of date) when the bound says so.
 */
export function uiSearchBody({ body, screen, filed }: Pick<FilingSearchState, "body" | "screen" | "filed">, asOf: string) {
  return {
    ...body,
    ...(screen ? { screen: { filters: screen } } : {}),
    ...(filed === "as-of" && asOf !== "" ? { filed: { to: asOf } } : {}),
  };
}
