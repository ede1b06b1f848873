import { describe, expect, it } from "vitest";
import { bodyToForm, checkSearchForm, formToBody, pointerToFormPath } from "./search-form";
import { PAGE_RESULTS, paramsFromSearch, searchFromParams, uiSearchBody } from "./search-url";

describe("the search in the URL", () => {
  it("round-trips every member, several queries and the screen", () => {
    const body = { queries: ["capex", "purchases of PP&E"], name: "3M", ticker: "NYSE:MMM", fiscal_year: 2018, fiscal_period: "FY", filing_type: "10-K", searchtype: "keyword", results: 25, rerank: true };
    const screen = { sector: { values: ["Industrials"] } };
    const qs = paramsFromSearch({ body, screen });
    expect(qs).toContain("screen={");
    expect(qs).not.toContain("filed=");
    const back = searchFromParams(new URLSearchParams(qs));
    expect(back).toEqual({ body, screen, filed: "as-of", problems: [] });
    expect(uiSearchBody(back, "2017-03-31")).toEqual({ ...body, screen: { filters: screen }, filed: { to: "2017-03-31" } });
  });

  it("bounds a screen's search to filings public by the as-of date unless the URL widens it", () => {
    const screen = { sector: { values: ["Industrials"] } };
    const widened = paramsFromSearch({ body: { queries: ["capex"] }, screen, filed: "all" });
    expect(widened).toContain("filed=all");
    const state = searchFromParams(new URLSearchParams(widened));
    expect(state.filed).toBe("all");
    expect(uiSearchBody(state, "2017-03-31")).toEqual({ queries: ["capex"], results: PAGE_RESULTS, screen: { filters: screen } });
    // Without a screen every date is the default; the URL can still ask for the bound.
    expect(searchFromParams({ q: "capex" }).filed).toBe("all");
    const bounded = paramsFromSearch({ body: { queries: ["capex"] }, screen: null, filed: "as-of" });
    expect(bounded).toBe("q=capex&filed=as-of");
    expect(uiSearchBody(searchFromParams(new URLSearchParams(bounded)), "2017-03-31")).toEqual({ queries: ["capex"], results: PAGE_RESULTS, filed: { to: "2017-03-31" } });
    expect(searchFromParams({ q: "capex", screen: "{}", filed: "2016" })).toMatchObject({ filed: "as-of", problems: ['The link\'s filed=2016 is neither "as-of" nor "all"; the default was used.'] });
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
