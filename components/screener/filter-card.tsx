"use client";

import { Button } from "@/components/ui/controls";
import type { Unit } from "@/lib/screener/catalog";
import type { PublicFilterDef, TypedScreenerOptions } from "@/lib/screener/options";
import type { FilterOutcome } from "@/lib/screener/response-schema";
import { unitOfField } from "@/lib/screener/screen-form";
import { COVERAGE_TEXT, coverageLevel } from "./coverage-labels";
import { formatCount } from "@/lib/screener/value-format";
import { FilterOutcomeLine } from "./filter-outcome-line";
import { FieldError, useHasErrorsWithin } from "./form-errors";
import { GrowthRuleGroupInput } from "./growth-rule-group-input";
import { FieldComparison, MemberRuleGroupInput } from "./member-rule-group-input";
import { MetricRuleGroupInput } from "./metric-rule-group-input";
import { MultiSelectFilterInput } from "./multi-select-filter-input";
import { RangeFilterInput } from "./range-filter-input";
import { TextFilterInput } from "./text-filter-input";

/**
 * One active filter: its label, what data it can see, its inputs by input type, and a remove button.
 * The inputs offer what the definition's effective settings (operators, kinds, limits) allow, with
 * how many companies each setting can see; under them, what the filter did to the last screen.
 */
export function FilterCard({
  name,
  def,
  options,
  outcome,
  onRemove,
}: {
  name: string;
  def: PublicFilterDef;
  options: TypedScreenerOptions;
  outcome: FilterOutcome | undefined;
  onRemove: () => void;
}) {
  const path = `filters.${name}`;
  const hasError = useHasErrorsWithin(path);
  const coverage = options.coverage.filters[name];
  const covered = coverage?.companies;
  const fields = {
    label: (field: string) => options.field_definitions[field]?.label ?? field,
    unit: (field: string): Unit => unitOfField(options, field),
  };

  return (
    <section
      aria-label={`${def.label} filter`}
      data-filter={name}
      className={`rounded-md border bg-white p-2 dark:bg-zinc-900 ${hasError ? "border-red-300 dark:border-red-900" : "border-zinc-200 dark:border-zinc-800"}`}
    >
      <header className="mb-1.5 flex items-baseline gap-2">
        <h3 className="font-medium" title={def.description}>
          {def.label}
        </h3>
        {def.mode === "advanced" && (
          <span className="rounded bg-violet-100 px-1 text-[10px] font-medium tracking-wide text-violet-800 uppercase dark:bg-violet-950 dark:text-violet-300">
            advanced
          </span>
        )}
        {def.input_type === "multi_select" && def.taxonomy && (
          <span className="text-xs text-zinc-500" data-testid="filter-taxonomy">
            {def.taxonomy}
          </span>
        )}
        {covered !== undefined && <span className={`text-xs ${COVERAGE_TEXT[coverageLevel(covered)]}`}>{formatCount(covered)} with data</span>}
        <Button variant="ghost" className="ml-auto h-6 px-1.5" onClick={onRemove} aria-label={`Remove ${def.label} filter`}>
          ×
        </Button>
      </header>
      {(() => {
        switch (def.input_type) {
          case "range":
            return <RangeFilterInput path={path} unit={unitOfField(options, def.field)} label={def.label} />;
          case "multi_select":
            return (
              <MultiSelectFilterInput
                path={path}
                label={def.label}
                operators={def.operators}
                values={def.options ?? options.option_values[def.options_source ?? ""] ?? []}
                counts={def.options_source ? options.option_value_counts[def.options_source] : undefined}
                labels={def.options_source ? options.option_value_labels[def.options_source] : undefined}
              />
            );
          case "text":
            return <TextFilterInput path={path} label={def.label} />;
          case "metric_rule_group":
            return <MetricRuleGroupInput path={path} def={def} coverage={{ fyOffsets: coverage?.fy_offsets ?? {}, averageYears: coverage?.average_years ?? {} }} />;
          case "growth_rule_group":
            return <GrowthRuleGroupInput path={path} def={def} horizons={coverage?.horizons ?? {}} fieldLabel={fields.label} />;
          case "volatility_rule_group":
          case "composite_rule_group":
            return <MemberRuleGroupInput path={path} def={def} fields={fields} />;
          case "field_compare":
            return <FieldComparison path={path} label={def.label} members={def.members} operators={def.operators} fields={fields} />;
        }
      })()}
      <FieldError path={path} />
      {outcome && <FilterOutcomeLine outcome={outcome} />}
    </section>
  );
}
