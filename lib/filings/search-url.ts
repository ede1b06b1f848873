import { readableQuery } from "@/lib/readable-query";

/**
 * A filing search as the browser holds it: exactly the request body, in the URL
 * (`/filings/?q=capex&q=purchases+of+PP%26E&name=3M&fiscal_year=2018&searchtype=keyword`), plus the
 * screen it is limited to (`screen`, the screen's filters as JSON). Values are taken as they are:
 * the API's schema judges them, and its errors are shown next to the inputs. Pure.
 */

export const PAGE_RESULTS = 10;

export interface FilingSearchState {
  /** The request body as the URL gives it (numbers where the URL has numbers). */
  body: Record<string, unknown> & { queries: string[] };
  /** The screen's filters, when the search is limited to a screen's companies. */
  screen: Record<string, unknown> | null;
  problems: string[];
}

type Params = URLSearchParams | Record<string, string | string[] | undefined>;

const TEXT_MEMBERS = ["name", "ticker", "fiscal_period", "filing_type", "searchtype"] as const;

function values(params: Params, name: string): string[] {
  if (params instanceof URLSearchParams) return params.getAll(name);
  const value = params[name];
  return value === undefined ? [] : Array.isArray(value) ? value : [value];
}

/** A number where the text is one; otherwise the text itself (so that the schema says what is wrong). */
const numberOrText = (text: string) => (/^-?\d+(\.\d+)?$/.test(text.trim()) ? Number(text) : text);

export function searchFromParams(params: Params): FilingSearchState {
  const problems: string[] = [];
  const body: FilingSearchState["body"] = { queries: values(params, "q").filter((q) => q.trim() !== "") };
  for (const member of TEXT_MEMBERS) {
    const value = values(params, member)[0];
    if (value !== undefined && value !== "") body[member] = value;
  }
  const year = values(params, "fiscal_year")[0];
  if (year) body.fiscal_year = numberOrText(year);
  const results = values(params, "results")[0];
  body.results = results ? numberOrText(results) : PAGE_RESULTS;
  if (values(params, "rerank")[0] === "true") body.rerank = true;
  let screen: Record<string, unknown> | null = null;
  const screenText = values(params, "screen")[0];
  if (screenText) {
    try {
      const parsed: unknown = JSON.parse(screenText);
      if (typeof parsed === "object" && parsed !== null && !Array.isArray(parsed)) screen = parsed as Record<string, unknown>;
      else problems.push("The link's screen is not a JSON object; it was ignored.");
    } catch {
      problems.push("The link's screen is not valid JSON; it was ignored.");
    }
  }
  return { body, screen, problems };
}

/** The URL query of a search (without "?"); the page's default number of results is left out. */
export function paramsFromSearch({ body, screen }: Pick<FilingSearchState, "body" | "screen">): string {
  const params = new URLSearchParams();
  for (const q of body.queries) params.append("q", q);
  for (const member of [...TEXT_MEMBERS, "fiscal_year"] as const) {
    const value = body[member];
    if (value !== undefined && value !== "") params.set(member, String(value));
  }
  if (body.results !== undefined && body.results !== PAGE_RESULTS) params.set("results", String(body.results));
  if (body.rerank === true) params.set("rerank", "true");
  if (screen) params.set("screen", JSON.stringify(screen));
  return readableQuery(params);
}

/** The request of the app's own endpoint: the public body, limited to the screen when there is one. */
export const uiSearchBody = ({ body, screen }: Pick<FilingSearchState, "body" | "screen">) => (screen ? { ...body, screen: { filters: screen } } : body);
