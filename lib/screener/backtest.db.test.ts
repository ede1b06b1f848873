/**
 * Screen backtests against the raw files and the as-of screen: each period's holdings are the
 * priced companies the screen returns as of its start (runScreen with as_of), its returns are
 * re-derived from the bundled price file's adjusted closes, the summary from the periods, and the
 * warnings from the data. Needs the database (`npm run ingest`).
 */
import { describe, expect, it } from "vitest";
import { ValidationError, WorkUnavailableError } from "@/lib/errors";
import path from "node:path";
import { bundledPaths } from "@/lib/ingest/bundled-paths";
import { readBrotliText } from "@/lib/ingest/compressed-files";
import { parseSp500History } from "@/lib/ingest/sp500-history";
import { builtDb, type Day, days, expectClose, priceTickers } from "@/test/support/ingest/raw-files";
import { BacktestRequest, type BacktestResponse } from "./backtest-schema";
import { rebalanceDates, runBacktest } from "./backtest";
import { AdvancedScreenRequestV2 } from "./request-schema";
import type { RowsResponse, TickersResponse } from "./response-schema";
import { runScreen } from "./service";

const LARGE_DIVIDEND_PAYERS = { marketCap_usd: { min: 50e9 }, dividendYieldTTM: { min: 0.02 } };
const QUALITY = { returnOnInvestedCapital: { rules: [{ kind: "range", operand: { kind: "average", years: 3, anchor: { scope: "fy", offset: 0 } }, min: 0.15 }] } };

const backtest = (body: Record<string, unknown>) => runBacktest(BacktestRequest.parse(body));
const sp500File = bundledPaths(path.resolve("data")).sp500History;
const sp500 = parseSp500History(sp500File, readBrotliText(sp500File));

/** The priced tickers the as-of screen returns (its rows with a price that day). */
function screenHoldings(filters: unknown, asOf: string): string[] {
  const response = runScreen(AdvancedScreenRequestV2.parse({ filters, fields: ["full_ticker", "price"], page: { limit: 1000 }, as_of: asOf })) as RowsResponse;
  expect(response.rows.length).toBe(response.total);
  expect(response.as_of).toBe(asOf);
  return response.rows.filter((row) => row.price !== null).map((row) => String(row.full_ticker)).sort();
}

