import { describe, expect, it } from "vitest";
import { buildOptionsRecord, type TypedScreenerOptions } from "./options";
import { filterToForm, pointerToPath, type ScreenForm } from "./screen-form";
import { validateScreenForm } from "./screen-form-check";

const options = buildOptionsRecord({ lists: { countries: ["Japan", "United States"] }, counts: {}, labels: {} }, "2016-12-31", { companies: 0, fields: {}, filters: {} }) as TypedScreenerOptions;
const def = (name: string) => options.filters[name]!;

/** Payloads of every input type, in API units. */
const PAYLOADS: Record<string, unknown> = {
  country: { operator: "exclude", values: ["United States"] },
  description_keywords: { fts: '"cloud computing" saas*' },
  marketCap_usd: { min: 2_500_000_000, max: 1e12 },
  dividendYieldTTM: { min: 0.025 },
  returnOnInvestedCapital: {
    missing_policy: "skip_missing",
    rules: [
      { kind: "range", operand: { kind: "average", years: 3, anchor: { scope: "fy", offset: 1 } }, min: 0.15 },
      { kind: "compare", left: { kind: "fy", offset: 0 }, operator: "gte", right: { kind: "constant", value: 0.1 } },
      { kind: "compare", left: { kind: "ttm" }, operator: "lt", right: { kind: "fy", offset: 2 } },
    ],
  },
  incomeStatementGrowth: {
    rules: [
      { metric: "revenue", horizon_years: 3, value_type: "cagr", currency_basis: "reported", min: 0.1 },
      { metric: "eps", horizon_years: 5, value_type: "multiple", currency_basis: "usd", min: 2, max: 10 },
    ],
  },
  volatility: {
    rules: [
      { kind: "range", field: "daily_return_vol_1y_annualized", max: 0.2 },
      { kind: "compare", left_field: "daily_return_vol_1y_annualized", operator: "lt", right_field: "daily_return_vol_5y_annualized" },
    ],
  },
  margins: { rules: [{ kind: "range", field: "grossMargin", min: 0.4 }] },
  volatility_compare: { left_field: "daily_return_vol_1y_annualized", operator: "lte", right_field: "daily_return_vol_5y_annualized" },
};

describe("screen form", () => {
  it("round-trips payloads of every input type through the form", () => {
    const form: ScreenForm = { filters: Object.fromEntries(Object.entries(PAYLOADS).map(([name, p]) => [name, filterToForm(def(name), p, options)])) };
    expect(form.filters.marketCap_usd).toEqual({ input_type: "range", min: "2.5B", max: "1T" });
    expect(form.filters.dividendYieldTTM).toEqual({ input_type: "range", min: "2.5", max: "" });
    expect(validateScreenForm(form, options)).toEqual({ filters: PAYLOADS, errors: [] });
  });

  it("explains invalid input at the input it concerns", () => {
    const form: ScreenForm = {
      filters: {
        marketCap_usd: { input_type: "range", min: "2.5Q", max: "" },
        price: { input_type: "range", min: "", max: "" },
        sector: { input_type: "multi_select", operator: "include", values: [] },
        peRatio: { input_type: "range", min: "30", max: "10" },
        description_keywords: { input_type: "text", fts: "  " },
        returnOnInvestedCapital: filterToForm(def("returnOnInvestedCapital"), {
          rules: [{ kind: "range", operand: { kind: "average", years: 5, anchor: { scope: "fy", offset: 8 } }, min: 0.1 }],
        }),
        incomeStatementGrowth: filterToForm(def("incomeStatementGrowth"), { rules: Array(6).fill({ metric: "revenue", min: 0.1 }) }),
      },
    };
    const { filters, errors } = validateScreenForm(form, options);
    expect(filters).toBeNull();
    const at = Object.fromEntries(errors.map((e) => [e.path, e.message]));
    expect(at["filters.marketCap_usd.min"]).toMatch(/500M, 2.5B, 1T/);
    // In the form's words, not the schema's ("Too small: expected array to have >=1 items", "(max_rules)").
    expect(at["filters.price"]).toBe("Give a minimum, a maximum or both.");
    expect(at["filters.sector.values"]).toBe("Choose at least one value.");
    expect(at["filters.peRatio.min"]).toBe("The minimum must not be above the maximum.");
    expect(at["filters.description_keywords.fts"]).toBe("Type at least one search term.");
    expect(at["filters.returnOnInvestedCapital.rules.0.operand.years"]).toBe("The average reaches back too far: the data has at most 10 fiscal years.");
    expect(at["filters.incomeStatementGrowth.rules"]).toBe("At most 5 rules.");
    for (const message of Object.values(at)) expect(message).not.toMatch(/expected|Too small|Too big|_[a-z]+\)|min\b|max\b/);
  });

  it("maps API error pointers to form paths", () => {
    expect(pointerToPath("/filters/returnOnInvestedCapital/rules/0/operand/anchor/offset")).toBe("filters.returnOnInvestedCapital.rules.0.operand.offset");
    expect(pointerToPath("/filters/country/values/1")).toBe("filters.country.values.1");
    expect(pointerToPath("/page/limit")).toBe("page.limit");
  });
});
