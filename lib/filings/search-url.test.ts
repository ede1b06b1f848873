import { describe, expect, it } from "vitest";
import { bodyToForm, checkSearchForm, formToBody, pointerToFormPath } from "./search-form";
import { PAGE_RESULTS, paramsFromSearch, searchFromParams, uiSearchBody } from "./search-url";

describe("the search in the URL", () => {
  it("round-trips every member, several queries and the screen", () => {
    const body = { queries: ["capex", "purchases of PP&E"], name: "3M", ticker: "NYSE:MMM", fiscal_year: 2018, fiscal_period: "FY", filing_type: "10-K", searchtype: "keyword", results: 25, rerank: true };
    const screen = { sector: { values: ["Industrials"] } };
    const qs = paramsFromSearch({ body, screen });
    expect(qs).toContain("screen={");
    const back = searchFromParams(new URLSearchParams(qs));
    expect(back).toEqual({ body, screen, problems: [] });
    expect(uiSearchBody(back)).toEqual({ ...body, screen: { filters: screen } });
  });

  it("leaves the page's default out, and keeps what is not a number as text for the schema to judge", () => {
    expect(paramsFromSearch({ body: { queries: ["a"], results: PAGE_RESULTS }, screen: null })).toBe("q=a");
    const state = searchFromParams({ q: ["revenue", " "], fiscal_year: "20x8", results: "7" });
    expect(state.body).toEqual({ queries: ["revenue"], fiscal_year: "20x8", results: 7 });
  });

  it("says when the screen is not readable", () => {
    expect(searchFromParams({ q: "a", screen: "{nope" }).problems).toEqual(["The link's screen is not valid JSON; it was ignored."]);
    expect(searchFromParams({ q: "a", screen: "[1]" }).screen).toBeNull();
  });
});

describe("the search form", () => {
  it("converts to the request and back", () => {
    const body = { queries: ["capex"], name: "3M", fiscal_year: 2018, results: 10 };
    expect(formToBody(bodyToForm(body))).toEqual(body);
    expect(bodyToForm({ queries: [] }).queries).toEqual([{ text: "" }]);
    expect(bodyToForm({ queries: ["a"], filing_type: "10k" }).filing_type).toBe("10-K");
  });

  it("checks with the API's schema and names the input of each error", () => {
    const form = { ...bodyToForm({ queries: ["x".repeat(301), "ok"] }), fiscal_year: "20x8", ticker: "T".repeat(41) };
    const { body, errors } = checkSearchForm(form);
    expect(body).toBeNull();
    expect(errors.map((e) => e.path).sort()).toEqual(["fiscal_year", "queries.0.text", "ticker"]);
    expect(checkSearchForm(bodyToForm({ queries: [] })).errors.map((e) => e.path)).toEqual(["queries"]);
    expect(pointerToFormPath("")).toBe("root");
    expect(pointerToFormPath("/queries/3")).toBe("queries.3.text");
  });
});
