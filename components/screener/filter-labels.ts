import type { CompareOperator, CurrencyBasis, GrowthValueType, MissingPolicy, MultiSelectOperator, RightOperandKind, RuleKind } from "@/lib/screener/filter-settings";

/*
 * How the values the options record offers read in the filter form. The lists themselves come from
 * each filter's settings; a value without a label here is shown as it is.
 */
export const OPERATOR_LABELS: Record<CompareOperator, string> = { lt: "<", lte: "≤", gt: ">", gte: "≥" };
export const RULE_KIND_LABELS: Record<RuleKind, string> = { range: "Range", compare: "Compare" };
export const OPERAND_KIND_LABELS: Record<RightOperandKind, string> = { fy: "Fiscal year", average: "Average of", ttm: "TTM", constant: "Value" };
export const VALUE_TYPE_LABELS: Record<GrowthValueType, string> = { cagr: "CAGR", multiple: "Multiple" };
export const CURRENCY_BASIS_LABELS: Record<CurrencyBasis, string> = { reported: "reported currency", usd: "in USD" };
export const MULTI_SELECT_OPERATOR_LABELS: Record<MultiSelectOperator, string> = { include: "is any of", exclude: "is none of" };
export const MISSING_POLICY_LABELS: Record<MissingPolicy, string> = { strict: "fails the rule", skip_missing: "skips the rule" };
/** What the missing-data choice decides (the API calls it missing_policy: strict or skip_missing). */
export const MISSING_POLICY_HINT =
  "A company without the value a rule needs (a fiscal year not reported) either fails the rule and drops out (strict), or the rule is skipped for it and it stays (skip_missing).";
/** What the rule kinds do (the API's range and compare rules). */
export const RULE_KIND_HINT = "Range: the value lies between a minimum and a maximum. Compare: one value against another, e.g. the latest year above the 3-year average.";

export const labelOf = <K extends string>(labels: Partial<Record<K, string>>, value: K): string => labels[value] ?? value;

export { fiscalYearLabel } from "@/lib/screener/temporary-column";

export const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
