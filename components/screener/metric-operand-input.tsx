"use client";

import { useFormContext, useWatch } from "react-hook-form";
import { Select } from "@/components/ui/controls";
import type { Unit } from "@/lib/screener/catalog";
import type { RightOperandKind } from "@/lib/screener/filter-settings";
import { AmountInput } from "./amount-input";
import { plural } from "@/lib/screener/value-format";
import { COVERAGE_TEXT, coverageLevel, haveData, optionCoverage } from "./coverage-labels";
import { FieldError, useInvalidProps } from "./form-errors";
import { fiscalYearLabel, labelOf, OPERAND_KIND_LABELS, range } from "./filter-labels";

/** Companies with data per fiscal-year offset and per average length (to the latest fiscal year). */
export interface OperandCoverage {
  fyOffsets: Record<string, number>;
  averageYears: Record<string, number>;
}

/**
 * One side of a metric rule, of the kinds the filter offers for that side: a single fiscal year, a
 * trailing average of N fiscal years ending at an offset, trailing twelve months, or (right-hand
 * side of a compare) a constant. Each fiscal year and average length says how many companies have
 * it (the average's counts are for averages to the latest fiscal year, the published ones).
 */
export function MetricOperandInput({
  path,
  label,
  unit,
  maxDepth,
  kinds,
  coverage,
}: {
  path: string;
  label: string;
  unit: Unit;
  maxDepth: number;
  kinds: readonly RightOperandKind[];
  coverage: OperandCoverage;
}) {
  const { register } = useFormContext();
  const kind = useWatch({ name: `${path}.kind` }) as RightOperandKind;
  const years = Number(useWatch({ name: `${path}.years` }) ?? 1);
  const offset = Number(useWatch({ name: `${path}.offset` }) ?? 0);
  const best = Math.max(0, ...Object.values(coverage.fyOffsets));
  // Averages to an older fiscal year are not published: their counts are not shown.
  const yearsCounts = offset === 0 ? coverage.averageYears : {};
  const chosen =
    kind === "fy" ? { text: fiscalYearLabel(offset), n: coverage.fyOffsets[String(offset)] } : kind === "average" ? { text: `${years}-year average`, n: yearsCounts[String(years)] } : undefined;
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
                {plural(n, "year")}{optionCoverage(yearsCounts[String(n)], best)}
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
              {kind === "average" ? `to ${fiscalYearLabel(n)}` : `${fiscalYearLabel(n)}${optionCoverage(coverage.fyOffsets[String(n)], best)}`}
            </option>
          ))}
        </Select>
      )}
      {kind === "average" && years > 0 && <span className="sr-only">{years}-year average</span>}
      {kind === "constant" && <AmountInput path={`${path}.value`} unit={unit} label={`${label}: value`} />}
      {chosen?.n !== undefined && coverageLevel(chosen.n, best) !== "ok" && (
        <span data-testid="operand-coverage" className={`w-full text-xs ${COVERAGE_TEXT[coverageLevel(chosen.n, best)]}`}>
          {haveData(chosen.text, chosen.n)}
        </span>
      )}
      <FieldError path={path} />
    </span>
  );
}
