import { z } from "zod";
import {
  COMPARE_OPERATORS,
  CURRENCY_BASES,
  FIELD_BY_NAME,
  FILTERS,
  type FilterDef,
  GROWTH_HORIZONS,
  GROWTH_VALUE_TYPES,
  type GrowthRuleGroupDef,
  MAX_FY_DEPTH,
  MAX_RULES,
  MISSING_POLICIES,
  PAGE,
  RESULT_FORMATS,
  SORT_FIELDS,
} from "./catalog";

/**
 * Request schemas of the two screen operations, generated from the catalog. They check structure,
 * types, limits and every list the catalog fixes; values of lists read from the database (countries,
 * industries ...) are checked by `validateOptionValues`.
 */

const OPTIONS_HINT = "see GET /api/v1/screener/options/";

const bound = z.number().describe("Finite number; decimals for ratios (0.10 is 10%), raw dollars for _usd fields");

type Bounds = { min?: number; max?: number };
const hasBound = (v: unknown) => (v as Bounds).min !== undefined || (v as Bounds).max !== undefined;
const ordered = (v: unknown) => {
  const { min, max } = v as Bounds;
  return min === undefined || max === undefined || min <= max;
};

/** `min` and/or `max`, not crossed. */
function withBounds<T extends z.ZodRawShape>(shape: T) {
  return z
    .strictObject({ ...shape, min: bound.optional(), max: bound.optional() })
    .refine(hasBound, { error: "give min and/or max" })
    .refine(ordered, { error: "min must not exceed max", path: ["min"] });
}

export const RangePayload = withBounds({}).describe("Inclusive bounds: { min } and/or { max }");

const MultiSelectPayload = (def: Extract<FilterDef, { input_type: "multi_select" }>) =>
  z
    .strictObject({
      operator: z.enum(def.operators).optional().describe(`include (default) or exclude; exclude keeps companies with no value`),
      values: z
        .array(def.options ? z.enum(def.options) : z.string().min(1).max(200))
        .min(1)
        .max(500)
        .describe(def.options ? `One or more of: ${def.options.join(", ")}` : `Values from option_values.${def.options_source} (${OPTIONS_HINT})`),
    })
    .describe(def.description);

export const TextPayload = z
  .strictObject({ fts: z.string().trim().min(1, { error: "give at least one search term" }).max(500) })
  .describe('Search terms: all must match; "quoted phrases" and prefix* terms supported');

const fyOffset = z.int().min(0).max(MAX_FY_DEPTH - 1).describe("Fiscal-year offset: 0 is the latest eligible fiscal year");

export const FyOperand = z.strictObject({ kind: z.literal("fy"), offset: fyOffset }).describe("The value of one fiscal year");
export const AverageOperand = z
  .strictObject({
    kind: z.literal("average"),
    years: z.int().min(1).max(MAX_FY_DEPTH).describe("Number of trailing fiscal years"),
    anchor: z.strictObject({ scope: z.literal("fy"), offset: fyOffset }),
  })
  .refine((o) => o.anchor.offset + o.years <= MAX_FY_DEPTH, {
    error: `anchor.offset + years must be at most ${MAX_FY_DEPTH}`,
    path: ["years"],
  })
  .describe("Mean of the fiscal years at offsets anchor.offset .. anchor.offset + years - 1");
export const TtmOperand = z.strictObject({ kind: z.literal("ttm") }).describe("Trailing twelve months (missing for annual-only data)");
const ConstantOperand = z.strictObject({ kind: z.literal("constant"), value: bound }).describe("A constant (right-hand side only)");

export const MetricOperand = z.discriminatedUnion("kind", [FyOperand, AverageOperand, TtmOperand]);
const compareOperator = z.enum(COMPARE_OPERATORS).describe("lt, lte, gt or gte");

export const MetricRule = z.discriminatedUnion("kind", [
  withBounds({ kind: z.literal("range"), operand: MetricOperand }).describe("The operand's value is within min/max"),
  z
    .strictObject({
      kind: z.literal("compare"),
      left: MetricOperand,
      operator: compareOperator,
      right: z.discriminatedUnion("kind", [FyOperand, AverageOperand, TtmOperand, ConstantOperand]),
    })
    .describe("left <operator> right, e.g. the latest year above the 3-year average"),
]);

export const MetricRuleGroupPayload = z
  .strictObject({
    missing_policy: z
      .enum(MISSING_POLICIES)
      .default("strict")
      .describe("strict: a missing value fails the rule; skip_missing: a rule whose value is missing is not applied"),
    rules: z.array(MetricRule).min(1).max(MAX_RULES),
  })
  .describe("All rules must hold");

