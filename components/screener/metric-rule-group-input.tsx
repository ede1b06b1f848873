"use client";

import { useFormContext, useWatch } from "react-hook-form";
import { Select } from "@/components/ui/controls";
import type { MetricRuleGroupDef } from "@/lib/screener/catalog";
import { BoundsInput } from "./amount-input";
import { MetricOperandInput } from "./metric-operand-input";
import { OperatorSelect, RuleKindSelect } from "./rule-controls";
import { RuleList } from "./rule-list";

type Def = Omit<MetricRuleGroupDef, "name">;

/**
 * Rules on a fiscal-year metric: a range on one operand, or a comparison of two (e.g. the latest
 * year above the 3-year average), with the policy for companies whose values are missing.
 */
export function MetricRuleGroupInput({ path, def, maxRules, maxDepth }: { path: string; def: Def; maxRules: number; maxDepth: number }) {
  const { register } = useFormContext();
  return (
    <RuleList
      path={path}
      def={def}
      maxRules={maxRules}
      renderRule={(rulePath, index) => <MetricRule path={rulePath} def={def} label={`${def.label} rule ${index + 1}`} maxDepth={maxDepth} />}
    >
      <label className="flex items-center gap-2 text-xs text-zinc-600 dark:text-zinc-400">
        Missing data
        <Select {...register(`${path}.missing_policy`)} aria-label={`${def.label}: missing data`} className="h-6 text-xs">
          <option value="strict">fails the rule (strict)</option>
          <option value="skip_missing">skips the rule (skip_missing)</option>
        </Select>
      </label>
    </RuleList>
  );
}

function MetricRule({ path, def, label, maxDepth }: { path: string; def: Def; label: string; maxDepth: number }) {
  const kind = useWatch({ name: `${path}.kind` }) as "range" | "compare";
  return (
    <div className="flex flex-wrap items-start gap-1">
      <RuleKindSelect path={path} label={label} />
      {kind === "range" ? (
        <>
          <MetricOperandInput path={`${path}.operand`} label={label} unit={def.unit} maxDepth={maxDepth} />
          <BoundsInput path={path} unit={def.unit} label={label} />
        </>
      ) : (
        <>
          <MetricOperandInput path={`${path}.left`} label={`${label} left`} unit={def.unit} maxDepth={maxDepth} />
          <OperatorSelect path={path} label={label} />
          <MetricOperandInput path={`${path}.right`} label={`${label} right`} unit={def.unit} maxDepth={maxDepth} allowConstant />
        </>
      )}
    </div>
  );
}