const dayBefore = (date: string, n: number) => new Date(Date.parse(`${date}T00:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);
const lastOnOrBefore = (history: readonly Day[], date: string) => history.filter((d) => d.date <= date).at(-1);

/** Raw price history per company with prices, keyed by full_ticker (a company's ticker in the price file). */
const histories = (() => {
  const inFile = new Set(priceTickers());
  const rows = builtDb().prepare("SELECT full_ticker, price_ticker FROM companies WHERE price_ticker IS NOT NULL").all() as { full_ticker: string; price_ticker: string }[];
  return new Map(rows.filter((r) => inFile.has(r.price_ticker)).map((r) => [r.full_ticker, days(r.price_ticker)]));
})();

/** A holding's adjusted close on or before `date`: the raw S&P 500 file's, else the stored row of a company the whole market's archives price. */
function adjustedClose(ticker: string, date: string): number {
  const history = histories.get(ticker);
  if (history) return lastOnOrBefore(history, date)!.adj;
  return builtDb()
    .prepare("SELECT p.adjusted_close FROM daily_prices p JOIN companies c ON c.id = p.company_id WHERE c.full_ticker = ? AND p.date <= ? ORDER BY p.date DESC LIMIT 1")
    .pluck()
    .get(ticker, date) as number;
}

/** Mean of adjusted_close(end) / adjusted_close(start) − 1, each the last on or before its date; null without companies. */
function meanReturn(tickers: readonly string[], start: string, end: string): number | null {
  if (tickers.length === 0) return null;
  const returns = tickers.map((t) => adjustedClose(t, end) / adjustedClose(t, start) - 1);
  return returns.reduce((a, b) => a + b, 0) / returns.length;
}


/**
 * The benchmark over every company priced on `start` (a close in the week up to it), the S&P 500
 * file's and the whole market's: the mean of adjusted_close(end) / adjusted_close(start) − 1 over
 * the stored rows (for the S&P 500 file's companies, those rows are the raw file's, checked above).
 */
function storedBenchmark(start: string, end: string): number | null {
  const last = (date: string) => `(SELECT adjusted_close FROM daily_prices WHERE company_id = s.company_id AND date <= '${date}' ORDER BY date DESC LIMIT 1)`;
  const returns = builtDb()
    .prepare(
      `SELECT ${last(end)} / ${last(start)} - 1 FROM company_series s
       WHERE (SELECT max(date) FROM daily_prices WHERE company_id = s.company_id AND date <= ?) > ?`,
    )
    .pluck()
    .all(start, dayBefore(start, 7)) as number[];
  return returns.length === 0 ? null : returns.reduce((a, b) => a + b, 0) / returns.length;
}

/** Cumulative return, volatility and maximum drawdown of period returns (null: cash), the plain way. */
function performance(returns: readonly (number | null)[], days: number, perYear: number) {
  const xs = returns.map((r) => r ?? 0);
  const values = xs.reduce<number[]>((acc, r) => [...acc, acc.at(-1)! * (1 + r)], [1]);
  const drawdowns = values.map((v, i) => 1 - v / Math.max(...values.slice(0, i + 1)));
  const mean = xs.reduce((a, b) => a + b, 0) / xs.length;
  const cumulative = values.at(-1)! - 1;
  return {
    cumulative_return: cumulative,
    annualized_return: (1 + cumulative) ** (365.25 / days) - 1,
    volatility: Math.sqrt((xs.reduce((a, x) => a + (x - mean) ** 2, 0) / (xs.length - 1)) * perYear),
    max_drawdown: Math.max(...drawdowns),
  };
}

/** Half the sum of absolute weight changes between equally weighted holdings. */
function turnover(before: readonly string[], after: readonly string[]) {
  const names = new Set([...before, ...after]);
  let change = 0;
  for (const t of names) change += Math.abs((after.includes(t) ? 1 / after.length : 0) - (before.includes(t) ? 1 / before.length : 0));
  return change / 2;
}

function expectPeriodsRederived(result: BacktestResponse, filters: unknown) {
  for (const [i, period] of result.periods.entries()) {
    const label = `period ${period.start}`;
    expect(period.tickers, label).toEqual(screenHoldings(filters, period.start));
    expectClose(period.return, meanReturn(period.tickers, period.start, period.end), `${label} return`);
    expectClose(period.benchmark_return, storedBenchmark(period.start, period.end), `${label} benchmark`);
    if (i === 0) expect(period.turnover).toBeNull();
    else expectClose(period.turnover, turnover(result.periods[i - 1]!.tickers, period.tickers), `${label} turnover`);
    if (i > 0) expect(period.start).toBe(result.periods[i - 1]!.end);
  }
}

function expectSummaryRederived(result: BacktestResponse, perYear: number) {
  const days = (Date.parse(result.end) - Date.parse(result.start)) / 86_400_000;
  for (const [key, returns] of [["screen", result.periods.map((p) => p.return)], ["benchmark", result.periods.map((p) => p.benchmark_return)]] as const) {
    for (const [field, value] of Object.entries(performance(returns, days, perYear))) expectClose(result.summary[key][field as keyof typeof result.summary.screen], value, `${key} ${field}`);
  }
  const beat = result.periods.filter((p) => (p.return ?? 0) > p.benchmark_return!).length;
  expectClose(result.summary.hit_rate, beat / result.periods.length, "hit rate");
  const turnovers = result.periods.slice(1).map((p) => p.turnover!);
  expectClose(result.summary.average_turnover, turnovers.reduce((a, b) => a + b, 0) / turnovers.length, "average turnover");
  expectClose(result.summary.average_holdings, result.periods.reduce((a, p) => a + p.tickers.length, 0) / result.periods.length, "average holdings");
}

describe("a yearly backtest of large dividend payers, 2014-2020, re-derived", () => {
  const result = backtest({ filters: LARGE_DIVIDEND_PAYERS, start: "2014-01-01", end: "2020-12-31", rebalance: "yearly" });

  it("rebalances on the last trading day on or before each anniversary", () => {
    expect(result.periods.map((p) => p.start)).toEqual(["2013-12-31", "2014-12-31", "2015-12-31", "2016-12-30", "2017-12-29", "2018-12-31", "2019-12-31"]);
    expect(result.end).toBe("2020-12-31");
    expect(result.periods.at(-1)!.end).toBe("2020-12-31");
    expect(result.periods.every((p) => p.tickers.length >= 5)).toBe(true);
  });

  it("holdings are the as-of screen's priced tickers; returns, benchmark and turnover come from the raw adjusted closes", () => expectPeriodsRederived(result, LARGE_DIVIDEND_PAYERS));

  it("the summary follows from the periods", () => expectSummaryRederived(result, 1));

  it("warnings: survivorship with each rebalance date's S&P 500 members without a price, stale fundamentals after 2017", () => {
    // Members from the raw interval file; priced ones from the as-of screen of the index with a price that day.
    const counts = result.periods.map(({ start }) => {
      const members = sp500.membersOn(start).length;
      const priced = (runScreen(AdvancedScreenRequestV2.parse({ filters: { index_membership: { values: ["sp500"] }, price: { min: 0 } }, listings: "all", as_of: start, result_format: "tickers" })) as TickersResponse).total;
      return `${members - priced} of ${members} on ${start}`;
    });
    const codes = result.warnings.map((w) => w.code);
    expect(codes).toContain("survivorship");
    expect(result.warnings.find((w) => w.code === "survivorship")!.message).toContain(`the data lacks a price that day for ${counts.join(", ")}.`);
    expect(codes).toContain("stale_fundamentals");
    expect(codes).not.toContain("few_holdings");
  });
});

describe("a quarterly backtest of a fiscal-year screen, 2015-2016, re-derived", () => {
  const result = backtest({ filters: QUALITY, start: "2015-01-01", end: "2016-12-31", rebalance: "quarterly", fields: ["marketCap_usd"] });

  it("has 8 periods, holdings from the as-of screen and returns from the raw closes", () => {
    expect(result.periods).toHaveLength(8);
    expectPeriodsRederived(result, QUALITY);
    expectSummaryRederived(result, 4);
  });

  it("rows carry each holding's fields as of the period's start", () => {
    const period = result.periods[2]!;
    expect(period.rows!.map((r) => r.full_ticker)).toEqual(period.tickers);
    const asOf = runScreen(AdvancedScreenRequestV2.parse({ filters: QUALITY, fields: ["full_ticker", "marketCap_usd"], page: { limit: 1000 }, as_of: period.start })) as RowsResponse;
    const caps = new Map(asOf.rows.map((r) => [r.full_ticker, r.marketCap_usd]));
    for (const row of period.rows!) expect(row.marketCap_usd, String(row.full_ticker)).toBe(caps.get(row.full_ticker));
  });
});

describe("a company whose prices stop inside a period is valued at its last adjusted close", () => {
  it("US:VAR (last close 2021-04-16) held from 2020-12-31 to 2021-04-21", () => {
    const stopped = [...histories].filter(([, h]) => h.at(-1)!.date < "2021-04-21").map(([t, h]) => [t, h.at(-1)!.date]);
    expect(stopped).toEqual([["US:VAR", "2021-04-16"]]);
    const filters = { price: { min: 0 } };
    const result = backtest({ filters, start: "2021-01-01", end: "2021-04-21", rebalance: "quarterly" });
    const period = result.periods.at(-1)!;
    expect(period.tickers).toContain("US:VAR");
    expect(period.end).toBe("2021-04-21");
    expectPeriodsRederived(result, filters);
  });
});

describe("few holdings and input errors", () => {
  it("periods with fewer than 5 holdings are warned about, with their count", () => {
    const filters = { marketCap_usd: { min: 400e9 } };
    const result = backtest({ filters, start: "2014-01-01", end: "2018-12-31", rebalance: "yearly" });
    const few = result.periods.filter((p) => p.tickers.length < 5);
    expect(few.length).toBeGreaterThan(0);
    expectPeriodsRederived(result, filters);
    expect(result.warnings.find((w) => w.code === "few_holdings")!.message).toMatch(new RegExp(`^${few.length} of ${result.periods.length} periods hold fewer than 5 companies \\(${few[0]!.start}: ${few[0]!.tickers.length}`));
  });

  const pointers = (body: Record<string, unknown>) => {
    const parsed = BacktestRequest.safeParse(body);
    if (!parsed.success) return parsed.error.issues.map((issue) => `/${issue.path.join("/")}`);
    try {
      runBacktest(parsed.data);
    } catch (error) {
      if (error instanceof ValidationError) return error.errors.map((e) => e.pointer);
      throw error;
    }
    return [];
  };
  const base = { filters: LARGE_DIVIDEND_PAYERS, start: "2014-01-01", end: "2016-12-31", rebalance: "yearly" };

  it("start on or after end, dates out of range, more than 120 periods, an unknown filter: each names its parameter", () => {
    expect(pointers({ ...base, start: "2016-12-31" })).toEqual(["/end"]);
    expect(pointers({ ...base, start: "2010-01-01" })).toEqual(["/start"]);
    expect(pointers({ ...base, end: "2022-01-01" })).toEqual(["/end"]);
    // The whole range monthly is 100 periods, within the limit.
    expect(pointers({ ...base, start: "2012-12-31", end: "2021-04-21", rebalance: "monthly" })).toEqual([]);
    expect(pointers({ ...base, filters: { noSuchFilter: { min: 1 } } })[0]).toMatch(/^\/filters/);
    expect(pointers({ ...base, start: "2014-13-01" })).toEqual(["/start"]);
    // The 100-period run computes a hundred days of the whole market.
  }, 240_000);

  it("more than 120 periods is an error at /rebalance (unreachable within today's range, 100 months)", () => {
    expect(rebalanceDates("2012-12-31", "2022-12-31", 1)).toHaveLength(120);
    const thrown = (() => {
      try {
        rebalanceDates("2012-12-31", "2023-01-01", 1);
      } catch (error) {
        return error;
      }
    })();
    expect(thrown).toBeInstanceOf(ValidationError);
    expect(thrown).toMatchObject({ errors: [{ pointer: "/rebalance" }] });
  });
});

describe("bounds of the answer and of the time", () => {
  const whole = { filters: LARGE_DIVIDEND_PAYERS, start: "2012-12-31", end: "2021-04-21" };
  // The bound's holdings: the companies whose price history spans the date (a close within the week up to it, or later).
  const spans = (() => {
    let rows: { first: string; last: string }[] | undefined;
    return () => (rows ??= builtDb().prepare("SELECT min(date) AS first, max(date) AS last FROM daily_prices GROUP BY company_id").all() as { first: string; last: string }[]);
  })();
  const priced = (date: string) => spans().filter((s) => s.first <= date && s.last > dayBefore(date, 7)).length;

  it("refuses long text among the fields, naming it", () => {
    const parsed = BacktestRequest.safeParse({ ...whole, rebalance: "yearly", fields: ["marketCap_usd", "description"] });
    expect(parsed.success).toBe(false);
    expect(parsed.error!.issues.map((i) => i.path.join("/"))).toEqual(["fields/1"]);
  });

  it("refuses, before any screen runs, rows that could hold more than 150,000 values, naming the product", () => {
    const fields = ["marketCap_usd", "peRatio", "return_1y", "priceToBook"];
    const request = BacktestRequest.parse({ ...whole, rebalance: "monthly", fields });
    const starts = [...new Set(rebalanceDates(request.start, request.end, 1))].map((date) => builtDb().prepare("SELECT max(date) FROM trading_days WHERE date <= ?").pluck().get(date) as string);
    const values = starts.reduce((sum, date) => sum + priced(date), 0) * (fields.length + 1);
    expect(values).toBeGreaterThan(150_000);
    let thrown: unknown;
    try {
      runBacktest(request);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ValidationError);
    const [error] = (thrown as ValidationError).errors;
    expect(error!.pointer).toBe("/fields");
    expect(error!.message).toContain(`= up to ${values.toLocaleString("en-US")} values`);
    expect(error!.message).toMatch(/^100 periods × up to [\d,]+ holdings each × 5 values/);
    // The same fields yearly fit.
    const rows = runBacktest(BacktestRequest.parse({ ...whole, rebalance: "yearly", fields })).periods.flatMap((p) => p.rows ?? []);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows[0]).toHaveProperty("peRatio");
  });

  it("stops with a 503 once its pace shows the rest cannot fit the deadline, counted as work that ran", () => {
    const request = BacktestRequest.parse({ ...whole, rebalance: "monthly" });
    let thrown: unknown;
    try {
      runBacktest(request, { deadlineMs: 10_000, deadlineAt: Date.now() + 1 });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(WorkUnavailableError);
    expect(thrown).toMatchObject({ reason: "deadline", retryAfterSeconds: 5, ran: true, message: expect.stringMatching(/^This backtest would not finish within its 10\.0 s deadline: its 100 periods take about \d+ ms each/) });
    // With time enough it runs to the end.
    expect(runBacktest(request, { deadlineMs: 600_000, deadlineAt: Date.now() + 600_000 }).periods).toHaveLength(100);
    // A hundred days of the whole market computed, twice over: minutes on a loaded CI machine.
  }, 300_000);
});
