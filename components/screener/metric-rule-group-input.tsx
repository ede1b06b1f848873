"use client";

import { useFormContext, useWatch } from "react-hook-form";
import { Select } from "@/components/ui/controls";
import { MISSING_POLICY_MEANINGS } from "@/lib/screener/filter-settings";
import type { PublicFilterOf } from "@/lib/screener/options";
import { BoundsInput } from "./amount-input";
import { labelOf, MISSING_POLICY_HINT, MISSING_POLICY_LABELS } from "./filter-labels";
import { MetricOperandInput, type OperandCoverage } from "./metric-operand-input";
import { OperatorSelect, RuleKindSelect } from "./rule-controls";
import { RuleList } from "./rule-list";

type Def = PublicFilterOf<"metric_rule_group">;

/**
 * Rules on a fiscal-year metric: a range on one operand, or a comparison of two (e.g. the latest
 * year above the 3-year average), with the policy for companies whose values are missing.
 */
export function MetricRuleGroupInput({ path, def, coverage }: { path: string; def: Def; coverage: OperandCoverage }) {
  const { register } = useFormContext();
  return (
    <RuleList path={path} def={def} renderRule={(rulePath, index) => <MetricRule path={rulePath} def={def} coverage={coverage} label={`${def.label} rule ${index + 1}`} />}>
      <label className="flex items-center gap-2 text-xs text-zinc-600 dark:text-zinc-400">
        A company without the data
        <Select {...register(`${path}.missing_policy`)} aria-label={`${def.label}: missing data`} title={MISSING_POLICY_HINT} className="h-6 text-xs">
          {def.missing_policies.map((policy) => (
            <option key={policy} value={policy} title={MISSING_POLICY_MEANINGS[policy]}>
              {labelOf(MISSING_POLICY_LABELS, policy)}
            </option>
          ))}
        </Select>
      </label>
    </RuleList>
  );
}

function MetricRule({ path, def, coverage, label }: { path: string; def: Def; coverage: OperandCoverage; label: string }) {
  const kind = useWatch({ name: `${path}.kind` }) as "range" | "compare";
  const operand = { unit: def.unit, maxDepth: def.max_fy_depth, coverage };
  return (
    <div className="flex flex-wrap items-start gap-1">
      <RuleKindSelect path={path} label={label} kinds={def.rule_kinds} />
      {kind === "range" ? (
        <>
          <MetricOperandInput path={`${path}.operand`} label={label} kinds={def.operand_kinds} {...operand} />
          <BoundsInput path={path} unit={def.unit} label={label} />
        </>
      ) : (
        <>
          <MetricOperandInput path={`${path}.left`} label={`${label} left`} kinds={def.operand_kinds} {...operand} />
          <OperatorSelect path={path} label={label} operators={def.compare_operators} />
          <MetricOperandInput path={`${path}.right`} label={`${label} right`} kinds={def.right_operand_kinds} {...operand} />
        </>
      )}
    </div>
  );
}
