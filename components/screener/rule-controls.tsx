"use client";

import { useFormContext } from "react-hook-form";
import { Select } from "@/components/ui/controls";
import { COMPARE_OPERATORS } from "@/lib/screener/catalog";
import { OPERATOR_LABELS } from "./filter-labels";

/** Range or compare: the two kinds of rule in metric, volatility and composite groups. */
export function RuleKindSelect({ path, label }: { path: string; label: string }) {
  const { register } = useFormContext();
  return (
    <Select {...register(`${path}.kind`)} aria-label={`${label}: kind`}>
      <option value="range">Range</option>
      <option value="compare">Compare</option>
    </Select>
  );
}

/** lt, lte, gt, gte shown as <, ≤, >, ≥. */
export function OperatorSelect({ path, label }: { path: string; label: string }) {
  const { register } = useFormContext();
  return (
    <Select {...register(`${path}.operator`)} aria-label={`${label}: operator`}>
      {COMPARE_OPERATORS.map((op) => (
        <option key={op} value={op}>
          {OPERATOR_LABELS[op]}
        </option>
      ))}
    </Select>
  );
}
