/**
 * Price signals (docs/METRICS.md "Price signals") re-derived from the bundled raw price file with
 * their own arithmetic, against a screen at the default date D and as of two other dates: Apple
 * across its 7-for-1 split of 2014-06-09, Netflix across its 7-for-1 split of 2015-07-15, and
 * companies paying dividends. Beta is re-derived against the equal-weighted market rebuilt here
 * from every stored adjusted close (the raw file holds only the S&P 500's). Needs the database
 * (`npm run ingest`).
 */
import { describe, expect, it } from "vitest";
import { AdvancedScreenRequestV2 } from "@/lib/screener/request-schema";
import type { RowsResponse } from "@/lib/screener/response-schema";
import { runScreen } from "@/lib/screener/service";
import { shiftYears } from "@/lib/calendar";
import { D, type Day, builtDb, days, expectClose, priceTickers } from "@/test/support/ingest/raw-files";

const SIGNALS = [
  "high_52w", "low_52w", "from_high_52w", "from_low_52w", "sma_20", "sma_50", "sma_200", "price_vs_sma_20", "price_vs_sma_50", "price_vs_sma_200",
  "rsi_14", "max_drawdown_1y", "dollar_volume_20d", "beta_1y",
] as const;

const CASES = { AAPL: "NASDAQ:AAPL", NFLX: "NASDAQ:NFLX", XOM: "NYSE:XOM", KO: "NYSE:KO", JPM: "NYSE:JPM" } as const;

/** Every date of the raw file: the trading days. */
let tradingDays: string[] | undefined;
function calendar(): string[] {
  if (!tradingDays) tradingDays = [...new Set(priceTickers().flatMap((t) => days(t).map((d) => d.date)))].sort();
  return tradingDays;
}

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

/**
 * The equal-weighted market on each day, rebuilt from every stored row: the mean over the companies
 * priced that day and before it of close over previous close (adjusted), chained from 1.
 */
let market: Map<string, number> | undefined;
function marketLevels(): Map<string, number> {
  if (market) return market;
  const last = new Map<number, number>();
  const growth = new Map<string, { sum: number; n: number }>();
  for (const [date, company, adjusted] of builtDb().prepare("SELECT date, company_id, adjusted_close FROM daily_prices").raw().iterate() as Iterable<[string, number, number]>) {
    const previous = last.get(company);
    const day = growth.get(date) ?? { sum: 0, n: 0 };
    if (previous !== undefined) {
      day.sum += adjusted / previous;
      day.n++;
    }
    growth.set(date, day);
    last.set(company, adjusted);
  }
  let level = 1;
  market = new Map([...growth].sort(([a], [b]) => a.localeCompare(b)).map(([date, { sum, n }]) => [date, (level *= n === 0 ? 1 : sum / n)]));
  return market;
}

/** Beta of the daily returns after the last row on or before a year earlier, against the market's over the same intervals. */
function beta(rows: readonly Day[], asOf: string): number | null {
  const from = Math.max(0, rows.findLastIndex((d) => d.date <= shiftYears(asOf, -1)));
  const pairs = rows.slice(from + 1).map((d, i) => {
    const before = rows[from + i]!;
    return { r: d.adj / before.adj - 1, m: marketLevels().get(d.date)! / marketLevels().get(before.date)! - 1 };
  });
  if (pairs.length < 200) return null;
  const [r, m] = [mean(pairs.map((p) => p.r)), mean(pairs.map((p) => p.m))];
  return pairs.reduce((a, p) => a + (p.r - r) * (p.m - m), 0) / pairs.reduce((a, p) => a + (p.m - m) ** 2, 0);
}

