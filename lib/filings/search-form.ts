import { jsonPointer } from "@/lib/zod-field-errors";
import { normaliseFilingType } from "./filing-types";
import { PAGE_RESULTS } from "./search-url";
import { FilingSearchV2RequestSchema } from "./search-v2-schema";

/**
 * The filing search form: text inputs as the user types them, converted to the API request and
 * checked with the API's own schema before anything is sent. Pure.
 */
export interface SearchForm {
  queries: { text: string }[];
  name: string;
  ticker: string;
  fiscal_year: string;
  fiscal_period: string;
  filing_type: string;
  searchtype: string;
  results: string;
  /** Several companies, comma- or space-separated tickers. */
  tickers: string;
  form_groups: string[];
  /** Words or phrases to leave out, comma-separated (a phrase keeps its spaces; "1,000" stays one number). */
  exclude: string;
  period_from: string;
  period_to: string;
  sort: string;
}

export interface FormError {
  /** Form path: `queries.0.text`, `fiscal_year`, or `root` for the request as a whole. */
  path: string;
  message: string;
}

const text = (value: unknown) => (value === undefined || value === null ? "" : String(value));

const member = (value: unknown, key: string) => (typeof value === "object" && value !== null ? Object.entries(value).find(([k]) => k === key)?.[1] : undefined);

export function bodyToForm(body: Record<string, unknown>): SearchForm {
  const queries = Array.isArray(body.queries) ? body.queries.map((q) => ({ text: text(q) })) : [];
  return {
    queries: queries.length > 0 ? queries : [{ text: "" }],
    name: text(body.name),
    ticker: text(body.ticker),
    fiscal_year: text(body.fiscal_year),
    fiscal_period: text(body.fiscal_period),
    // Any spelling the API accepts (`10k`) shows as the option it means.
    filing_type: body.filing_type === undefined ? "" : normaliseFilingType(text(body.filing_type)),
    searchtype: text(body.searchtype) || "hybrid",
    results: text(body.results ?? PAGE_RESULTS),
    tickers: Array.isArray(body.tickers) ? body.tickers.map(text).join(", ") : "",
    form_groups: Array.isArray(body.form_groups) ? body.form_groups.map(text) : [],
    exclude: Array.isArray(body.exclude) ? body.exclude.map(text).join(", ") : "",
    period_from: text(member(body.period_end, "from")),
    period_to: text(member(body.period_end, "to")),
    sort: text(body.sort) || "relevance",
  };
}

/** The request body of a form: empty inputs left out, numbers as numbers where they read as numbers. */
export function formToBody(form: SearchForm): Record<string, unknown> & { queries: string[] } {
  const body: Record<string, unknown> & { queries: string[] } = { queries: form.queries.map((q) => q.text.trim()).filter((q) => q !== "") };
  for (const member of ["name", "ticker", "fiscal_period", "filing_type"] as const) {
    const value = form[member].trim();
    if (value !== "") body[member] = value;
  }
  const year = form.fiscal_year.trim();
  if (year !== "") body.fiscal_year = /^\d+$/.test(year) ? Number(year) : year;
  if (form.searchtype !== "hybrid") body.searchtype = form.searchtype;
  body.results = Number(form.results);
  const tickers = form.tickers.split(/[\s,]+/).filter((t) => t !== "");
  if (tickers.length > 0) body.tickers = tickers;
  // A checkbox group reads as an array of the checked values (react-hook-form), defensively so.
  const groups = Array.isArray(form.form_groups) ? form.form_groups : [];
  if (groups.length > 0) body.form_groups = groups;
  // A comma before a digit is a thousands separator ("$1,000"), not a break between entries.
  const exclude = form.exclude.split(/,(?!\d)/).map((e) => e.trim()).filter((e) => e !== "");
  if (exclude.length > 0) body.exclude = exclude;
  const periodEnd = { ...(form.period_from ? { from: form.period_from } : {}), ...(form.period_to ? { to: form.period_to } : {}) };
  if (Object.keys(periodEnd).length > 0) body.period_end = periodEnd;
  if (form.sort !== "relevance") body.sort = form.sort;
  return body;
}

/** A JSON Pointer of the API's errors as a form path. */
export function pointerToFormPath(pointer: string): string {
  const segments = pointer.split("/").slice(1);
  if (segments.length === 0) return "root";
  if (segments[0] === "queries" && segments.length > 1) return `queries.${segments[1]}.text`;
  return segments[0]!;
}

/** The body to send, or null with the errors to show next to the inputs. */
export function checkSearchForm(form: SearchForm): { body: ReturnType<typeof formToBody> | null; errors: FormError[] } {
  const body = formToBody(form);
  const parsed = FilingSearchV2RequestSchema.safeParse(body);
  if (parsed.success) return { body, errors: [] };
  const errors = parsed.error.issues.map((issue) => ({ path: pointerToFormPath(jsonPointer(issue.path)), message: issue.message }));
  return { body: null, errors };
}
