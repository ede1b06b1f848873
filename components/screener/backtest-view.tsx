"use client";

import { type FormEvent, useMemo, useState } from "react";
import { ApiRequestPanel } from "@/components/ui/api-request-panel";
import { DateField } from "./date-field";
import { type UrlRunViewProps, useUrlRun } from "./use-url-run";
import { BusyIndicator } from "@/components/ui/busy-indicator";
import { Button, Select } from "@/components/ui/controls";
import { type BacktestParams, backtestRequestBody, isRebalance, REBALANCES } from "@/lib/screener/backtest-params";
import type { BacktestResponse } from "@/lib/screener/backtest-schema";
import { cumulativeSeries } from "@/lib/screener/backtest-tables";
import { BacktestChart } from "./backtest-chart";
import { BacktestReport } from "./backtest-report";


/**
 * The Backtest view: the screen's filters run as of each rebalance date between start and end.
 * The settings live in the URL (Run writes them there) and the backtest follows the URL, so a
 * link reproduces it; the API's errors show next to the field they name.
 */
export function BacktestView({ filters, formulas, params, range, onRun }: UrlRunViewProps<BacktestParams>) {
  const [apiOpen, setApiOpen] = useState(false);
  const body = useMemo(() => backtestRequestBody(filters, params, formulas), [filters, params, formulas]);
  const { form, setForm, run: backtest, errorAt, otherErrors } = useUrlRun<BacktestParams, BacktestResponse>(params, "/api/ui/screener/backtest/", body, ["start", "end", "rebalance"]);
  const result = backtest.data;
  const series = useMemo(() => (result ? cumulativeSeries(result.periods) : null), [result]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onRun(form);
  };
  const dateField = (name: "start" | "end", label: string) => (
    <DateField id={`backtest-${name}`} label={label} value={form[name]} min={range.min} max={range.max} error={errorAt(name)} onChange={(value) => setForm({ [name]: value })} />
  );

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
