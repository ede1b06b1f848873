"use client";

import { useState } from "react";
import { Button, TextInput } from "@/components/ui/controls";
import { Popover } from "@/components/ui/popover";
import type { TypedScreenerOptions } from "@/lib/screener/options";
import { formatCount } from "@/lib/screener/value-format";
import { COVERAGE_TEXT, coverageLevel } from "./coverage-labels";

/**
 * Which output fields the table shows (every name in the options record's `fields`), grouped by
 * category, searchable. The ticker stays first: it is the row's identity and sticky column.
 */
export function ColumnChooser({
  options,
  fields,
  defaultFields,
  fieldCounts,
  onChange,
}: {
  options: TypedScreenerOptions;
  fields: string[];
  defaultFields: readonly string[];
  fieldCounts: Record<string, number>;
  onChange: (fields: string[]) => void;
}) {
  const [query, setQuery] = useState("");
  const q = query.trim().toLowerCase();
  const groups = new Map<string, string[]>();
  for (const name of options.fields) {
    const def = options.field_definitions[name];
    if (!def || (q && !`${def.label} ${name} ${def.category}`.toLowerCase().includes(q))) continue;
    groups.set(def.category, [...(groups.get(def.category) ?? []), name]);
  }
  const toggle = (name: string) => onChange(fields.includes(name) ? fields.filter((f) => f !== name) : [...fields, name]);
  return (
    <Popover
      label="Columns"
      align="end"
      className="w-80"
      trigger={
        <Button>
          Columns · {fields.length}
          <span className="sr-only"> shown</span>
        </Button>
      }
    >
      <div className="flex items-center gap-2 pb-2">
        <TextInput autoFocus value={query} onChange={(e) => setQuery(e.target.value)} placeholder="Search columns…" aria-label="Search columns" className="flex-1" />
        <Button variant="ghost" onClick={() => onChange([...defaultFields])}>
          Default
        </Button>
      </div>
      <div className="max-h-[60vh] overflow-y-auto" role="group" aria-label="Columns">
        {[...groups].map(([category, names]) => (
          <fieldset key={category} className="mb-2">
            <legend className="px-1 text-[11px] font-semibold tracking-wide text-zinc-500 uppercase">{category}</legend>
            {names.map((name) => (
              <label key={name} className="flex items-center gap-2 rounded px-1 py-0.5 hover:bg-zinc-100 dark:hover:bg-zinc-800" title={options.field_definitions[name]?.description}>
                <input type="checkbox" checked={fields.includes(name)} disabled={name === "full_ticker"} onChange={() => toggle(name)} />
                <span className="flex-1">{options.field_definitions[name]?.label ?? name}</span>
                {fieldCounts[name] !== undefined && (
                  <span className={`text-xs tabular-nums ${COVERAGE_TEXT[coverageLevel(fieldCounts[name])]}`} title="companies with a value">
                    {formatCount(fieldCounts[name])}
                  </span>
                )}
              </label>
            ))}
          </fieldset>
        ))}
      </div>
    </Popover>
  );
}
