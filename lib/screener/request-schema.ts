import { z } from "zod";
import {
  FIELD_BY_NAME,
  type FieldCompareDef,
  FILTER_BY_NAME,
  FILTERS,
  type FilterDef,
  type FilterDefOf,
  type GrowthRuleGroupDef,
  growthColumnName,
  type MemberRuleGroupDef,
  type MetricRuleGroupDef,
  type MultiSelectFilterDef,
  PAGE,
  type RangeFilterDef,
  type TextFilterDef,
  RESULT_FORMATS,
  SORT_FIELDS,
} from "./catalog";
import {
  BOUND_OPERATORS,
  type BoundOperator,
  type CompareOperator,
  CURRENCY_BASES,
  filterSettings,
  type InputType,
  type MetricOperandKind,
  MISSING_POLICY_MEANINGS,
  type RightOperandKind,
} from "./filter-settings";
import { ftsTerms } from "./fts-query";
import { Formulas } from "./formula-schema";

/**
 * Request schemas of the two screen operations, generated from the catalog: every operator, kind
 * and limit is the filter's effective setting (`filterSettings`). They check structure, types,
 * limits and every list the catalog fixes; values of lists read from the database (countries,
 * industries ...) are checked by `validateOptionValues`.
 */

const OPTIONS_HINT = "see GET /api/v1/screener/options/";

const bound = z.number().describe("Finite number; decimals for ratios (0.10 is 10%), raw dollars for _usd fields");

/** A non-empty list as zod's enum and union builders want it (the catalog never offers an empty one). */
function nonEmpty<T>(items: readonly T[]): [T, ...T[]] {
  const [first, ...rest] = items;
  if (first === undefined) throw new Error("a list of choices is empty");
  return [first, ...rest];
}
const oneOf = <T extends string>(values: readonly T[]) => z.enum(nonEmpty(values), { error: `one of ${values.join(", ")}` });

/** A bound key the filter does not offer stays out of the payload (the output type keeps both keys). */
const boundKey = (operators: readonly BoundOperator[], key: BoundOperator) =>
  operators.includes(key) ? bound.optional() : z.never({ error: `not offered; give ${operators.join(" and/or ")}` }).optional();

/** The bounds a payload gives, min first (read structurally: the shape around them is generic). */
const given = (v: object) => BOUND_OPERATORS.flatMap((key) => (key in v ? [Reflect.get(v, key)] : [])).filter((b) => typeof b === "number");

/** The bound keys offered (`min` and/or `max`), at least one given, not crossed. */
function withBounds<T extends z.ZodRawShape>(shape: T, operators: readonly BoundOperator[] = BOUND_OPERATORS) {
  return z
    .strictObject({ ...shape, min: boundKey(operators, "min"), max: boundKey(operators, "max") })
    .refine((v) => given(v).length > 0, { error: `give ${operators.join(" and/or ")}` })
    .refine((v) => given(v).length < 2 || given(v)[0]! <= given(v)[1]!, { error: "min must not exceed max", path: ["min"] });
}

const compareOperator = (operators: readonly CompareOperator[]) => oneOf(operators).describe(operators.join(", "));
const maxRules = (max: number) => ({ error: `at most ${max} rules (max_rules)` });


function MultiSelectPayload(def: MultiSelectFilterDef) {
  const { operators, default_operator } = filterSettings(def);
  return z
    .strictObject({
      operator: oneOf(operators).optional().describe(`${operators.join(" or ")}; default ${default_operator}; exclude keeps companies with no value`),
      values: z
        .array(def.options ? z.enum(nonEmpty(def.options)) : z.string().min(1).max(200))
        .min(1)
        .max(500)
        .describe(def.options ? `One or more of: ${def.options.join(", ")}` : `Values from option_values.${def.options_source} (${OPTIONS_HINT})`),
    })
    .describe(def.description);
}

function TextPayload(def: TextFilterDef) {
  const { max_length, max_terms, max_prefix_terms, min_prefix_length } = filterSettings(def);
  const fts = z
    .string()
    .trim()
    .min(1, { error: "give at least one search term" })
    .max(max_length, { error: `at most ${max_length} characters (max_length)` })
    .superRefine((text, ctx) => {
      if (text === "") return; // min(1) said so
      const terms = ftsTerms(text);
      const problems = [
        terms.length === 0 && "has no searchable words (letters or digits)",
        terms.reduce((n, t) => n + t.words.length, 0) > max_terms && `at most ${max_terms} words (max_terms)`,
        terms.filter((t) => t.prefix).length > max_prefix_terms && `at most ${max_prefix_terms} prefix* terms (max_prefix_terms)`,
        terms.some((t) => t.prefix && [...t.words.at(-1)!].length < min_prefix_length) &&
          `a prefix* term needs at least ${min_prefix_length} letters or digits before * (min_prefix_length)`,
      ];
      for (const message of problems) if (message) ctx.addIssue({ code: "custom", message });
    })
    .describe(
      `Search terms, all must match: words, "quoted phrases" and prefix* terms; any other character is plain text. At most ${max_length} characters, ${max_terms} words (each word of a phrase counts) and ${max_prefix_terms} prefix* terms of at least ${min_prefix_length} letters or digits; text without letters or digits is refused`,
    );
  return z.strictObject({ fts }).describe(def.description);
}

