import { describe, expect, it } from "vitest";
import { bodyToForm, checkSearchForm, formToBody } from "./search-form";
import { paramsFromSearch, searchFromParams } from "./search-url";

describe("v2's members in the URL and the form", () => {
  const body = {
    queries: ["share repurchases"],
    results: 10,
    sort: "date",
    tickers: ["MMM", "KO"],
    form_groups: ["annual", "earnings"],
    exclude: ["accelerated share repurchase", "dividends"],
    period_end: { from: "2019-01-01", to: "2023-12-31" },
  };

  it("round-trip through the URL, readably", () => {
    const qs = paramsFromSearch({ body, screen: null });
    expect(qs).toBe(
      "q=share+repurchases&sort=date&tickers=MMM,KO&form_group=annual&form_group=earnings&exclude=accelerated+share+repurchase&exclude=dividends&period_from=2019-01-01&period_to=2023-12-31",
    );
    expect(searchFromParams(new URLSearchParams(qs)).body).toEqual(body);
  });

  it("round-trip through the form, tickers split on commas and spaces, excluded phrases on commas only", () => {
    const form = bodyToForm(body);
    expect(form).toMatchObject({ tickers: "MMM, KO", form_groups: ["annual", "earnings"], exclude: "accelerated share repurchase, dividends", period_from: "2019-01-01", period_to: "2023-12-31", sort: "date" });
    expect(formToBody(form)).toEqual(body);
    expect(formToBody({ ...form, tickers: " MMM  KO,JPM " }).tickers).toEqual(["MMM", "KO", "JPM"]);
    expect(formToBody({ ...form, exclude: " severance pay ,, layoffs " }).exclude).toEqual(["severance pay", "layoffs"]);
    expect("exclude" in formToBody({ ...form, exclude: " , " })).toBe(false);
    expect(formToBody({ ...form, exclude: "$1,000 million, layoffs" }).exclude).toEqual(["$1,000 million", "layoffs"]);
    // Defaults stay out of the request.
    expect(formToBody(bodyToForm({ queries: ["a"] }))).toEqual({ queries: ["a"], results: 10 });
  });

  it("are checked with v2's schema, each error at its input", () => {
    const form = bodyToForm({ ...body, period_end: { from: "2024-01-01", to: "2023-12-31" }, tickers: Array.from({ length: 51 }, (_, i) => `T${i}`), exclude: ["ok", "%%"] });
    expect(checkSearchForm(form).errors.map((e) => e.path).sort()).toEqual(["exclude", "period_end", "tickers"]);
  });
});
