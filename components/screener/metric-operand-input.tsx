"use client";

import { useFormContext, useWatch } from "react-hook-form";
import { Select } from "@/components/ui/controls";
import type { Unit } from "@/lib/screener/catalog";
import type { RightOperandKind } from "@/lib/screener/filter-settings";
import { AmountInput } from "./amount-input";
import { FieldError, useInvalidProps } from "./form-errors";
import { fiscalYearLabel, labelOf, OPERAND_KIND_LABELS, range } from "./filter-labels";

/**
 * One side of a metric rule, of the kinds the filter offers for that side: a single fiscal year, a
 * trailing average of N fiscal years ending at an offset, trailing twelve months, or (right-hand
 * side of a compare) a constant.
 */
export function MetricOperandInput({
  path,
  label,
  unit,
  maxDepth,
  kinds,
}: {
  path: string;
  label: string;
  unit: Unit;
  maxDepth: number;
  kinds: readonly RightOperandKind[];
}) {
  const { register } = useFormContext();
  const kind = useWatch({ name: `${path}.kind` }) as RightOperandKind;
  const years = Number(useWatch({ name: `${path}.years` }) ?? 1);
  const yearsError = useInvalidProps(`${path}.years`);
  const asNumber = { setValueAs: (v: string) => Number(v) };
  return (
    <span className="inline-flex flex-wrap items-start gap-1">
      <Select {...register(`${path}.kind`)} aria-label={`${label}: operand`}>
        {kinds.map((k) => (
          <option key={k} value={k}>
            {labelOf(OPERAND_KIND_LABELS, k)}
          </option>
        ))}
      </Select>
      {kind === "average" && (
        <span className="inline-flex flex-col">
          <Select {...register(`${path}.years`, asNumber)} aria-label={`${label}: years`} {...yearsError.invalid}>
            {range(1, maxDepth).map((n) => (
              <option key={n} value={n}>
                {n} years
              </option>
            ))}
          </Select>
          <FieldError path={`${path}.years`} id={yearsError.errorId} />
        </span>
      )}
      {(kind === "fy" || kind === "average") && (
        <Select {...register(`${path}.offset`, asNumber)} aria-label={`${label}: ${kind === "average" ? "ending at" : "fiscal year"}`}>
          {range(0, maxDepth - 1).map((n) => (
            <option key={n} value={n}>
              {kind === "average" ? `to ${fiscalYearLabel(n)}` : fiscalYearLabel(n)}
            </option>
          ))}
        </Select>
      )}
      {kind === "average" && years > 0 && <span className="sr-only">{years}-year average</span>}
      {kind === "constant" && <AmountInput path={`${path}.value`} unit={unit} label={`${label}: value`} />}
      <FieldError path={path} />
    </span>
  );
}
