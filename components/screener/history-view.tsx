"use client";

import { type FormEvent, useMemo, useState } from "react";
import { ApiRequestPanel } from "@/components/ui/api-request-panel";
import { DateField } from "./date-field";
import { type UrlRunViewProps, useUrlRun } from "./use-url-run";
import { BusyIndicator } from "@/components/ui/busy-indicator";
import { Button } from "@/components/ui/controls";
import { type HistoryParams, historyRequestBody } from "@/lib/screener/history-params";
import type { MembershipHistoryResponse } from "@/lib/screener/history-schema";
import { formatCount } from "@/lib/screener/value-format";


/**
 * The History view: who entered and left the screen on each trading day of a range, and why, as a
 * timeline grouped by day (the first 500 changes; the API pages the rest). The range lives in the
 * URL, as the Backtest view's settings do.
 */
export function HistoryView({ filters, formulas, params, range, onRun }: UrlRunViewProps<HistoryParams>) {
  const [apiOpen, setApiOpen] = useState(false);
  const body = useMemo(() => historyRequestBody(filters, params, formulas), [filters, params, formulas]);
  const { form, setForm, run: history, errorAt, otherErrors } = useUrlRun<HistoryParams, MembershipHistoryResponse>(params, "/api/ui/screener/history/", body, ["from", "to"]);
  const result = history.data;
  const days = useMemo(() => {
    const byDay = new Map<string, MembershipHistoryResponse["changes"]>();
    for (const change of result?.changes ?? []) byDay.set(change.date, [...(byDay.get(change.date) ?? []), change]);
    return [...byDay];
  }, [result]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onRun(form);
  };
  const dateField = (name: "from" | "to", label: string) => (
    <DateField id={`history-${name}`} label={label} value={form[name]} min={range.min} max={range.max} error={errorAt(name)} onChange={(value) => setForm({ [name]: value })} />
  );


  return (
    <div className="min-h-0 flex-1 space-y-3 overflow-y-auto border-t border-zinc-200 px-3 py-2 dark:border-zinc-800" data-testid="history-view" data-state={history.isFetching ? "loading" : history.isError ? "error" : "ready"}>
      <form onSubmit={submit} className="flex flex-wrap items-end gap-3" aria-label="History settings">
        {dateField("from", "From")}
        {dateField("to", "To")}
        <Button type="submit" variant="primary">
          Show history
        </Button>
        <BusyIndicator busy={history.isFetching} label="Running the screen on each day" />
        <p className="text-xs text-zinc-500">At most 253 trading days (a calendar year; a month answers in about a second, a year of 2016 near the 10-second limit); the screen is run as of each one, with what was known that day.</p>
      </form>
      {otherErrors.map((message) => (
        <p key={message} role="alert" className="rounded border border-red-200 bg-red-50 px-2 py-1 text-xs text-red-800 dark:border-red-900 dark:bg-red-950/40 dark:text-red-300">
          {message}
        </p>
      ))}
      {result && (
        <p className="text-[13px] text-zinc-600 dark:text-zinc-400" data-testid="history-summary">
          {formatCount(result.members_before)} members on the day before {result.from}, {formatCount(result.members_after)} on {result.to}: {formatCount(result.total)}{" "}
          {result.total === 1 ? "change" : "changes"} over {result.trading_days} trading days
          {result.total > result.changes.length ? ` (the first ${formatCount(result.changes.length)} shown)` : ""}.
        </p>
      )}
      <ol className="space-y-2" aria-label="Entries and exits by day">
        {days.map(([day, changes]) => (
          <li key={day}>
            <h3 className="font-mono text-xs font-semibold text-zinc-500">{day}</h3>
            <ul className="mt-0.5 space-y-0.5">
              {changes.map((c) => (
                <li key={`${c.full_ticker}-${c.change}`} className="text-[13px]" data-testid="history-change">
                  <span className={`mr-1 rounded px-1 text-[11px] font-medium ${c.change === "entered" ? "bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-300" : "bg-rose-100 text-rose-900 dark:bg-rose-950 dark:text-rose-300"}`}>
                    {c.change}
                  </span>
                  <a href={`/company/${c.full_ticker}/`} className="font-medium underline">
                    {c.full_ticker}
                  </a>
                  : {c.rules.map((r) => r.reason).join("; ")}
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ol>
      <details className="rounded border border-zinc-200 dark:border-zinc-800" onToggle={(e) => setApiOpen(e.currentTarget.open)}>
        <summary className="cursor-pointer px-2 py-1 text-[13px] font-medium">API request for this history</summary>
        {apiOpen && <ApiRequestPanel path="/api/v2/screener/history/" body={body} />}
      </details>
    </div>
  );
}
