"use client";

import { useFormContext, useWatch } from "react-hook-form";
import { Select } from "@/components/ui/controls";
import { COMPARE_OPERATORS, type Unit } from "@/lib/screener/catalog";
import { newRuleForm } from "@/lib/screener/screen-form";
import type { PublicFilterDef } from "@/lib/screener/options";
import { BoundsInput } from "./amount-input";
import { OPERATOR_LABELS } from "./filter-labels";
import { RuleList } from "./rule-list";

interface FieldInfo {
  label: (field: string) => string;
  unit: (field: string) => Unit;
}

/** Rules over a group's member fields (volatility, margins ...): a range per member, or one member compared with another. */
export function MemberRuleGroupInput({ path, def, members, maxRules, fields }: { path: string; def: PublicFilterDef; members: readonly string[]; maxRules: number; fields: FieldInfo }) {
  return (
    <RuleList
      path={path}
      label={def.label}
      maxRules={maxRules}
      newRule={() => newRuleForm(def)}
      renderRule={(rulePath, index) => <MemberRule path={rulePath} label={`${def.label} rule ${index + 1}`} members={members} fields={fields} />}
    />
  );
}

function MemberRule({ path, label, members, fields }: { path: string; label: string; members: readonly string[]; fields: FieldInfo }) {
  const { register } = useFormContext();
  const [kind, field] = useWatch({ name: [`${path}.kind`, `${path}.field`] }) as ["range" | "compare", string];
  return (
    <div className="flex flex-wrap items-start gap-1">
      <Select {...register(`${path}.kind`)} aria-label={`${label}: kind`}>
        <option value="range">Range</option>
        <option value="compare">Compare</option>
      </Select>
      {kind === "range" ? (
        <>
          <MemberSelect path={`${path}.field`} label={`${label}: field`} members={members} fields={fields} />
          <BoundsInput path={path} unit={fields.unit(field)} label={label} />
        </>
      ) : (
        <FieldComparison path={path} label={label} members={members} fields={fields} />
      )}
    </div>
  );
}

function MemberSelect({ path, label, members, fields }: { path: string; label: string; members: readonly string[]; fields: FieldInfo }) {
  const { register } = useFormContext();
  return (
    <Select {...register(path)} aria-label={label}>
      {members.map((m) => (
        <option key={m} value={m}>
          {fields.label(m)}
        </option>
      ))}
    </Select>
  );
}

/** `left_field operator right_field`: a compare rule, and the legacy field_compare filter. */
export function FieldComparison({ path, label, members, fields }: { path: string; label: string; members: readonly string[]; fields: FieldInfo }) {
  const { register } = useFormContext();
  return (
    <span className="inline-flex flex-wrap items-center gap-1">
      <MemberSelect path={`${path}.left_field`} label={`${label}: left field`} members={members} fields={fields} />
      <Select {...register(`${path}.operator`)} aria-label={`${label}: operator`}>
        {COMPARE_OPERATORS.map((op) => (
          <option key={op} value={op}>
            {OPERATOR_LABELS[op]}
          </option>
        ))}
      </Select>
      <MemberSelect path={`${path}.right_field`} label={`${label}: right field`} members={members} fields={fields} />
    </span>
  );
}
