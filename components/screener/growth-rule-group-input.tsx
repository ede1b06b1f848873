"use client";

import { useFormContext, useWatch } from "react-hook-form";
import { Select } from "@/components/ui/controls";
import type { CurrencyBasis, GrowthValueType } from "@/lib/screener/filter-settings";
import type { PublicFilterOf } from "@/lib/screener/options";
import { BoundsInput } from "./amount-input";
import { plural } from "@/lib/screener/value-format";
import { COVERAGE_TEXT, coverageLevel, haveData, optionCoverage } from "./coverage-labels";
import { CURRENCY_BASIS_LABELS, labelOf, VALUE_TYPE_LABELS } from "./filter-labels";
import { RuleList } from "./rule-list";

type Def = PublicFilterOf<"growth_rule_group">;
/** Metric → horizon → companies with positive values at both ends (the options record's coverage). */
type Horizons = Record<string, Record<string, number>>;

/** Growth of income-statement metrics over a horizon, as CAGR or multiple, in reported currency or USD. */
export function GrowthRuleGroupInput({ path, def, horizons, fieldLabel }: { path: string; def: Def; horizons: Horizons; fieldLabel: (field: string) => string }) {
  return (
    <RuleList
      path={path}
      def={def}
      renderRule={(rulePath, index) => <GrowthRule path={rulePath} def={def} horizons={horizons} label={`${def.label} rule ${index + 1}`} fieldLabel={fieldLabel} />}
    >
      <p className="text-xs text-zinc-500">
        CAGR is the annualised rate in % (10 = 10% a year). Multiple is the latest fiscal year ÷ the year N years earlier (2 = doubled).
        Both need positive values at both ends; companies without them are left out.
      </p>
    </RuleList>
  );
}

function GrowthRule({ path, def, horizons, label, fieldLabel }: { path: string; def: Def; horizons: Horizons; label: string; fieldLabel: (field: string) => string }) {
  const { register } = useFormContext();
  const [metric, valueType, horizon] = useWatch({ name: [`${path}.metric`, `${path}.value_type`, `${path}.horizon_years`] }) as [string, GrowthValueType, number];
  const counts = horizons[metric] ?? {};
  const best = Math.max(0, ...Object.values(counts));
  const chosen = counts[String(horizon)];
  const bases = Object.keys(def.value_fields[metric]?.[valueType] ?? {}) as CurrencyBasis[];
  const unit = def.value_type_formats[valueType];
  return (
    <div className="flex flex-wrap items-start gap-1">
      <Select {...register(`${path}.metric`)} aria-label={`${label}: metric`}>
        {Object.keys(def.value_fields).map((m) => (
          <option key={m} value={m}>
            {fieldLabel(m)}
          </option>
        ))}
      </Select>
      <Select {...register(`${path}.value_type`)} aria-label={`${label}: value type`}>
        {def.value_types.map((type) => (
          <option key={type} value={type}>
            {labelOf(VALUE_TYPE_LABELS, type)}
          </option>
        ))}
      </Select>
      <Select {...register(`${path}.horizon_years`, { setValueAs: (v: string) => Number(v) })} aria-label={`${label}: horizon`}>
        {def.horizons.map((h) => (
          <option key={h} value={h}>
            over {h}y{optionCoverage(counts[String(h)], best)}
          </option>
        ))}
      </Select>
      <Select {...register(`${path}.currency_basis`)} aria-label={`${label}: currency basis`}>
        {bases.map((b) => (
          <option key={b} value={b}>
            {labelOf(CURRENCY_BASIS_LABELS, b)}
          </option>
        ))}
      </Select>
      <BoundsInput path={path} unit={unit} label={label} multiple={valueType === "multiple"} />
      {chosen !== undefined && (
        <p data-testid="horizon-coverage" className={`w-full text-xs ${COVERAGE_TEXT[coverageLevel(chosen, best)]}`}>
          {haveData(`${fieldLabel(metric)} over ${plural(horizon, "year")}`, chosen)}
        </p>
      )}
    </div>
  );
}
