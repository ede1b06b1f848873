"use client";

import { useFormContext, useWatch } from "react-hook-form";
import { Select } from "@/components/ui/controls";
import type { Unit } from "@/lib/screener/catalog";
import type { PublicFilterDef } from "@/lib/screener/options";
import { BoundsInput } from "./amount-input";
import { OperatorSelect, RuleKindSelect } from "./rule-controls";
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
      def={def}
      maxRules={maxRules}
      renderRule={(rulePath, index) => <MemberRule path={rulePath} label={`${def.label} rule ${index + 1}`} members={members} fields={fields} />}
    />
  );
}

function MemberRule({ path, label, members, fields }: { path: string; label: string; members: readonly string[]; fields: FieldInfo }) {
  const [kind, field] = useWatch({ name: [`${path}.kind`, `${path}.field`] }) as ["range" | "compare", string];
  return (
    <div className="flex flex-wrap items-start gap-1">
      <RuleKindSelect path={path} label={label} />
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
  return (
    <span className="inline-flex flex-wrap items-center gap-1">
      <MemberSelect path={`${path}.left_field`} label={`${label}: left field`} members={members} fields={fields} />
      <OperatorSelect path={path} label={label} />
      <MemberSelect path={`${path}.right_field`} label={`${label}: right field`} members={members} fields={fields} />
    </span>
  );
}
