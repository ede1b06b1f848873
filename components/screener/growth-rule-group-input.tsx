"use client";

import { useFormContext, useWatch } from "react-hook-form";
import { Select } from "@/components/ui/controls";
import type { GrowthRuleGroupDef } from "@/lib/screener/catalog";
import { BoundsInput } from "./amount-input";
import { RuleList } from "./rule-list";

type Def = Omit<GrowthRuleGroupDef, "name">;

/** Growth of income-statement metrics over a horizon, as CAGR or multiple, in reported currency or USD. */
export function GrowthRuleGroupInput({
  path,
  def,
  horizons,
  maxRules,
  fieldLabel,
}: {
  path: string;
  def: Def;
  horizons: readonly number[];
  maxRules: number;
  fieldLabel: (field: string) => string;
}) {
  return (
    <RuleList
      path={path}
      def={def}
      maxRules={maxRules}
      renderRule={(rulePath, index) => <GrowthRule path={rulePath} def={def} label={`${def.label} rule ${index + 1}`} horizons={horizons} fieldLabel={fieldLabel} />}
    >
      <p className="text-xs text-zinc-500">
        CAGR is the annualised rate in % (10 = 10% a year). Multiple is the latest fiscal year ÷ the year N years earlier (2 = doubled).
        Both need positive values at both ends; companies without them are left out.
      </p>
    </RuleList>
  );
}

function GrowthRule({
  path,
  def,
  label,
  horizons,
  fieldLabel,
}: {
  path: string;
  def: Def;
  label: string;
  horizons: readonly number[];
  fieldLabel: (field: string) => string;
}) {
  const { register } = useFormContext();
  const [metric, valueType] = useWatch({ name: [`${path}.metric`, `${path}.value_type`] }) as [string, "cagr" | "multiple"];
  const bases = Object.keys(def.value_fields[metric]?.[valueType] ?? {});
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
        <option value="cagr">CAGR</option>
        <option value="multiple">Multiple</option>
      </Select>
      <Select {...register(`${path}.horizon_years`, { setValueAs: (v: string) => Number(v) })} aria-label={`${label}: horizon`}>
        {horizons.map((h) => (
          <option key={h} value={h}>
            over {h}y
          </option>
        ))}
      </Select>
      <Select {...register(`${path}.currency_basis`)} aria-label={`${label}: currency basis`}>
        {bases.map((b) => (
          <option key={b} value={b}>
            {b === "usd" ? "in USD" : "reported currency"}
          </option>
        ))}
      </Select>
      <BoundsInput path={path} unit={valueType === "multiple" ? "number" : "percent"} label={label} multiple={valueType === "multiple"} />
    </div>
  );
}
