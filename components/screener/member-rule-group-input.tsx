"use client";

import { useFormContext, useWatch } from "react-hook-form";
import { Select } from "@/components/ui/controls";
import type { Unit } from "@/lib/screener/catalog";
import type { CompareOperator } from "@/lib/screener/filter-settings";
import type { PublicFilterOf } from "@/lib/screener/options";
import { BoundsInput } from "./amount-input";
import { OperatorSelect, RuleKindSelect } from "./rule-controls";
import { RuleList } from "./rule-list";

interface FieldInfo {
  label: (field: string) => string;
  unit: (field: string) => Unit;
}

type Def = PublicFilterOf<"volatility_rule_group" | "composite_rule_group">;

/** Rules over a group's member fields (volatility, margins ...): a range per member, or one member compared with another. */
export function MemberRuleGroupInput({ path, def, fields }: { path: string; def: Def; fields: FieldInfo }) {
  return <RuleList path={path} def={def} renderRule={(rulePath, index) => <MemberRule path={rulePath} def={def} label={`${def.label} rule ${index + 1}`} fields={fields} />} />;
}

function MemberRule({ path, def, label, fields }: { path: string; def: Def; label: string; fields: FieldInfo }) {
  const [kind, field] = useWatch({ name: [`${path}.kind`, `${path}.field`] }) as ["range" | "compare", string];
  return (
    <div className="flex flex-wrap items-start gap-1">
      <RuleKindSelect path={path} label={label} kinds={def.rule_kinds} />
      {kind === "range" ? (
        <>
          <MemberSelect path={`${path}.field`} label={`${label}: field`} members={def.members} fields={fields} />
          <BoundsInput path={path} unit={fields.unit(field)} label={label} />
        </>
      ) : (
        <FieldComparison path={path} label={label} members={def.members} operators={def.compare_operators} fields={fields} />
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
export function FieldComparison({
  path,
  label,
  members,
  operators,
  fields,
}: {
  path: string;
  label: string;
  members: readonly string[];
  operators: readonly CompareOperator[];
  fields: FieldInfo;
}) {
  return (
    <span className="inline-flex flex-wrap items-center gap-1">
      <MemberSelect path={`${path}.left_field`} label={`${label}: left field`} members={members} fields={fields} />
      <OperatorSelect path={path} label={label} operators={operators} />
      <MemberSelect path={`${path}.right_field`} label={`${label}: right field`} members={members} fields={fields} />
    </span>
  );
}
