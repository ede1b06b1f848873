"use client";

import type { ReactNode } from "react";
import { useFieldArray, useFormContext } from "react-hook-form";
import { Button } from "@/components/ui/controls";
import type { PublicFilterOf } from "@/lib/screener/options";
import { newRuleForm } from "@/lib/screener/screen-form";
import { FieldError } from "./form-errors";

export type RuleGroupDef = PublicFilterOf<"metric_rule_group" | "growth_rule_group" | "volatility_rule_group" | "composite_rule_group">;

/**
 * The rows of a rule group: add (up to the group's `max_rules`, each new rule as the group's
 * defaults) and remove rules; each row is drawn by `renderRule`. All rules must hold.
 */
export function RuleList({
  path,
  def,
  renderRule,
  children,
}: {
  path: string;
  def: RuleGroupDef;
  renderRule: (rulePath: string, index: number) => ReactNode;
  /** Shown under the rules (group settings, explanations). */
  children?: ReactNode;
}) {
  const label = def.label;
  const maxRules = def.max_rules;
  const { control } = useFormContext();
  const { fields, append, remove } = useFieldArray({ control, name: `${path}.rules` });
  return (
    <div className="space-y-1.5">
      <ol className="space-y-1.5" aria-label={`${label} rules`}>
        {fields.map((field, index) => (
          <li key={field.id} className="flex items-start gap-1 rounded border border-zinc-200 p-1.5 dark:border-zinc-800">
            <div className="min-w-0 flex-1">
              {renderRule(`${path}.rules.${index}`, index)}
              <FieldError path={`${path}.rules.${index}`} />
            </div>
            <Button variant="ghost" className="h-6 px-1.5" onClick={() => remove(index)} aria-label={`Remove ${label} rule ${index + 1}`} disabled={fields.length === 1}>
              ×
            </Button>
          </li>
        ))}
      </ol>
      <FieldError path={`${path}.rules`} />
      <div className="flex items-center gap-2 text-xs text-zinc-500">
        <Button variant="ghost" className="h-6 px-1.5 text-xs" onClick={() => append(newRuleForm(def))} disabled={fields.length >= maxRules}>
          + Rule
        </Button>
        <span>
          {fields.length} of at most {maxRules} rules; all must hold
        </span>
      </div>
      {children}
    </div>
  );
}