function MetricRuleGroupPayload(def: MetricRuleGroupDef) {
  const settings = filterSettings(def);
  const depth = settings.max_fy_depth;
  const fyOffset = z.int().min(0).max(depth - 1).describe("Fiscal-year offset: 0 is the latest eligible fiscal year");
  const metricOperands = {
    fy: z.strictObject({ kind: z.literal("fy"), offset: fyOffset }).describe("The value of one fiscal year"),
    average: z
      .strictObject({
        kind: z.literal("average"),
        years: z.int().min(1).max(depth).describe("Number of trailing fiscal years"),
        anchor: z.strictObject({ scope: z.literal("fy"), offset: fyOffset }),
      })
      .refine((o) => o.anchor.offset + o.years <= depth, { error: `anchor.offset + years must be at most ${depth}`, path: ["years"] })
      .describe("Mean of the fiscal years at offsets anchor.offset .. anchor.offset + years - 1"),
    ttm: z.strictObject({ kind: z.literal("ttm") }).describe("Trailing twelve months to the latest 10-K or 10-Q filed by the as-of date (operating margin, net margin and return on equity; missing for the other metrics)"),
  };
  const rightOperands = {
    ...metricOperands,
    constant: z.strictObject({ kind: z.literal("constant"), value: bound }).describe("A constant (right-hand side only)"),
  };
  const operand = (kinds: readonly MetricOperandKind[]) => z.discriminatedUnion("kind", nonEmpty(kinds.map((kind) => metricOperands[kind])));
  const rightOperand = (kinds: readonly RightOperandKind[]) => z.discriminatedUnion("kind", nonEmpty(kinds.map((kind) => rightOperands[kind])));
  const rules = {
    range: withBounds({ kind: z.literal("range"), operand: operand(settings.operand_kinds) }).describe("The operand's value is within min/max"),
    compare: z
      .strictObject({
        kind: z.literal("compare"),
        left: operand(settings.operand_kinds),
        operator: compareOperator(settings.compare_operators),
        right: rightOperand(settings.right_operand_kinds),
      })
      .describe("left <operator> right, e.g. the latest year above the 3-year average"),
  };
  const policies = settings.missing_policies;
  return z
    .strictObject({
      missing_policy: oneOf(policies)
        .default(settings.default_missing_policy)
        .describe(policies.map((p) => `${p}: ${MISSING_POLICY_MEANINGS[p]}`).join("; ")),
      rules: z
        .array(z.discriminatedUnion("kind", nonEmpty(settings.rule_kinds.map((kind) => rules[kind]))))
        .min(1)
        .max(settings.max_rules, maxRules(settings.max_rules)),
    })
    .describe(`${def.description}. All rules must hold`);
}

function GrowthRuleGroupPayload(def: GrowthRuleGroupDef) {
  const { horizons, value_types, max_rules } = filterSettings(def);
  const bases = CURRENCY_BASES.filter((basis) => Object.values(def.value_fields).some((types) => Object.values(types).some((b) => b?.[basis] !== undefined)));
  const rule = withBounds({
    metric: oneOf(Object.keys(def.value_fields)),
    horizon_years: z.int().refine((h) => horizons.includes(h), { error: `one of ${horizons.join(", ")}` }),
    value_type: oneOf(value_types).describe("cagr (decimal annualised rate) or multiple (v0 / vh)"),
    currency_basis: oneOf(bases).describe("A key of value_fields[metric][value_type]"),
  }).refine((r) => def.value_fields[r.metric]?.[r.value_type]?.[r.currency_basis] !== undefined, {
    error: "not a key of value_fields[metric][value_type]",
    path: ["currency_basis"],
  });
  return z
    .strictObject({ rules: z.array(rule).min(1).max(max_rules, maxRules(max_rules)) })
    .describe(
      `All rules must hold; a company without data for a rule does not pass (missing_data_policy: exclude). Each rule returns its value as the temporary column value_fields[metric][value_type][currency_basis] + "_<horizon_years>y" (e.g. ${growthColumnName("revenueCagr", 3)})`,
    );
}

