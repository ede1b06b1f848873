"use client";

import { Command } from "cmdk";
import { useContext, useState } from "react";
import { Button } from "@/components/ui/controls";
import { Popover } from "@/components/ui/popover";
import { useKeyShortcut } from "@/components/ui/use-key-shortcut";
import type { TypedScreenerOptions } from "@/lib/screener/options";
import { formatCount } from "@/lib/screener/value-format";
import { COVERAGE_TEXT, coverageLevel } from "./coverage-labels";
import { RevealFilters } from "./filters-drawer";

const INPUT_TYPE_HINTS: Record<string, string> = {
  range: "min / max",
  multi_select: "choose values",
  text: "keywords",
  metric_rule_group: "fiscal-year rules",
  growth_rule_group: "CAGR / multiple",
  volatility_rule_group: "rules",
  composite_rule_group: "rules",
  field_compare: "compare",
};

/**
 * "Add filter": every filter of the options record, searchable, grouped by category. "/" opens it
 * from anywhere on the page (on a phone, with the filters drawer), with the focus in its search box.
 */
export function AddFilterPicker({
  options,
  active,
  onAdd,
}: {
  options: TypedScreenerOptions;
  active: readonly string[];
  onAdd: (name: string) => void;
}) {
  const [open, setOpen] = useState(false);
  const reveal = useContext(RevealFilters);
  useKeyShortcut("/", () => {
    // A closed drawer opens first (and takes the focus), then the picker opens inside it.
    reveal();
    requestAnimationFrame(() => setOpen(true));
  });
  const byCategory = new Map<string, string[]>();
  for (const name of options.modes.advanced) {
    const category = options.filters[name]?.category ?? "Other";
    byCategory.set(category, [...(byCategory.get(category) ?? []), name]);
  }
  return (
    <Popover
      label="Add a filter"
      open={open}
      onOpenChange={setOpen}
      className="w-[min(24rem,calc(100vw-1rem))] p-0"
      trigger={
        <Button variant="primary" aria-keyshortcuts="/">
          + Add filter
        </Button>
      }
    >
      <Command label="Filters" className="flex flex-col">
        <Command.Input autoFocus placeholder="Search filters… (e.g. margin, growth, country)" className="h-9 border-b border-zinc-200 bg-transparent px-2 outline-none dark:border-zinc-700" />
        <Command.List className="max-h-[60vh] overflow-y-auto p-1">
          <Command.Empty className="px-2 py-1.5 text-zinc-500">No filter matches.</Command.Empty>
          {[...byCategory].map(([category, names]) => (
            <Command.Group
              key={category}
              heading={category}
              className="[&_[cmdk-group-heading]]:px-2 [&_[cmdk-group-heading]]:pt-2 [&_[cmdk-group-heading]]:pb-1 [&_[cmdk-group-heading]]:text-[11px] [&_[cmdk-group-heading]]:font-semibold [&_[cmdk-group-heading]]:tracking-wide [&_[cmdk-group-heading]]:text-zinc-500 [&_[cmdk-group-heading]]:uppercase"
            >
              {names.map((name) => {
                const def = options.filters[name]!;
                const added = active.includes(name);
                const covered = options.coverage.filters[name]?.companies;
                return (
                  <Command.Item
                    key={name}
                    value={`${def.label} ${name} ${category}`}
                    onSelect={() => {
                      onAdd(name);
                      setOpen(false);
                    }}
                    className="flex cursor-pointer items-baseline gap-2 rounded px-2 py-1 data-[selected=true]:bg-zinc-100 dark:data-[selected=true]:bg-zinc-800"
                  >
                    <span className="flex-1 truncate" title={def.description}>
                      {def.label}
                      {added && <span className="ml-1 text-xs text-sky-700 dark:text-sky-400">(added)</span>}
                    </span>
                    {def.mode === "advanced" && <span className="text-[10px] text-violet-700 uppercase dark:text-violet-400">adv</span>}
                    <span className="w-24 text-right text-xs text-zinc-500">{INPUT_TYPE_HINTS[def.input_type]}</span>
                    <span className={`w-12 text-right text-xs tabular-nums ${COVERAGE_TEXT[coverageLevel(covered ?? 0)]}`} title="companies with data">
                      {covered !== undefined ? formatCount(covered) : ""}
                    </span>
                  </Command.Item>
                );
              })}
            </Command.Group>
          ))}
        </Command.List>
      </Command>
    </Popover>
  );
}
