import type { BacktestResponse } from "./backtest-schema";

/**
 * What the Backtest view draws and exports from one answer of the backtest: the cumulative-return
 * lines and the CSV records of periods and holdings. Pure.
 */

/**
 * The cumulative return of the screen and the benchmark at the first start and at each period's
 * end; a period without holdings (return null) is cash, 0, as the summary counts it.
 */
export function cumulativeSeries(periods: BacktestResponse["periods"]) {
  const dates = [periods[0]?.start ?? "", ...periods.map((p) => p.end)];
  const grow = (pick: (p: BacktestResponse["periods"][number]) => number | null) => {
    let value = 1;
    return [0, ...periods.map((p) => (value *= 1 + (pick(p) ?? 0)) - 1)];
  };
  return periods.length === 0 ? { dates: [], screen: [], benchmark: [] } : { dates, screen: grow((p) => p.return), benchmark: grow((p) => p.benchmark_return) };
}

const cell = (value: number | null) => (value === null ? "" : String(Number(value.toPrecision(12))));

/** One record per period: header first; returns and turnover as decimals (0.1 = 10%). */
export function periodRecords(periods: BacktestResponse["periods"]): string[][] {
  return [
    ["start", "end", "holdings", "matches", "return", "benchmark_return", "turnover", "tickers"],
    ...periods.map((p) => [p.start, p.end, String(p.tickers.length), String(p.matches), cell(p.return), cell(p.benchmark_return), cell(p.turnover), p.tickers.join(" ")]),
  ];
}

/** One record per period and holding, header first. */
export function holdingRecords(periods: BacktestResponse["periods"]): string[][] {
  return [["period_start", "period_end", "full_ticker"], ...periods.flatMap((p) => p.tickers.map((ticker) => [p.start, p.end, ticker]))];
}
