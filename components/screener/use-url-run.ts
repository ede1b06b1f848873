"use client";

import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { ApiProblem, postUi } from "@/lib/api/ui-client";
import type { AsOfRange } from "@/lib/screener/as-of-range";
import { plainApiMessage } from "@/lib/screener/form-messages";

/** What the screener gives a view that runs its screen over dates (Backtest, History). */
export interface UrlRunViewProps<P> {
  filters: Record<string, unknown>;
  /** The screen's formulas: those with bounds filter it on each date. */
  formulas: readonly unknown[];
  /** The view's settings as the URL holds them. */
  params: P;
  range: AsOfRange;
  /** Writes new settings into the URL (the view then runs them). */
  onRun: (params: P) => void;
}

/**
 * A view that runs one UI operation on settings kept in the URL (the Backtest and History views):
 * the settings being edited (reset when the URL's change), the answer to the URL's settings, and
 * the API's errors, each at the field it names (`fields`) or else for the whole view.
 */
export function useUrlRun<P extends object, R>(params: P, path: string, body: unknown, fields: readonly string[]) {
  const [draft, setDraft] = useState({ params, form: params });
  if (JSON.stringify(draft.params) !== JSON.stringify(params)) setDraft({ params, form: params });
  const setForm = (next: Partial<P>) => setDraft({ params, form: { ...draft.form, ...next } });
  const run = useQuery({
    queryKey: [path, JSON.stringify(body)],
    queryFn: ({ signal }) => postUi<R>(path, body, { signal }),
    staleTime: Infinity,
    retry: false,
  });
  const problem = run.error instanceof ApiProblem ? run.error : null;
  const errorAt = (name: string) => problem?.errors.filter((e) => e.pointer === `/${name}`).map(plainApiMessage).join(" ");
  const pointers = fields.map((name) => `/${name}`);
  const otherErrors = problem ? (problem.errors.length > 0 ? problem.errors.filter((e) => !pointers.includes(e.pointer)).map(plainApiMessage) : [problem.detail]) : run.error ? [run.error.message] : [];
  return { form: draft.form, setForm, run, errorAt, otherErrors };
}
