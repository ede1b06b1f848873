/**
 * Data test of the trailing twelve months (docs/METRICS.md "Trailing twelve months"): every
 * company's TTM net margin and return on equity that a v2 screen returns with a `ttm` operand,
 * as of the default date and as of a date when most companies' latest period is a 10-Q, against
 * the TTM re-derived from the raw report file as the sum of four quarters
 * (test/support/ingest/pystock-raw.ts), independently of lib/ingest/pystock-ttm.ts. Needs the
 * database (`npm run ingest`).
 */
import { describe, expect, it } from "vitest";
import { AdvancedScreenRequestV2 } from "@/lib/screener/request-schema";
import type { RowsResponse } from "@/lib/screener/response-schema";
import { runScreen } from "@/lib/screener/service";
import { reportsBySymbol, type Trailing, trailingAsOf } from "@/test/support/ingest/pystock-raw";
import { builtDb, closeEnough, D } from "@/test/support/ingest/raw-files";

const rows = reportsBySymbol();
const METRICS = ["netMargin", "returnOnEquity"] as const;

/** Every listing's TTM `metric` as of `date` that a screen returns (strict: those with a value), by full_ticker. */
function screened(metric: (typeof METRICS)[number], date: string): Map<string, number> {
  const values = new Map<string, number>();
  for (let offset = 0; ; offset += 1000) {
    const request = AdvancedScreenRequestV2.parse({
      filters: { [metric]: { missing_policy: "strict", rules: [{ kind: "range", operand: { kind: "ttm" }, min: -1e12 }] } },
      fields: ["full_ticker"],
      sort: { field: "full_ticker", desc: false },
      page: { limit: 1000, offset },
      as_of: date,
      listings: "all",
    });
    const response = runScreen(request) as RowsResponse;
    for (const row of response.rows) values.set(String(row.full_ticker), row[`${metric}_ttm`] as number);
    if (offset + 1000 >= response.total) return values;
  }
}

/** Every listing whose values come from a symbol of the archives, with that symbol. */
const listings = builtDb().prepare("SELECT full_ticker, market_symbol FROM companies WHERE market_symbol IS NOT NULL").all() as {
  full_ticker: string;
  market_symbol: string;
}[];

describe.each([D, "2016-09-30"])("TTM as of %s, re-derived from the raw reports", (date) => {
  const bySymbol = new Map<string, Trailing | null>();
  const expected = (symbol: string) => {
    if (!bySymbol.has(symbol)) bySymbol.set(symbol, trailingAsOf(rows.get(symbol) ?? [], date));
    return bySymbol.get(symbol)!;
  };

  it.each(METRICS)("%s: the same companies, the same values", (metric) => {
    const product = screened(metric, date);
    const mismatches: string[] = [];
    let compared = 0;
    for (const { full_ticker, market_symbol } of listings) {
      const want = expected(market_symbol)?.[metric] ?? null;
      const got = product.get(full_ticker) ?? null;
      if (want !== null) compared++;
      if (want === null ? got !== null : !closeEnough(got, want)) mismatches.push(`${full_ticker} (${market_symbol}): ${got}, re-derived ${want}`);
    }
    expect(mismatches.slice(0, 20)).toEqual([]);
    // Thousands of companies have one (a vacuous pass would compare none).
    expect(compared).toBeGreaterThan(2500);
  });
});
