"use client";

import { Button } from "@/components/ui/controls";
import { downloadCsvFile } from "@/components/ui/download-file";
import type { BacktestResponse } from "@/lib/screener/backtest-schema";
import { holdingRecords, periodRecords } from "@/lib/screener/backtest-tables";
import { formatValue } from "@/lib/screener/value-format";

const pct = (value: number | null) => formatValue(value, "percent");
const CELL = "border-b border-zinc-200 px-2 py-1 tabular-nums dark:border-zinc-800";
const NUMBER = `${CELL} text-right`;
const HEAD = "border-b border-zinc-300 px-2 py-1 font-medium text-zinc-600 dark:border-zinc-700 dark:text-zinc-400";
const NUMBER_HEAD = `${HEAD} text-right`;

/** A backtest's answer: warnings first, the summary figures, CSV exports and the period table. */
export function BacktestReport({ result }: { result: BacktestResponse }) {
  const { summary, periods } = result;
  const name = `backtest-${result.start}-${result.end}-${result.rebalance}`;
  const figures: [string, keyof BacktestResponse["summary"]["screen"]][] = [
    ["Cumulative return", "cumulative_return"],
    ["Annualised return", "annualized_return"],
    ["Volatility (annualised)", "volatility"],
    ["Maximum drawdown", "max_drawdown"],
  ];
  return (
    <div className="space-y-3">
      {result.warnings.length > 0 && (
        <div role="note" aria-label="Biases of this backtest" data-testid="backtest-warnings" className="rounded border border-amber-300 bg-amber-50 px-3 py-2 text-[13px] text-amber-950 dark:border-amber-800 dark:bg-amber-950/50 dark:text-amber-100">
          <p className="font-semibold">Read these returns with their biases</p>
          <ul className="mt-1 list-disc space-y-0.5 pl-5">
            {result.warnings.map((w) => (
              <li key={w.code}>{w.message}</li>
            ))}
          </ul>
        </div>
      )}
      <div className="flex flex-wrap items-start gap-4">
        <table className="text-[13px]" data-testid="backtest-summary">
          <caption className="pb-1 text-left text-xs text-zinc-500">
            {result.start} to {result.end}, rebalanced {result.rebalance}
          </caption>
          <HeadRow columns={[["Figure", "text"], ["Screen", "number"], ["Benchmark", "number"]]} />
          <tbody>
            {figures.map(([label, key]) => (
              <tr key={key}>
                <th scope="row" className={`${CELL} text-left font-normal`}>
                  {label}
                </th>
                <td className={NUMBER}>{pct(summary.screen[key])}</td>
                <td className={NUMBER}>{pct(summary.benchmark[key])}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <dl className="grid grid-cols-[auto_auto] gap-x-3 gap-y-1 text-[13px]" data-testid="backtest-figures">
          <dt className="text-zinc-500">Hit rate (periods beating the benchmark)</dt>
          <dd className="text-right tabular-nums">{pct(summary.hit_rate)}</dd>
          <dt className="text-zinc-500">Average one-way turnover</dt>
          <dd className="text-right tabular-nums">{pct(summary.average_turnover)}</dd>
          <dt className="text-zinc-500">Average holdings</dt>
          <dd className="text-right tabular-nums">{summary.average_holdings.toFixed(1)}</dd>
        </dl>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button onClick={() => void downloadCsvFile(`${name}-periods.csv`, periodRecords(periods))}>Download periods (.csv)</Button>
        <Button onClick={() => void downloadCsvFile(`${name}-holdings.csv`, holdingRecords(periods))}>Download holdings (.csv)</Button>
      </div>
      <div className="overflow-x-auto">
        <table className="w-full text-[13px]" data-testid="backtest-periods">
          <caption className="pb-1 text-left text-xs text-zinc-500">Periods: returns from adjusted closes, holdings equally weighted</caption>
          <HeadRow
            columns={[["Start", "text"], ["End", "text"], ["Holdings", "text"], ["Return", "number"], ["Benchmark", "number"], ["Turnover", "number"]]}
          />
          <tbody>
            {periods.map((p) => (
              <tr key={p.start} className="align-top">
                <td className={CELL}>{p.start}</td>
                <td className={CELL}>{p.end}</td>
                <td className={CELL}>
                  <details>
                    <summary className="cursor-pointer" data-testid="holdings-count">
                      {p.tickers.length}
                      {p.matches !== p.tickers.length && <span className="text-zinc-500"> of {p.matches} matches</span>}
                    </summary>
                    <p className="max-w-md font-mono text-[11px] break-words">{p.tickers.join(" ") || "none: held as cash"}</p>
                  </details>
                </td>
                <td className={NUMBER}>{pct(p.return)}</td>
                <td className={NUMBER}>{pct(p.benchmark_return)}</td>
                <td className={NUMBER}>{pct(p.turnover)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

/** A table's column headings: text columns left-aligned, number columns right-aligned. */
function HeadRow({ columns }: { columns: [label: string, kind: "text" | "number"][] }) {
  return (
    <thead>
      <tr>
        {columns.map(([label, kind]) => (
          <th key={label} className={kind === "number" ? NUMBER_HEAD : `${HEAD} text-left`} scope="col">
            {label}
          </th>
        ))}
      </tr>
    </thead>
  );
}
