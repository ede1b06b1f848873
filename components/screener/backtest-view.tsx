"use client";

import { useQuery } from "@tanstack/react-query";
import { type FormEvent, useMemo, useState } from "react";
import { ApiRequestPanel } from "@/components/ui/api-request-panel";
import { BusyIndicator } from "@/components/ui/busy-indicator";
import { Button, Select } from "@/components/ui/controls";
import { ApiProblem, postUi } from "@/lib/api/ui-client";
import type { AsOfRange } from "@/lib/screener/as-of-range";
import { type BacktestParams, backtestRequestBody, isRebalance, REBALANCES } from "@/lib/screener/backtest-params";
import type { BacktestResponse } from "@/lib/screener/backtest-schema";
import { cumulativeSeries } from "@/lib/screener/backtest-tables";
import { plainApiMessage } from "@/lib/screener/form-messages";
import { BacktestChart } from "./backtest-chart";
import { BacktestReport } from "./backtest-report";

const DATE_INPUT =
  "h-7 rounded border border-zinc-300 bg-white px-1.5 text-[13px] tabular-nums outline-none focus-visible:border-sky-600 focus-visible:ring-2 focus-visible:ring-sky-600/30 aria-invalid:border-red-600 dark:border-zinc-700 dark:bg-zinc-900";

/**
 * The Backtest view: the screen's filters run as of each rebalance date between start and end.
 * The settings live in the URL (Run writes them there) and the backtest follows the URL, so a
 * link reproduces it; the API's errors show next to the field they name.
 */
export function BacktestView({
  filters,
  formulas,
  params,
  range,
  onRun,
}: {
  filters: Record<string, unknown>;
  /** The screen's formulas: those with bounds filter each period. */
  formulas: readonly unknown[];
  params: BacktestParams;
  range: AsOfRange;
  onRun: (params: BacktestParams) => void;
}) {
  const [draft, setDraft] = useState({ params, form: params });
  if (JSON.stringify(draft.params) !== JSON.stringify(params)) setDraft({ params, form: params });
  const form = draft.form;
  const [apiOpen, setApiOpen] = useState(false);
  const setForm = (next: Partial<BacktestParams>) => setDraft({ params, form: { ...form, ...next } });

  const body = useMemo(() => backtestRequestBody(filters, params, formulas), [filters, params, formulas]);
  const backtest = useQuery({
    queryKey: ["backtest", JSON.stringify(body)],
    queryFn: ({ signal }) => postUi<BacktestResponse>("/api/ui/screener/backtest/", body, { signal }),
    staleTime: Infinity,
    retry: false,
  });
  const problem = backtest.error instanceof ApiProblem ? backtest.error : null;
  const errorAt = (name: string) => problem?.errors.filter((e) => e.pointer === `/${name}`).map(plainApiMessage).join(" ");
  const fieldErrors = ["start", "end", "rebalance"].map((name) => `/${name}`);
  const otherErrors = problem ? (problem.errors.length > 0 ? problem.errors.filter((e) => !fieldErrors.includes(e.pointer)).map(plainApiMessage) : [problem.detail]) : backtest.error ? [backtest.error.message] : [];
  const result = backtest.data;
  const series = useMemo(() => (result ? cumulativeSeries(result.periods) : null), [result]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onRun(form);
  };
  const dateField = (name: "start" | "end", label: string) => {
    const error = errorAt(name);
    return (
      <div className="flex flex-col gap-0.5">
        <label htmlFor={`backtest-${name}`} className="text-xs text-zinc-500">
          {label}
        </label>
        <input
          id={`backtest-${name}`}
          type="date"
          min={range.min}
          max={range.max}
          required
          value={form[name]}
          onChange={(e) => setForm({ [name]: e.target.value })}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `backtest-${name}-error` : undefined}
          className={DATE_INPUT}
        />
        {error && (
          <span id={`backtest-${name}-error`} role="alert" className="max-w-64 text-xs text-red-700 dark:text-red-400">
            {error}
          </span>
        )}
      </div>
    );
  };
  const rebalanceError = errorAt("rebalance");

  return (
    <div className="min-h-0 flex-1 space-y-3 overflow-y-auto border-t border-zinc-200 px-3 py-2 dark:border-zinc-800" data-testid="backtest-view" data-state={backtest.isFetching ? "loading" : backtest.isError ? "error" : "ready"}>
      <form onSubmit={submit} className="flex flex-wrap items-end gap-3" aria-label="Backtest settings">
        {dateField("start", "Start (first rebalance)")}
        {dateField("end", "End")}
        <div className="flex flex-col gap-0.5">
          <label htmlFor="backtest-rebalance" className="text-xs text-zinc-500">
            Rebalance
          </label>
          <Select id="backtest-rebalance" value={form.rebalance} onChange={(e) => isRebalance(e.target.value) && setForm({ rebalance: e.target.value })} aria-invalid={rebalanceError ? true : undefined}>
            {REBALANCES.map((r) => (
              <option key={r} value={r}>
                {r}
              </option>
            ))}
          </Select>
          {rebalanceError && (
            <span role="alert" className="text-xs text-red-700 dark:text-red-400">
              {rebalanceError}
            </span>
          )}
        </div>
        <Button type="submit" variant="primary">
          Run backtest
        </Button>
        <BusyIndicator busy={backtest.isFetching} label="Running the backtest" />
        <p className="text-xs text-zinc-500">
          Dates from {range.min} to {range.max}; each rebalance is the last trading day on or before its date.
        </p>
      </form>
      {otherErrors.map((message) => (
        <p key={message} role="alert" className="rounded border border-red-200 bg-red-50 px-2 py-1 text-xs text-red-800 dark:border-red-900 dark:bg-red-950/40 dark:text-red-300">
          {message}
        </p>
      ))}
      {result && series && series.dates.length > 0 && <BacktestChart dates={series.dates} screen={series.screen} benchmark={series.benchmark} />}
      {result && <BacktestReport result={result} />}
      {/* The panel reads the page's origin: it renders in the browser, once opened. */}
      <details className="rounded border border-zinc-200 dark:border-zinc-800" data-testid="backtest-api" onToggle={(e) => setApiOpen(e.currentTarget.open)}>
        <summary className="cursor-pointer px-2 py-1 text-[13px] font-medium">API request for this backtest</summary>
        {apiOpen && <ApiRequestPanel path="/api/v2/screener/backtest/" body={body} />}
      </details>
    </div>
  );
}
