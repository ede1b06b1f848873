"use client";

import { Command } from "cmdk";
import { useState } from "react";
import { useController, useFormContext } from "react-hook-form";
import { Button } from "@/components/ui/controls";
import { Popover } from "@/components/ui/popover";
import type { MultiSelectOperator } from "@/lib/screener/filter-settings";
import { formatCount } from "@/lib/screener/value-format";
import { labelOf, MULTI_SELECT_OPERATOR_LABELS } from "./filter-labels";
import { FieldError } from "./form-errors";

/**
 * Include or exclude a set of values: chips for what is chosen, a searchable list (with the number
 * of companies per value) to add more.
 */
export function MultiSelectFilterInput({
  path,
  label,
  operators,
  values,
  counts,
  labels,
}: {
  path: string;
  label: string;
  operators: readonly MultiSelectOperator[];
  values: readonly string[];
  counts?: Record<string, number>;
  /** What coded values stand for ("US": no exchange named in the data). */
  labels?: Record<string, string>;
}) {
  const { control, register } = useFormContext();
  const { field } = useController({ control, name: `${path}.values` });
  const selected = (field.value ?? []) as string[];
  const [open, setOpen] = useState(false);
  const toggle = (value: string) => field.onChange(selected.includes(value) ? selected.filter((v) => v !== value) : [...selected, value]);

  return (
    <div className="space-y-1.5">
      <div className="flex items-center gap-3 text-xs" role="radiogroup" aria-label={`${label}: include or exclude`}>
        {operators.map((op) => (
          <label key={op} className="inline-flex items-center gap-1">
            <input type="radio" value={op} {...register(`${path}.operator`)} />
            {labelOf(MULTI_SELECT_OPERATOR_LABELS, op)}
          </label>
        ))}
      </div>
      <div className="flex flex-wrap items-center gap-1">
        {selected.map((value) => (
          <span key={value} className="inline-flex items-center gap-1 rounded bg-zinc-100 py-0.5 pr-0.5 pl-1.5 text-xs dark:bg-zinc-800">
            {value}
            <button
              type="button"
              onClick={() => toggle(value)}
              aria-label={`Remove ${value}`}
              className="rounded px-1 text-zinc-500 hover:bg-zinc-200 hover:text-zinc-900 dark:hover:bg-zinc-700 dark:hover:text-white"
            >
              ×
            </button>
          </span>
        ))}
        <Popover
          label={`Choose ${label}`}
          open={open}
          onOpenChange={setOpen}
          className="w-72 p-0"
          trigger={
            <Button variant="ghost" className="h-6 px-1.5 text-xs" aria-label={`Add ${label} values`}>
              + {selected.length === 0 ? `Choose ${label.toLowerCase()}` : "Add"}
            </Button>
          }
        >
          <Command label={`${label} values`} className="flex flex-col">
            <Command.Input
              autoFocus
              placeholder={`Search ${values.length} values…`}
              className="h-8 border-b border-zinc-200 bg-transparent px-2 outline-none dark:border-zinc-700"
            />
            <Command.List className="max-h-72 overflow-y-auto p-1">
              <Command.Empty className="px-2 py-1.5 text-zinc-500">No value matches.</Command.Empty>
              {values.map((value) => (
                <Command.Item
                  key={value}
                  value={value}
                  keywords={labels?.[value] ? [labels[value]] : undefined}
                  onSelect={() => toggle(value)}
                  className="flex cursor-pointer items-center gap-2 rounded px-2 py-1 data-[selected=true]:bg-zinc-100 dark:data-[selected=true]:bg-zinc-800"
                >
                  <span aria-hidden className="w-3 text-sky-700 dark:text-sky-400">
                    {selected.includes(value) ? "✓" : ""}
                  </span>
                  <span className="flex-1 truncate" title={labels?.[value]}>
                    {value}
                    {labels?.[value] && <span className="ml-1.5 text-xs text-zinc-500">{labels[value]}</span>}
                  </span>
                  {counts?.[value] !== undefined && <span className="text-xs text-zinc-500 tabular-nums">{formatCount(counts[value])}</span>}
                </Command.Item>
              ))}
            </Command.List>
          </Command>
        </Popover>
      </div>
      <FieldError path={`${path}.values`} />
      {selected.map((_, i) => (
        <FieldError key={i} path={`${path}.values.${i}`} />
      ))}
    </div>
  );
}
