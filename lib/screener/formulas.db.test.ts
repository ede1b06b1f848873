/**
 * Formulas (API v2, docs/METRICS.md "Formulas") on the built database: a formula's value re-derived
 * from the raw Kaggle file, a sector percentile with ties recomputed from the screen's own values
 * by the definition, averages and offsets, the reasons of null values, a screen as of a date, and a
 * backtest filtered by a formula. Needs the database (`npm run ingest`).
 */
import { describe, expect, it } from "vitest";
import { BacktestRequest } from "./backtest-schema";
import { runBacktest } from "./backtest";
import { AdvancedScreenRequestV2 } from "./request-schema";
import type { RowsResponse } from "./response-schema";
import { runScreen } from "./service";
import { compileFormulas } from "./formula-sql";
import { Formulas } from "./formula-schema";
import { countFilterOutcomes, FilterOutcomesRequest } from "./filter-outcomes";
import { asOfSource, DEFAULT_SOURCE } from "./screen-source";
import { cell, expectClose, fiscalYears } from "@/test/support/ingest/raw-files";

type Body = Record<string, unknown>;
const screen = (body: Body) => runScreen(AdvancedScreenRequestV2.parse({ page: { limit: 1000 }, ...body })) as RowsResponse;

/** Every row of a screen, page by page. */
function allRows(body: Body): Record<string, unknown>[] {
  const rows: Record<string, unknown>[] = [];
  for (let offset = 0; ; offset += 1000) {
    const page = screen({ ...body, page: { limit: 1000, offset } });
    rows.push(...page.rows);
    if (rows.length >= page.total) return rows;
  }
}

const byTicker = (rows: Record<string, unknown>[]) => new Map(rows.map((r) => [String(r.full_ticker), r]));