const GrowthRule = (def: GrowthRuleGroupDef) =>
  withBounds({
    metric: z.enum(Object.keys(def.value_fields) as [string, ...string[]]),
    horizon_years: z
      .int()
      .refine((h) => (GROWTH_HORIZONS as readonly number[]).includes(h), { error: `one of ${GROWTH_HORIZONS.join(", ")}` }),
    value_type: z.enum(GROWTH_VALUE_TYPES).describe("cagr (decimal annualised rate) or multiple (v0 / vh)"),
    currency_basis: z.enum(CURRENCY_BASES).describe("A key of value_fields[metric][value_type]"),
  });

const GrowthRuleGroupPayload = (def: GrowthRuleGroupDef) =>
  z
    .strictObject({ rules: z.array(GrowthRule(def)).min(1).max(MAX_RULES, { error: `at most ${MAX_RULES} rules (max_rules)` }) })
    .describe("All rules must hold; a company without data for a rule does not pass (missing_data_policy: exclude)");

const member = (members: readonly string[]) => z.enum(members as [string, ...string[]]);

const MemberRuleGroupPayload = (members: readonly string[]) =>
  z
    .strictObject({
      rules: z
        .array(
          z.discriminatedUnion("kind", [
            withBounds({ kind: z.literal("range"), field: member(members) }),
            z.strictObject({ kind: z.literal("compare"), left_field: member(members), operator: compareOperator, right_field: member(members) }),
          ]),
        )
        .min(1)
        .max(MAX_RULES),
    })
    .describe(`Rules over ${members.join(", ")}; all must hold`);

const FieldComparePayload = (members: readonly string[]) =>
  z.strictObject({ left_field: member(members), operator: compareOperator, right_field: member(members) });

/** The payload schema of one filter, by its input type. */
export function filterPayloadSchema(def: FilterDef): z.ZodType {
  switch (def.input_type) {
    case "range":
      return RangePayload.describe(`${def.label}: ${FIELD_BY_NAME.get(def.field)!.description}`);
    case "multi_select":
      return MultiSelectPayload(def);
    case "text":
      return TextPayload;
    case "metric_rule_group":
      return MetricRuleGroupPayload.describe(def.description);
    case "growth_rule_group":
      return GrowthRuleGroupPayload(def);
    case "volatility_rule_group":
    case "composite_rule_group":
      return MemberRuleGroupPayload(def.members);
    case "field_compare":
      return FieldComparePayload(def.members);
  }
}

export type ScreenMode = "basic" | "advanced";

function filtersSchema(mode: ScreenMode) {
  const allowed = FILTERS.filter((f) => mode === "advanced" || f.mode === "basic");
  const shape = Object.fromEntries(allowed.map((def) => [def.name, filterPayloadSchema(def).optional()]));
  return z
    .strictObject(shape, {
      error: (issue) => {
        if (issue.code !== "unrecognized_keys") return undefined;
        const advancedOnly = issue.keys.filter((k) => FILTERS.some((f) => f.name === k && f.mode === "advanced"));
        return advancedOnly.length > 0 && mode === "basic"
          ? `advanced-only filter(s) ${advancedOnly.join(", ")}: use POST /api/v1/screener/advanced/`
          : `unknown filter(s) ${issue.keys.join(", ")}; ${OPTIONS_HINT}`;
      },
    })
    .default({})
    .describe(`Filters keyed by filter name (${mode === "basic" ? "modes.basic" : "modes.advanced"} of the options record); all must hold`);
}

const fieldName = z
  .string()
  .max(120)
  .refine((name) => FIELD_BY_NAME.has(name), { error: `unknown field; ${OPTIONS_HINT} (fields)` });

/** The screener request envelope of one endpoint. */
export function screenRequestSchema(mode: ScreenMode) {
  return z.strictObject({
    filters: filtersSchema(mode),
    sort: z
      .strictObject({
        field: z.enum(SORT_FIELDS as [string, ...string[]], { error: `unknown sort field; ${OPTIONS_HINT} (sort.fields)` }).optional(),
        desc: z.boolean().optional().describe("Descending when true (default true)"),
      })
      .default({})
      .describe("Default: marketCap_usd descending. Nulls always sort last; ties break on full_ticker in the sort's direction"),
    page: z
      .strictObject({
        limit: z.int().min(1).max(PAGE.max_limit).optional().describe(`Default ${PAGE.default_limit}`),
        offset: z.int().min(0).max(Number.MAX_SAFE_INTEGER).optional().describe("Default 0; past the end gives an empty page"),
      })
      .default({}),
    fields: z.array(fieldName).min(1).max(100).optional().describe("Output fields of a rows response (ignored for tickers)"),
    result_format: z.enum(RESULT_FORMATS).default("rows"),
  });
}

export const BasicScreenRequest = screenRequestSchema("basic");
export const AdvancedScreenRequest = screenRequestSchema("advanced");
export type ScreenRequest = z.output<typeof AdvancedScreenRequest>;
