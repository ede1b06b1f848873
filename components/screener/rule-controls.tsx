"use client";

import { useFormContext } from "react-hook-form";
import { Select } from "@/components/ui/controls";
import type { CompareOperator, RuleKind } from "@/lib/screener/filter-settings";
import { labelOf, OPERATOR_LABELS, RULE_KIND_HINT, RULE_KIND_LABELS } from "./filter-labels";

/** The kinds of rule a group offers (range, compare). */
export function RuleKindSelect({ path, label, kinds }: { path: string; label: string; kinds: readonly RuleKind[] }) {
  const { register } = useFormContext();
  return (
    <Select {...register(`${path}.kind`)} aria-label={`${label}: kind`} title={RULE_KIND_HINT}>
      {kinds.map((kind) => (
        <option key={kind} value={kind}>
          {labelOf(RULE_KIND_LABELS, kind)}
        </option>
      ))}
    </Select>
  );
}

/** The comparison operators a filter offers, shown as <, ≤, >, ≥. */
export function OperatorSelect({ path, label, operators }: { path: string; label: string; operators: readonly CompareOperator[] }) {
  const { register } = useFormContext();
  return (
    <Select {...register(`${path}.operator`)} aria-label={`${label}: operator`}>
      {operators.map((op) => (
        <option key={op} value={op}>
          {labelOf(OPERATOR_LABELS, op)}
        </option>
      ))}
    </Select>
  );
}