function MemberRuleGroupPayload(def: MemberRuleGroupDef) {
  const { rule_kinds, compare_operators, max_rules } = filterSettings(def);
  const member = oneOf(def.members);
  const rules = {
    range: withBounds({ kind: z.literal("range"), field: member }),
    compare: z.strictObject({ kind: z.literal("compare"), left_field: member, operator: compareOperator(compare_operators), right_field: member }),
  };
  return z
    .strictObject({
      rules: z
        .array(z.discriminatedUnion("kind", nonEmpty(rule_kinds.map((kind) => rules[kind]))))
        .min(1)
        .max(max_rules, maxRules(max_rules)),
    })
    .describe(`Rules over ${def.members.join(", ")}; all must hold`);
}

const RangePayload = (def: RangeFilterDef) =>
  withBounds({}, filterSettings(def).operators).describe(`${def.label}: ${FIELD_BY_NAME.get(def.field)!.description}. Inclusive bounds`);

function FieldComparePayload(def: FieldCompareDef) {
  const member = oneOf(def.members);
  return z.strictObject({ left_field: member, operator: compareOperator(filterSettings(def).operators), right_field: member });
}

/** Built once per filter definition: the request schemas and `typedFilters` share them. */
function perDef<D extends FilterDef, S>(build: (def: D) => S): (def: D) => S {
  const built = new WeakMap<D, S>();
  return (def) => {
    const known = built.get(def);
    if (known !== undefined) return known;
    const schema = build(def);
    built.set(def, schema);
    return schema;
  };
}

const memberGroup = perDef(MemberRuleGroupPayload);

/** The payload schema of a filter by its input type. */
const PAYLOAD_SCHEMAS = {
  range: perDef(RangePayload),
  multi_select: perDef(MultiSelectPayload),
  text: perDef(TextPayload),
  metric_rule_group: perDef(MetricRuleGroupPayload),
  growth_rule_group: perDef(GrowthRuleGroupPayload),
  volatility_rule_group: memberGroup,
  composite_rule_group: memberGroup,
  field_compare: perDef(FieldComparePayload),
} satisfies { [T in InputType]: (def: FilterDefOf<T>) => z.ZodType };

/** The payload a filter of input type `T` takes, as the request schema outputs it. */
export type PayloadOf<T extends InputType> = z.output<ReturnType<(typeof PAYLOAD_SCHEMAS)[T]>>;
export type RangePayload = PayloadOf<"range">;
export type MultiSelectPayload = PayloadOf<"multi_select">;
export type MetricGroupPayload = PayloadOf<"metric_rule_group">;
export type MetricRule = MetricGroupPayload["rules"][number];
export type MetricOperand = Extract<MetricRule, { kind: "range" }>["operand"];
export type RightOperand = Extract<MetricRule, { kind: "compare" }>["right"];
export type GrowthRule = PayloadOf<"growth_rule_group">["rules"][number];
export type MemberRule = PayloadOf<"volatility_rule_group">["rules"][number];
export type FieldComparePayload = PayloadOf<"field_compare">;
export type FilterPayload = PayloadOf<InputType>;

/** A filter of a request: its definition and its payload, typed together by `input_type`. */
export type TypedFilter = FilterDef extends infer D
  ? D extends FilterDef
    ? { input_type: D["input_type"]; def: D; payload: PayloadOf<D["input_type"]> }
    : never
  : never;

/** A filter's payload schema, and its parse that types the payload together with the definition. */
const parser = <D extends FilterDef, S extends z.ZodType>(def: D, schema: S) => ({
  schema,
  parse: (payload: unknown): { input_type: D["input_type"]; def: D; payload: z.output<S> } => ({ input_type: def.input_type, def, payload: schema.parse(payload) }),
});

function payloadParser(def: FilterDef) {
  switch (def.input_type) {
    case "range":
      return parser(def, PAYLOAD_SCHEMAS.range(def));
    case "multi_select":
      return parser(def, PAYLOAD_SCHEMAS.multi_select(def));
    case "text":
      return parser(def, PAYLOAD_SCHEMAS.text(def));
    case "metric_rule_group":
      return parser(def, PAYLOAD_SCHEMAS.metric_rule_group(def));
    case "growth_rule_group":
      return parser(def, PAYLOAD_SCHEMAS.growth_rule_group(def));
    case "volatility_rule_group":
    case "composite_rule_group":
      return parser(def, memberGroup(def));
    case "field_compare":
      return parser(def, PAYLOAD_SCHEMAS.field_compare(def));
  }
}

/** The payload schema of one filter, by its input type. */
export const filterPayloadSchema = (def: FilterDef) => payloadParser(def).schema;

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

