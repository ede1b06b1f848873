"use client";

import { useEffect, useMemo, useRef, useState } from "react";
import { FormProvider, useForm, useWatch } from "react-hook-form";
import { Button } from "@/components/ui/controls";
import type { FieldError as ApiFieldError } from "@/lib/errors";
import type { TypedScreenerOptions } from "@/lib/screener/options";
import type { FilterOutcome } from "@/lib/screener/response-schema";
import { plainApiMessage } from "@/lib/screener/form-messages";
import { plural } from "@/lib/screener/value-format";
import { type FilterForm, filterToForm, newFilterForm, pointerToPath, type ScreenForm } from "@/lib/screener/screen-form";
import type { validateScreenForm } from "@/lib/screener/screen-form-check";
import { AddFilterPicker } from "./add-filter-picker";
import { FilterCard } from "./filter-card";
import { type FormErrorMessage, FormErrorsContext, placeErrorPath } from "./form-errors";

type Filters = Record<string, unknown>;

/**
 * The filter form, generated from the options record. Every change is converted to API payloads
 * and checked with the API's own schema; a valid screen is applied (debounced) through `onApply`,
 * an invalid one is explained next to its inputs and not sent. When the applied filters change
 * from outside (back/forward, a preset, a saved screen) the form follows them.
 */