/** The signals of `ticker` as of `asOf`, the plain way. */
function expected(ticker: string, asOf: string): Record<(typeof SIGNALS)[number], number | null> {
  const rows = days(ticker).filter((d) => d.date <= asOf);
  const day = rows.at(-1)!;
  const dayPosition = calendar().lastIndexOf(calendar().filter((d) => d <= asOf).at(-1)!);
  // The company's rows after its last row on or before the n-th trading day before the as-of day.
  const lastDays = (n: number): Day[] | null => {
    const from = calendar()[dayPosition - n]!;
    const anchor = rows.findLastIndex((d) => d.date <= from);
    return anchor < 0 ? null : rows.slice(anchor + 1);
  };
  // Splits after row i through the as-of day: closes in the as-of day's shares.
  const inDayShares = (i: number) => rows[i]!.close / rows.slice(i + 1).reduce((p, d) => p * d.split, 1);
  const window = rows.length >= 252 ? rows.map((_, i) => i).slice(-252) : null;
  const high = window && Math.max(...window.map(inDayShares));
  const low = window && Math.min(...window.map(inDayShares));
  let drawdown: number | null = null;
  if (window) {
    drawdown = 0;
    let peak = -Infinity;
    for (const i of window) {
      peak = Math.max(peak, rows[i]!.adj);
      drawdown = Math.max(drawdown, 1 - rows[i]!.adj / peak);
    }
  }
  const sma = (n: number) => {
    const last = lastDays(n);
    return last ? (mean(last.map((d) => d.adj)) * day.close) / day.adj : null;
  };
  // Wilder: the mean of the first 14 changes of the whole history, then (previous × 13 + change) / 14.
  const changes = rows.slice(1).map((d, i) => d.adj - rows[i]!.adj);
  let gain = mean(changes.slice(0, 14).map((c) => Math.max(c, 0)));
  let loss = mean(changes.slice(0, 14).map((c) => Math.max(-c, 0)));
  for (const c of changes.slice(14)) {
    gain = (gain * 13 + Math.max(c, 0)) / 14;
    loss = (loss * 13 + Math.max(-c, 0)) / 14;
  }
  const traded = lastDays(20);
  const [s20, s50, s200] = [sma(20), sma(50), sma(200)];
  const vs = (s: number | null) => (s === null ? null : day.close / s - 1);
  return {
    high_52w: high,
    low_52w: low,
    from_high_52w: high === null ? null : day.close / high - 1,
    from_low_52w: low === null ? null : day.close / low - 1,
    sma_20: s20,
    sma_50: s50,
    sma_200: s200,
    price_vs_sma_20: vs(s20),
    price_vs_sma_50: vs(s50),
    price_vs_sma_200: vs(s200),
    rsi_14: loss === 0 ? 100 : 100 - 100 / (1 + gain / loss),
    max_drawdown_1y: drawdown,
    dollar_volume_20d: traded ? mean(traded.map((d) => d.close * d.volume)) : null,
    beta_1y: beta(rows, asOf),
  };
}

function screen(asOf?: string) {
  const body = { filters: { marketCap_usd: { min: 5e10 } }, fields: ["full_ticker", "price", ...SIGNALS], page: { limit: 1000 }, ...(asOf ? { as_of: asOf } : {}) };
  const answer = runScreen(AdvancedScreenRequestV2.parse(body)) as RowsResponse;
  return new Map(answer.rows.map((r) => [String(r.full_ticker), r]));
}

describe("price signals re-derived from the raw price file", () => {
  for (const asOf of [D, "2014-06-30", "2015-09-30"]) {
    it(`as of ${asOf}`, () => {
      const rows = screen(asOf === D ? undefined : asOf);
      for (const [ticker, fullTicker] of Object.entries(CASES)) {
        const row = rows.get(fullTicker);
        if (row === undefined) continue; // below the screen's market cap that day
        const want = expected(ticker, asOf);
        for (const signal of SIGNALS) expectClose(row[signal], want[signal], `${fullTicker} ${signal} as of ${asOf}`);
      }
      // Apple and Exxon are above 50 billion on each date: the cases ran.
      expect(rows.has("NASDAQ:AAPL") && rows.has("NYSE:XOM")).toBe(true);
    });
  }

  it("restates Apple's closes before its split to the shares of the day: its 52-week low in June 2014 is no pre-split price", () => {
    const apple = screen("2014-06-30").get("NASDAQ:AAPL")!;
    expect(apple.low_52w as number).toBeLessThan(100);
    expect(apple.high_52w as number).toBeLessThan(100);
    expect(apple.price as number).toBeLessThan(100);
  });
});
