"use client";

import { useFormContext } from "react-hook-form";
import { TextInput } from "@/components/ui/controls";
import { amountHint } from "@/lib/screener/amount";
import type { Unit } from "@/lib/screener/catalog";
import { FieldError, useInvalidProps } from "./form-errors";

/**
 * A bound typed in the field's display unit: percent fields in %, dollar fields with magnitude
 * suffixes (500M, 2.5B), multiples as ×. The form converts it to the API's unit.
 */
export function AmountInput({ path, unit, label, multiple = false }: { path: string; unit: Unit; label: string; multiple?: boolean }) {
  const { register } = useFormContext();
  const { invalid, errorId } = useInvalidProps(path);
  const suffix = unit === "percent" ? "%" : multiple ? "×" : "";
  const placeholder = label.endsWith("max") ? "max" : label.endsWith("min") ? "min" : "value";
  return (
    <span className="inline-flex flex-col">
      <span className="relative inline-flex items-center">
        {unit === "usd" && <span className="pointer-events-none absolute left-2 text-zinc-500 dark:text-zinc-400">$</span>}
        <TextInput
          {...register(path)}
          aria-label={label}
          title={multiple ? "a multiple, e.g. 2 for doubled" : amountHint(unit)}
          placeholder={placeholder}
          inputMode="decimal"
          autoComplete="off"
          className={`w-[5.5rem] text-right tabular-nums ${unit === "usd" ? "pl-4" : ""} ${suffix ? "pr-5" : ""}`}
          {...invalid}
        />
        {suffix && <span className="pointer-events-none absolute right-2 text-zinc-500 dark:text-zinc-400">{suffix}</span>}
      </span>
      <FieldError path={path} id={errorId} />
    </span>
  );
}

/** min – max of one bound pair. */
export function BoundsInput({ path, unit, label, multiple }: { path: string; unit: Unit; label: string; multiple?: boolean }) {
  return (
    <span className="inline-flex items-start gap-1">
      <AmountInput path={`${path}.min`} unit={unit} label={`${label} min`} multiple={multiple} />
      <span className="pt-1 text-zinc-500 dark:text-zinc-400">–</span>
      <AmountInput path={`${path}.max`} unit={unit} label={`${label} max`} multiple={multiple} />
    </span>
  );
}
