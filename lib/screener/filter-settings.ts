import type { Unit } from "./catalog";

/**
 * Operators and limits of each filter input type (the options record's `filter_type_defaults`), and
 * the one rule for a definition's own values (spec): a value on a filter definition takes precedence
 * over the default for its input type; what it omits it inherits. The request schemas, the options
 * record (and through it the UI) read settings only through `filterSettings`. Pure data.
 */

export const BOUND_OPERATORS = ["min", "max"] as const;
export type BoundOperator = (typeof BOUND_OPERATORS)[number];

export const COMPARE_OPERATORS = ["lt", "lte", "gt", "gte"] as const;
export type CompareOperator = (typeof COMPARE_OPERATORS)[number];

export type MultiSelectOperator = "include" | "exclude";
export type RuleKind = "range" | "compare";
export type MetricOperandKind = "fy" | "average" | "ttm";
/** The right-hand side of a metric compare may also be a constant. */
export type RightOperandKind = MetricOperandKind | "constant";
export type MissingPolicy = "strict" | "skip_missing";
export const GROWTH_VALUE_TYPES = ["cagr", "multiple"] as const;
export type GrowthValueType = (typeof GROWTH_VALUE_TYPES)[number];
export const CURRENCY_BASES = ["reported", "usd"] as const;
export type CurrencyBasis = (typeof CURRENCY_BASES)[number];

/** What each missing-data policy does (documents the API and labels the form). */
export const MISSING_POLICY_MEANINGS: Readonly<Record<MissingPolicy, string>> = {
  strict: "a missing value fails the rule",
  skip_missing: "a rule whose value is missing is not applied",
};

export type RangeSettings = {
  /** The bound keys a payload may give. */
  operators: readonly BoundOperator[];
};
export type MultiSelectSettings = {
  operators: readonly MultiSelectOperator[];
  default_operator: MultiSelectOperator;
};
export type TextSettings = {
  operators: readonly "fts"[];
  /** Characters of `fts`. */
  max_length: number;
  /** Words of `fts` (each word of a quoted phrase counts). */
  max_terms: number;
  /** Prefix terms (`word*`): each expands to every indexed word it starts. */
  max_prefix_terms: number;
  /** Letters or digits a prefix term needs before its `*`. */
  min_prefix_length: number;
};
export type MetricRuleGroupSettings = {
  rule_kinds: readonly RuleKind[];
  /** Operands of range rules and of the left side of compare rules. */
  operand_kinds: readonly MetricOperandKind[];
  right_operand_kinds: readonly RightOperandKind[];
  compare_operators: readonly CompareOperator[];
  missing_policies: readonly MissingPolicy[];
  default_missing_policy: MissingPolicy;
  max_rules: number;
  /** Deepest fiscal-year offset an operand may reach, plus one (offset + years ≤ max_fy_depth). */
  max_fy_depth: number;
};
export type GrowthRuleGroupSettings = {
  horizons: readonly number[];
  value_types: readonly GrowthValueType[];
  value_type_formats: Readonly<Record<GrowthValueType, Unit>>;
  missing_data_policy: "exclude";
  max_rules: number;
};
export type MemberRuleGroupSettings = {
  rule_kinds: readonly RuleKind[];
  compare_operators: readonly CompareOperator[];
  max_rules: number;
};
export type FieldCompareSettings = {
  operators: readonly CompareOperator[];
};

export type SettingsByInputType = {
  range: RangeSettings;
  multi_select: MultiSelectSettings;
  text: TextSettings;
  metric_rule_group: MetricRuleGroupSettings;
  growth_rule_group: GrowthRuleGroupSettings;
  volatility_rule_group: MemberRuleGroupSettings;
  composite_rule_group: MemberRuleGroupSettings;
  field_compare: FieldCompareSettings;
};
export type InputType = keyof SettingsByInputType;

const MAX_RULES = 5;
const memberGroup: MemberRuleGroupSettings = { rule_kinds: ["range", "compare"], compare_operators: COMPARE_OPERATORS, max_rules: MAX_RULES };

export const FILTER_TYPE_DEFAULTS: { readonly [T in InputType]: SettingsByInputType[T] } = {
  range: { operators: BOUND_OPERATORS },
  multi_select: { operators: ["include", "exclude"], default_operator: "include" },
  // Each word is one doclist to read and each prefix term a merge of every word it starts (a
  // one-letter prefix: thousands): the bounds keep one text filter's cost small by design.
  text: { operators: ["fts"], max_length: 500, max_terms: 12, max_prefix_terms: 4, min_prefix_length: 3 },
  metric_rule_group: {
    rule_kinds: ["range", "compare"],
    operand_kinds: ["fy", "average", "ttm"],
    right_operand_kinds: ["fy", "average", "ttm", "constant"],
    compare_operators: COMPARE_OPERATORS,
    missing_policies: ["strict", "skip_missing"],
    default_missing_policy: "strict",
    max_rules: MAX_RULES,
    max_fy_depth: 10,
  },
  growth_rule_group: {
    horizons: [1, 2, 3, 5, 7, 8, 10],
    value_types: ["cagr", "multiple"],
    value_type_formats: { cagr: "percent", multiple: "number" },
    missing_data_policy: "exclude",
    max_rules: MAX_RULES,
  },
  volatility_rule_group: memberGroup,
  composite_rule_group: memberGroup,
  field_compare: { operators: COMPARE_OPERATORS },
};

/** A definition's effective settings: the defaults of its input type overlaid by its own values. */
export function filterSettings<T extends InputType>(def: { input_type: T } & Partial<SettingsByInputType[T]>): SettingsByInputType[T] {
  const defaults = FILTER_TYPE_DEFAULTS[def.input_type];
  // The definition's own settings: its members named in the defaults that it gives a value.
  const overrides = Object.fromEntries(Object.entries(def).filter(([key, value]) => key in defaults && value !== undefined));
  return { ...defaults, ...overrides };
}