export const fieldName = z
  .string()
  .max(120)
  .refine((name) => FIELD_BY_NAME.has(name), { error: `unknown field; ${OPTIONS_HINT} (fields)` });

/** The screener request envelope of one endpoint. */
export function screenRequestSchema(mode: ScreenMode) {
  return z.strictObject({
    filters: filtersSchema(mode),
    sort: z
      .strictObject({
        field: z.enum(nonEmpty(SORT_FIELDS), { error: `unknown sort field; ${OPTIONS_HINT} (sort.fields)` }).optional(),
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

/** An as-of date (API v2): the screen reads the values of the last trading day on or before it. */
export const AsOfDate = z.iso
  .date({ error: "must be a date written YYYY-MM-DD" })
  .describe(
    "Screen as of this date (YYYY-MM-DD): values of the last trading day on or before it, no price after it and no fiscal year public after it (docs/METRICS.md). Within as_of_range of GET /api/v2/screener/options/. Without it, the screen answers exactly as v1",
  );

/**
 * The screener page's own request (`/api/ui/screener/…`): as v1's, except that the sort field may
 * also name a temporary column the screen computes (`returnOnInvestedCapital_avg3y_fy0`, a
 * formula); the compiler refuses a name that is neither a sort field nor one of the screen's
 * columns. It takes v2's `as_of` and `formulas`.
 */
export function uiScreenRequestSchema(mode: ScreenMode) {
  return screenRequestSchema(mode).extend({
    sort: z
      .strictObject({
        field: z.string().min(1).max(120).optional().describe("A sort field, or a temporary column of this screen (a formula's among them)"),
        desc: z.boolean().optional(),
      })
      .default({}),
    as_of: AsOfDate.optional(),
    formulas: Formulas.optional(),
  });
}

export const BasicScreenRequest = screenRequestSchema("basic");
export const AdvancedScreenRequest = screenRequestSchema("advanced");
export type ScreenRequest = z.output<typeof AdvancedScreenRequest>;

/**
 * The filters of a parsed request, each typed with its definition. Each payload passes its (cached)
 * schema once more: the request schema's output is keyed by name only, and this parse is what ties
 * a payload's type to its filter's input type without a cast. It accepts what the request schema
 * output, so it never fails on a parsed request.
 */
export function typedFilters(filters: ScreenRequest["filters"]): TypedFilter[] {
  return Object.entries(filters).flatMap(([name, payload]) => {
    const def = FILTER_BY_NAME.get(name);
    if (def === undefined) throw new Error(`unknown filter ${name} passed the request schema`);
    return payload === undefined ? [] : [payloadParser(def).parse(payload)];
  });
}

/** Which listings of a company with several share classes a screen returns (API v2). */
export const ListingsMode = z
  .enum(["primary", "all"])
  .describe(
    "primary (default, and v1): one row per company, its primary listing (the share class with the most traded value over the year to the as-of date); all: every listing, each share class a row of its own with the company's market cap (docs/METRICS.md \"Share classes\")",
  );
export type ListingsMode = z.output<typeof ListingsMode>;

/** A sort field of a v2 screen: the catalog's, or one of the request's formulas. */
function sortOnFormulas(request: { sort: { field?: string | undefined }; formulas?: readonly { name: string }[] | undefined }, ctx: z.RefinementCtx) {
  const field = request.sort.field;
  if (field === undefined || (SORT_FIELDS as readonly string[]).includes(field) || request.formulas?.some((f) => f.name === field)) return;
  ctx.addIssue({ code: "custom", path: ["sort", "field"], message: `unknown sort field: a sort field (${OPTIONS_HINT}, sort.fields) or the name of one of this request's formulas` });
}

/** The v2 envelope of one endpoint: v1's plus an optional `as_of`, `listings` and `formulas`, which the sort may name. */
export function asOfScreenRequestSchema(mode: ScreenMode) {
  return screenRequestSchema(mode)
    .extend({
      as_of: AsOfDate.optional(),
      listings: ListingsMode.optional(),
      formulas: Formulas.optional(),
      sort: z
        .strictObject({
          field: z.string().min(1).max(120).optional().describe("A sort field (sort.fields of the options record) or the name of one of the request's formulas"),
          desc: z.boolean().optional().describe("Descending when true (default true)"),
        })
        .default({})
        .describe("Default: marketCap_usd descending. Nulls always sort last; ties break on full_ticker in the sort's direction"),
    })
    .superRefine(sortOnFormulas);
}

export const BasicScreenRequestV2 = asOfScreenRequestSchema("basic");
export const AdvancedScreenRequestV2 = asOfScreenRequestSchema("advanced");
/** A screen request of either version (v1's has no `as_of`). */
export type AsOfScreenRequest = z.output<typeof AdvancedScreenRequestV2>;
