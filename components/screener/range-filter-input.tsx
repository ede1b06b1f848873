"use client";

import { amountHint } from "@/lib/screener/amount";
import type { Unit } from "@/lib/screener/catalog";
import { BoundsInput } from "./amount-input";

/** A range filter: inclusive min and/or max in the field's display unit. */
export function RangeFilterInput({ path, unit, label }: { path: string; unit: Unit; label: string }) {
  return (
    <div className="flex flex-wrap items-start gap-2">
      <BoundsInput path={path} unit={unit} label={label} />
      <span className="pt-1 text-xs text-zinc-500">{amountHint(unit)}</span>
    </div>
  );
}