export function FilterBuilder({
  options,
  outcomes,
  filters,
  serverErrors,
  onApply,
}: {
  options: TypedScreenerOptions;
  /** What each applied filter left out (the last screen's response). */
  outcomes: Record<string, FilterOutcome>;
  filters: Filters;
  serverErrors: readonly ApiFieldError[];
  onApply: (filters: Filters) => void;
}) {
  const toForm = (payloads: Filters): ScreenForm => ({
    filters: Object.fromEntries(
      Object.entries(payloads)
        .filter(([name]) => options.filters[name])
        .map(([name, payload]) => [name, filterToForm(options.filters[name]!, payload, options)]),
    ),
  });
  // The API's schemas (zod) arrive after the first render; until then edits wait, nothing is lost.
  const [validate, setValidate] = useState<typeof validateScreenForm | null>(null);
  useEffect(() => {
    void import("@/lib/screener/screen-form-check").then((module) => setValidate(() => module.validateScreenForm));
  }, []);

  const form = useForm<ScreenForm>({ defaultValues: toForm(filters) });
  // The applied filters as the form would send them, so that a link written differently (an
  // omitted default operator) is not re-applied as a new history entry.
  const applied = useRef<string | null>(null);
  const shownFilters = useRef<string | null>(null);
  const focusFilter = useRef<string | null>(null);
  const filtersJson = JSON.stringify(filters);

  useEffect(() => {
    // Filters this form applied itself come back here too: only others (back/forward, a preset)
    // replace what is being edited.
    if (shownFilters.current !== null && shownFilters.current !== filtersJson && filtersJson !== applied.current) form.reset(toForm(filters));
    shownFilters.current = filtersJson;
    applied.current = validate ? JSON.stringify(validate(toForm(filters), options).filters ?? filters) : null;
    // Only a change of the applied filters (or the validator arriving) resets this.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [filtersJson, validate]);

  const values = useWatch({ control: form.control }) as ScreenForm;
  // A filter just added that needs input (an empty range, no values chosen) is left out of the
  // screen until it is filled in, instead of holding the whole screen back.
  const { validation, pendingErrors } = useMemo(() => {
    if (!validate) return { validation: { filters: null, errors: [] }, pendingErrors: [] };
    const validateScreenForm = validate;
    const entries = Object.entries(values.filters ?? {});
    const isPending = ([name, value]: [string, FilterForm]) => {
      const def = options.filters[name];
      if (!def || JSON.stringify(value) !== JSON.stringify(newFilterForm(def))) return false;
      return validateScreenForm({ filters: { [name]: value } }, options).errors.length > 0;
    };
    return {
      validation: validateScreenForm({ filters: Object.fromEntries(entries.filter((e) => !isPending(e))) }, options),
      pendingErrors: validateScreenForm({ filters: Object.fromEntries(entries.filter(isPending)) }, options).errors,
    };
  }, [values, options, validate]);
  const validJson = validation.filters ? JSON.stringify(validation.filters) : null;

  const apply = (json: string) => {
    applied.current = json;
    onApply(JSON.parse(json) as Filters);
  };

  useEffect(() => {
    if (validJson === null || applied.current === null || validJson === applied.current) return;
    // Short enough that results follow an edit within 150 ms plus the API time (npm run bench:filter-edit).
    const timer = setTimeout(() => apply(validJson), 60);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [validJson]);

  const activeNames = Object.keys(values.filters ?? {});
  // The count says what the table shows: the applied screen's filters, not those still being edited.
  const appliedCount = Object.keys(filters).length;

  // After adding a filter (or picking one already there), its first input takes the focus.
  useEffect(() => {
    if (!focusFilter.current) return;
    document.querySelector<HTMLElement>(`[data-filter="${focusFilter.current}"] :is(input, select, button:not([aria-label^="Remove"]))`)?.focus();
    focusFilter.current = null;
  });

  const errors = useMemo(() => {
    const map = new Map<string, FormErrorMessage>();
    for (const e of validation.errors) map.set(placeErrorPath(e.path, values), { message: e.message, pending: false });
    for (const e of pendingErrors) map.set(placeErrorPath(e.path, values), { message: e.message, pending: true });
    for (const e of serverErrors) {
      const path = placeErrorPath(pointerToPath(e.pointer), values);
      if (!map.has(path)) map.set(path, { message: plainApiMessage(e), pending: false });
    }
    return map;
  }, [validation.errors, pendingErrors, serverErrors, values]);
  // Errors about filters the form does not hold (an unknown filter in a pasted link).
  const stray = [...errors].filter(([path]) => path.startsWith("filters") && !activeNames.some((n) => path === `filters.${n}` || path.startsWith(`filters.${n}.`)));

  const add = (name: string) => {
    if (!activeNames.includes(name)) form.setValue(`filters.${name}`, newFilterForm(options.filters[name]!));
    focusFilter.current = name;
  };
  const remove = (name: string) => {
    const { [name]: _removed, ...rest } = form.getValues("filters");
    form.reset({ filters: rest });
  };

  return (
    <FormProvider {...form}>
      <FormErrorsContext.Provider value={errors}>
        <form
          aria-label="Filters"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (validJson !== null) apply(validJson);
          }}
          className="space-y-2"
        >
          <div className="flex items-center gap-2">
            <h2 className="text-[13px] font-semibold">Filters</h2>
            <span className="text-xs text-zinc-500" data-testid="filter-count">
              {appliedCount === 0 ? "none applied" : `${plural(appliedCount, "applied filter")}, all must hold`}
              {activeNames.length > appliedCount && ` · ${plural(activeNames.length - appliedCount, "more", "more")} not applied yet`}
            </span>
            <span className="ml-auto" />
            {activeNames.length > 0 && (
              <Button variant="ghost" onClick={() => form.reset({ filters: {} })}>
                Clear
              </Button>
            )}
            <AddFilterPicker options={options} active={activeNames} onAdd={add} />
          </div>
          {validate && validJson === null && activeNames.length > 0 && (
            <p role="status" className="rounded bg-amber-50 px-2 py-1 text-xs text-amber-900 dark:bg-amber-950/50 dark:text-amber-200">
              Not applied yet: fix the marked input{validation.errors.length > 1 ? "s" : ""}. The table shows the last valid screen.
            </p>
          )}
          {stray.map(([path, error]) => (
            <p key={path} role="alert" className="text-xs text-red-700 dark:text-red-400">
              {path.replace(/^filters\.?/, "") || "filters"}: {error.message}
            </p>
          ))}
          {activeNames.length === 0 && (
            <p className="rounded border border-dashed border-zinc-300 p-3 text-xs text-zinc-500 dark:border-zinc-700">
              No filters: the table shows every company, largest market cap first. Add a filter, or start from a preset under Screens.
            </p>
          )}
          {activeNames.map((name) => (
            <FilterCard key={name} name={name} def={options.filters[name]!} options={options} outcome={outcomes[name]} onRemove={() => remove(name)} />
          ))}
          <button type="submit" hidden />
        </form>
      </FormErrorsContext.Provider>
    </FormProvider>
  );
}
