import { describe, expect, it } from "vitest";
import { FILTER_BY_NAME, type GrowthRuleGroupDef, type MetricRuleGroupDef, type RangeFilterDef } from "./catalog";
import { FILTER_TYPE_DEFAULTS, filterSettings } from "./filter-settings";
import { buildOptionsRecord, publicFilter } from "./options";
import { filterPayloadSchema } from "./request-schema";

/** Definitions made for the test (the shipped catalog overrides nothing). */
const base = { category: "Test", description: "A test filter", mode: "advanced" as const };
const metric: MetricRuleGroupDef = {
  ...base,
  name: "testMetric",
  label: "Test metric",
  input_type: "metric_rule_group",
  metric: "returnOnEquity",
  unit: "percent",
  max_rules: 2,
  compare_operators: ["lt", "gt"],
  operand_kinds: ["fy"],
  missing_policies: ["skip_missing"],
  default_missing_policy: "skip_missing",
};
const growth: GrowthRuleGroupDef = {
  ...base,
  name: "testGrowth",
  label: "Test growth",
  input_type: "growth_rule_group",
  value_fields: { revenue: { cagr: { usd: "revenueCagrUsd" } } },
  horizons: [3],
  value_types: ["cagr"],
};
const minOnly: RangeFilterDef = { ...base, name: "price", label: "Price", input_type: "range", field: "price", operators: ["min"] };

const fyRule = (operator: string) => ({ kind: "compare", left: { kind: "fy", offset: 0 }, operator, right: { kind: "constant", value: 0.1 } });
const accepts = (def: Parameters<typeof filterPayloadSchema>[0], payload: unknown) => filterPayloadSchema(def).safeParse(payload).success;

describe("a filter definition's own settings take precedence over filter_type_defaults; what it omits it inherits", () => {
  it("resolves the effective settings", () => {
    expect(filterSettings(metric)).toEqual({
      ...FILTER_TYPE_DEFAULTS.metric_rule_group,
      max_rules: 2,
      compare_operators: ["lt", "gt"],
      operand_kinds: ["fy"],
      missing_policies: ["skip_missing"],
      default_missing_policy: "skip_missing",
    });
    expect(filterSettings(FILTER_BY_NAME.get("returnOnEquity")!)).toEqual(FILTER_TYPE_DEFAULTS.metric_rule_group);
  });

  it("the options record publishes each definition with its effective settings", () => {
    const published = publicFilter(metric);
    expect(published).toMatchObject({ max_rules: 2, compare_operators: ["lt", "gt"], default_missing_policy: "skip_missing" });
    // Inherited.
    expect(published).toMatchObject({ max_fy_depth: 10, rule_kinds: ["range", "compare"], right_operand_kinds: ["fy", "average", "ttm", "constant"] });
    expect(publicFilter(growth)).toMatchObject({ horizons: [3], value_types: ["cagr"], max_rules: 5, missing_data_policy: "exclude" });
    expect(publicFilter(minOnly)).toMatchObject({ operators: ["min"] });
    const shipped = buildOptionsRecord({ lists: {}, counts: {}, labels: {} }, "2016-12-31", { companies: 0, fields: {}, filters: {} });
    expect(shipped.filters.returnOnEquity).toMatchObject(FILTER_TYPE_DEFAULTS.metric_rule_group);
    expect(shipped.filters.country).toMatchObject({ operators: ["include", "exclude"], default_operator: "include" });
  });

  it("the request schema follows a metric group's own limits, operators, operand kinds and policies", () => {
    expect(accepts(metric, { rules: [fyRule("gt"), fyRule("lt")] })).toBe(true);
    expect(accepts(metric, { rules: [fyRule("gt"), fyRule("lt"), fyRule("gt")] })).toBe(false);
    expect(accepts(metric, { rules: [fyRule("gte")] })).toBe(false);
    expect(accepts(metric, { rules: [{ kind: "range", operand: { kind: "ttm" }, min: 0 }] })).toBe(false);
    expect(accepts(metric, { missing_policy: "strict", rules: [fyRule("gt")] })).toBe(false);
    expect(filterPayloadSchema(metric).parse({ rules: [fyRule("gt")] })).toMatchObject({ missing_policy: "skip_missing" });
    const issues = filterPayloadSchema(metric).safeParse({ rules: [fyRule("gt"), fyRule("gt"), fyRule("gt")] }).error!.issues;
    expect(issues.map((i) => i.message)).toContain("at most 2 rules (max_rules)");
    // The shipped definition, inheriting, still takes all of it.
    const shipped = FILTER_BY_NAME.get("returnOnEquity")!;
    expect(accepts(shipped, { missing_policy: "strict", rules: [fyRule("gte"), fyRule("lt"), fyRule("gt")] })).toBe(true);
  });

  it("the request schema follows a growth group's horizons, value types and value fields, and a range's bound keys", () => {
    const rule = (r: Record<string, unknown>) => ({ rules: [{ metric: "revenue", horizon_years: 3, value_type: "cagr", currency_basis: "usd", min: 0, ...r }] });
    expect(accepts(growth, rule({}))).toBe(true);
    expect(accepts(growth, rule({ horizon_years: 5 }))).toBe(false);
    expect(accepts(growth, rule({ value_type: "multiple" }))).toBe(false);
    expect(accepts(growth, rule({ currency_basis: "reported" }))).toBe(false);
    expect(accepts(FILTER_BY_NAME.get("incomeStatementGrowth")!, rule({ horizon_years: 5, value_type: "multiple", currency_basis: "reported" }))).toBe(true);
    expect(accepts(minOnly, { min: 1 })).toBe(true);
    expect(accepts(minOnly, { max: 1 })).toBe(false);
    expect(accepts(FILTER_BY_NAME.get("price")!, { max: 1 })).toBe(true);
  });
});