describe("formulas", () => {
  it("computes free cash flow yield from the latest fiscal year public at D, as the raw Kaggle file gives it", () => {
    const tickers = { AAPL: "NASDAQ:AAPL", XOM: "NYSE:XOM", DE: "NYSE:DE", AMZN: "NASDAQ:AMZN", CAT: "NYSE:CAT" };
    const answer = screen({
      filters: { exchange: { values: ["NYSE", "NASDAQ"] }, marketCap_usd: { min: 1e10 } },
      formulas: [{ name: "fcf_yield", expression: "(operatingCashFlow + capitalExpenditures) / marketCap_usd", unit: "percent" }],
      fields: ["full_ticker", "marketCap_usd"],
    });
    const rows = byTicker(answer.rows);
    for (const [symbol, ticker] of Object.entries(tickers)) {
      const latest = fiscalYears(symbol).at(-1)!.row;
      // Capital expenditures are a cash outflow, negative in the file: free cash flow is their sum.
      const fcf = cell(latest, "Net Cash Flow-Operating")! + cell(latest, "Capital Expenditures")!;
      const row = rows.get(ticker)!;
      expectClose(row.fcf_yield, fcf / (row.marketCap_usd as number), `${ticker} fcf_yield`);
      expect(row.fcf_yield_reason).toBeNull();
    }
    expect(answer.temporary_columns.map((c) => c.name)).toEqual(["fcf_yield", "fcf_yield_reason"]);
  });

  it("averages and offsets fiscal years as the raw file lists them", () => {
    const answer = screen({
      filters: { description_keywords: { fts: "Deere" } },
      formulas: [
        { name: "rev_avg", expression: "avg(revenue, 3y)" },
        { name: "rev_growth", expression: "revenue / fy(revenue, 2) - 1" },
      ],
      fields: ["full_ticker"],
    });
    const row = byTicker(answer.rows).get("NYSE:DE")!;
    const revenues = fiscalYears("DE").map((y) => cell(y.row, "Total Revenue")!);
    const latest3 = revenues.slice(-3);
    expectClose(row.rev_avg, latest3.reduce((a, b) => a + b, 0) / 3, "DE 3-year average revenue");
    expectClose(row.rev_growth, revenues.at(-1)! / revenues.at(-3)! - 1, "DE revenue over two years");
  });

  it("ranks within the sector by mid-rank, ties sharing their mean place, as the definition computes from the screen's values", () => {
    const formulas = [{ name: "yield_pct", expression: "pct(dividendYieldTTM, sector)" }];
    const rows = allRows({ filters: { dividendYieldTTM: { min: 0 } }, formulas, fields: ["full_ticker", "sector", "dividendYieldTTM"] });
    const bySector = new Map<string, Record<string, unknown>[]>();
    for (const row of rows) if (row.sector !== null) bySector.set(String(row.sector), [...(bySector.get(String(row.sector)) ?? []), row]);
    let ties = 0;
    for (const [, members] of bySector) {
      const values = members.map((r) => r.dividendYieldTTM as number);
      for (const row of members) {
        const x = row.dividendYieldTTM as number;
        const below = values.filter((v) => v < x).length;
        const equal = values.filter((v) => v === x).length;
        if (equal > 1) ties++;
        const expected = values.length > 1 ? (100 * (below + (equal - 1) / 2)) / (values.length - 1) : null;
        expectClose(row.yield_pct, expected, `${String(row.full_ticker)} in ${String(row.sector)}`);
      }
    }
    // Companies paying nothing tie at 0 in every sector: the test exercised ties.
    expect(ties).toBeGreaterThan(100);
    const noSector = rows.find((r) => r.sector === null);
    expect(noSector?.yield_pct ?? null).toBeNull();
    if (noSector) expect(noSector.yield_pct_reason).toMatch(/^no sector to rank within/);
  });

  it("filters and sorts by a formula, and says why a value is null", () => {
    const answer = screen({
      filters: { description_keywords: { fts: "Apple" } },
      formulas: [
        { name: "zero", expression: "revenue / (revenue - revenue)" },
        { name: "neg_log", expression: "log(-marketCap_usd)" },
        { name: "cap_bn", expression: "marketCap_usd / 1e9", min: 100 },
      ],
      sort: { field: "cap_bn", desc: true },
      fields: ["full_ticker", "marketCap_usd"],
    });
    expect(answer.rows.length).toBeGreaterThan(0);
    for (const row of answer.rows) {
      expect(row.cap_bn as number).toBeGreaterThanOrEqual(100);
      expectClose(row.cap_bn, (row.marketCap_usd as number) / 1e9, "cap_bn");
      expect(row.zero).toBeNull();
      expect(row.zero_reason).toMatch(/^division by zero/);
      expect(row.neg_log_reason).toMatch(/^log of a value ≤ 0/);
    }
    const caps = answer.rows.map((r) => r.cap_bn as number);
    expect(caps).toEqual([...caps].sort((a, b) => b - a));
    const apple = byTicker(answer.rows).get("NASDAQ:AAPL");
    expect(apple).toBeDefined();
  });

  it("counts what each bounded formula left out for missing data, as the unbounded screen's values and reasons give it", () => {
    const asOf = "2016-06-30";
    const filters = { exchange: { values: ["NYSE"] } };
    const formulas = [
      { name: "fcf_yield", expression: "(operatingCashFlow + capitalExpenditures) / marketCap_usd", min: 0.05 },
      { name: "roic_pct", expression: "pct(returnOnInvestedCapital, sector)", min: 50 },
    ];
    const outcomes = countFilterOutcomes(FilterOutcomesRequest.parse({ filters, formulas, as_of: asOf }));
    // Every company of the catalog filters with both formulas' values and reasons, no bounds.
    const rows = allRows({ filters, formulas: formulas.map(({ min: _, ...f }) => f), fields: ["full_ticker"], as_of: asOf });
    const passes = (row: Record<string, unknown>, name: string) => (row[name] as number | null) !== null && (row[name] as number) >= formulas.find((f) => f.name === name)!.min;
    const total = rows.filter((r) => passes(r, "fcf_yield") && passes(r, "roic_pct")).length;
    expect(outcomes.total).toBe(total);
    for (const [name, other] of [["fcf_yield", "roic_pct"], ["roic_pct", "fcf_yield"]] as const) {
      const considered = rows.filter((r) => passes(r, other));
      const missing = considered.filter((r) => r[name] === null);
      const reasons = new Map<string, number>();
      for (const r of missing) reasons.set(String(r[`${name}_reason`]), (reasons.get(String(r[`${name}_reason`])) ?? 0) + 1);
      expect(outcomes.filter_outcomes[name]).toEqual({
        considered: considered.length,
        passed: total,
        failed: considered.length - missing.length - total,
        missing: missing.length,
        missing_reasons: expect.arrayContaining([...reasons].map(([reason, companies]) => ({ reason, companies }))),
      });
      expect(outcomes.filter_outcomes[name]!.missing_reasons).toHaveLength(reasons.size);
      expect(missing.length).toBeGreaterThan(0);
    }
    expect(outcomes.filter_outcomes.exchange).toMatchObject({ passed: total, missing: 0 });
  });

  it("reads the values of the screen's date", () => {
    const asOf = "2016-06-30";
    const body = { filters: { exchange: { values: ["NYSE"] }, marketCap_usd: { min: 1e11 } }, fields: ["full_ticker", "price", "peRatio"], as_of: asOf };
    const answer = screen({ ...body, formulas: [{ name: "earnings_yield", expression: "1 / peRatio" }] });
    expect(answer.as_of).toBe(asOf);
    expect(answer.total).toBeGreaterThan(5);
    for (const row of answer.rows) expectClose(row.earnings_yield, row.peRatio === null ? null : 1 / (row.peRatio as number), String(row.full_ticker));
  });

  it("filters a backtest's periods as the equivalent catalog filter does", () => {
    const period = { start: "2014-01-01", end: "2016-12-31", rebalance: "yearly" };
    const withFormula = runBacktest(BacktestRequest.parse({ ...period, formulas: [{ name: "cap_bn", expression: "marketCap_usd / 1e9", min: 150 }] }));
    const withFilter = runBacktest(BacktestRequest.parse({ ...period, filters: { marketCap_usd: { min: 150e9 } } }));
    expect(withFormula.periods.map((p) => p.tickers)).toEqual(withFilter.periods.map((p) => p.tickers));
    expect(withFormula.periods[0]!.tickers.length).toBeGreaterThan(3);
  });

  it("loads a formula named in fields into each holding's row, as the screen as of the period's start gives it", () => {
    const formulas = [{ name: "cap_bn", expression: "marketCap_usd / 1e9", min: 150 }, { name: "sales_yield", expression: "revenue / marketCap_usd" }];
    const result = runBacktest(BacktestRequest.parse({ start: "2014-01-01", end: "2016-12-31", rebalance: "yearly", formulas, fields: ["sales_yield", "marketCap_usd"] }));
    for (const period of result.periods) {
      const rows = new Map(screen({ formulas, fields: ["full_ticker"], page: { limit: 1000 }, as_of: period.start }).rows.map((r) => [r.full_ticker, r]));
      expect(period.rows!.map((r) => r.full_ticker)).toEqual(period.tickers);
      for (const row of period.rows!) {
        expect(row.sales_yield, `${String(row.full_ticker)} ${period.start}`).toBe(rows.get(row.full_ticker)!.sales_yield);
        expectClose(row.marketCap_usd, (rows.get(row.full_ticker)!.cap_bn as number) * 1e9, `${String(row.full_ticker)} market cap`);
      }
    }
    expect(result.periods[0]!.rows!.some((r) => typeof r.sales_yield === "number")).toBe(true);
  });

  it("refuses a field that is neither a catalog field nor one of the request's formulas, naming it", () => {
    const parsed = BacktestRequest.safeParse({ start: "2014-01-01", end: "2016-12-31", rebalance: "yearly", formulas: [{ name: "cap_bn", expression: "marketCap_usd / 1e9" }], fields: ["cap_bn", "nonsense"] });
    expect(parsed.error?.issues.map((i) => [i.path.join("/"), i.message])).toEqual([["fields/1", expect.stringContaining("unknown field")]]);
  });
});

describe("formula values", () => {
  it("are computed once per day and formulas: the count, every page and a repeated request read the same table", () => {
    const formulas = Formulas.parse([{ name: "cap_bn", expression: "marketCap_usd / 1e9" }]);
    const table = (asOf?: string) => compileFormulas(formulas, asOf ? asOfSource(asOf) : DEFAULT_SOURCE).table;
    expect(table()).toBe(table());
    expect(table("2016-06-30")).toBe(table("2016-06-30"));
    expect(table("2016-06-30")).not.toBe(table());
    expect(compileFormulas(Formulas.parse([{ name: "other", expression: "marketCap_usd / 1e9" }]), DEFAULT_SOURCE).table).toBe(table());
  });

  it("say why a listing without prices or fiscal years has none", () => {
    const answer = screen({ filters: { coverage: { values: ["prices", "fundamentals"], operator: "exclude" } }, formulas: [{ name: "cap_bn", expression: "marketCap_usd / 1e9" }], page: { limit: 3 } });
    expect(answer.rows.length).toBe(3);
    for (const row of answer.rows) expect([row.cap_bn, row.cap_bn_reason]).toEqual([null, "no price and no fiscal year on the day"]);
  });
});
