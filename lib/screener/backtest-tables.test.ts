import { describe, expect, it } from "vitest";
import type { BacktestResponse } from "./backtest-schema";
import { cumulativeSeries, holdingRecords, periodRecords } from "./backtest-tables";

const periods: BacktestResponse["periods"] = [
  { start: "2013-12-31", end: "2014-12-31", tickers: ["NYSE:CVX", "NYSE:XOM"], matches: 3, return: 0.1, benchmark_return: 0.2, turnover: null },
  { start: "2014-12-31", end: "2015-12-31", tickers: [], matches: 0, return: null, benchmark_return: -0.5, turnover: 1 },
  { start: "2015-12-31", end: "2016-12-30", tickers: ["NYSE:XOM"], matches: 1, return: 0.1 + 0.2, benchmark_return: 0, turnover: 1 },
];

describe("backtest tables", () => {
  it("compounds the period returns from 0 at the first start, a period without holdings as cash", () => {
    const series = cumulativeSeries(periods);
    expect(series.dates).toEqual(["2013-12-31", "2014-12-31", "2015-12-31", "2016-12-30"]);
    expect(series.screen.map((v) => Number(v.toFixed(6)))).toEqual([0, 0.1, 0.1, 0.43]);
    expect(series.benchmark.map((v) => Number(v.toFixed(6)))).toEqual([0, 0.2, -0.4, -0.4]);
    expect(cumulativeSeries([])).toEqual({ dates: [], screen: [], benchmark: [] });
  });

  it("writes a record per period and one per period and holding", () => {
    const records = periodRecords(periods);
    expect(records).toHaveLength(4);
    expect(records[1]).toEqual(["2013-12-31", "2014-12-31", "2", "3", "0.1", "0.2", "", "NYSE:CVX NYSE:XOM"]);
    // 0.1 + 0.2 without its float noise; a null return is an empty cell.
    expect(records[3]![4]).toBe("0.3");
    expect(records[2]![4]).toBe("");
    expect(holdingRecords(periods)).toEqual([
      ["period_start", "period_end", "full_ticker"],
      ["2013-12-31", "2014-12-31", "NYSE:CVX"],
      ["2013-12-31", "2014-12-31", "NYSE:XOM"],
      ["2015-12-31", "2016-12-30", "NYSE:XOM"],
    ]);
  });
});
