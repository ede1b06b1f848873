/**
 * Membership history (docs/METRICS.md "Membership history") on the built database, re-derived from
 * v2 screens as of each trading day: the same entries and exits on the same days, each explained by
 * the filters whose own screens changed for the company, with the values those screens' rows give.
 */
import { describe, expect, it } from "vitest";
import { cachedStatement } from "@/lib/db/market-db";
import { MembershipHistoryRequest } from "./history-schema";
import { runMembershipHistory, screenTests } from "./membership-history";
import { AdvancedScreenRequestV2 } from "./request-schema";
import type { RowsResponse } from "./response-schema";
import { runScreen } from "./service";

const FILTERS = { marketCap_usd: { min: 100_000_000_000 }, peRatio: { max: 25 } };
// Four weeks with entries and exits on both filters (market cap around $100B, P/E around 25).
const [FROM, TO] = ["2016-04-18", "2016-05-13"];

/** Every row of a v2 screen as of a day, by ticker, page by page. */
function rowsOn(filters: Record<string, unknown>, day: string, fields: string[] = ["full_ticker"]): Map<string, Record<string, unknown>> {
  const rows = new Map<string, Record<string, unknown>>();
  for (let offset = 0; ; offset += 1000) {
    const answer = runScreen(AdvancedScreenRequestV2.parse({ filters, as_of: day, fields, page: { limit: 1000, offset } })) as RowsResponse;
    for (const r of answer.rows) rows.set(String(r.full_ticker), r);
    if (rows.size >= answer.total) return rows;
  }
}

describe("membership history", () => {
  const history = runMembershipHistory(MembershipHistoryRequest.parse({ filters: FILTERS, from: FROM, to: TO, page: { limit: 500 } }));
  const days = cachedStatement("SELECT date FROM trading_days WHERE date >= ? AND date <= ? ORDER BY date").pluck().all(FROM, TO) as string[];
  const before = cachedStatement("SELECT max(date) FROM trading_days WHERE date < ?").pluck().get(FROM) as string;

  it("lists the entries and exits that the screens of consecutive trading days give, and nothing else", () => {
    const expected: string[] = [];
    let previous = new Set(rowsOn(FILTERS, before).keys());
    expect(history.members_before).toBe(previous.size);
    for (const day of days) {
      const now = new Set(rowsOn(FILTERS, day).keys());
      for (const t of now) if (!previous.has(t)) expected.push(`${day} ${t} entered`);
      for (const t of previous) if (!now.has(t)) expected.push(`${day} ${t} left`);
      previous = now;
    }
    expect(history.members_after).toBe(previous.size);
    expect(history.trading_days).toBe(days.length);
    expect(expected.length).toBeGreaterThan(3);
    expect(history.changes.map((c) => `${c.date} ${c.full_ticker} ${c.change}`).sort()).toEqual(expected.sort());
    expect(history.total).toBe(expected.length);
  });

  it("explains each change by the filters whose own screen changed for the company, with their fields' values on both days", () => {
    for (const change of history.changes) {
      const prior = days[days.indexOf(change.date) - 1] ?? before;
      const flipped = Object.entries(FILTERS).filter(([name, payload]) => rowsOn({ [name]: payload }, prior).has(change.full_ticker) !== rowsOn({ [name]: payload }, change.date).has(change.full_ticker));
      expect(change.rules.map((r) => r.filter).sort()).toEqual(flipped.map(([name]) => name).sort());
      for (const rule of change.rules) {
        expect(rule.passed_after).toBe(change.change === "entered");
        // The field's values, from a broad screen's rows on each day.
        const value = (day: string) => rowsOn({ marketCap_usd: { min: 50_000_000_000 } }, day, ["full_ticker", rule.filter]).get(change.full_ticker)?.[rule.filter] ?? null;
        expect(rule.before).toBeCloseTo(value(prior) as number, 6);
        expect(rule.after).toBeCloseTo(value(change.date) as number, 6);
        const bound = FILTERS[rule.filter as keyof typeof FILTERS];
        if (change.change === "left" && "max" in bound) expect(rule.after as number).toBeGreaterThan(bound.max);
        if (change.change === "left" && "min" in bound) expect(rule.after as number).toBeLessThan(bound.min);
        expect(rule.reason).toMatch(change.change === "left" ? /(above the maximum|below the minimum)/ : /(at or above the minimum|at or below the maximum)/);
      }
    }
  });

  it("writes in full two values that round alike, so that the move shows", () => {
    // Western Union's market cap crossed $10B on 2016-06-01 by less than a rounding step of $10.00B.
    const june = runMembershipHistory(MembershipHistoryRequest.parse({ filters: { marketCap_usd: { min: 10_000_000_000 }, peRatio: { max: 25 } }, from: "2016-06-01", to: "2016-06-01" }));
    const wu = june.changes.find((c) => c.full_ticker === "NYSE:WU")!;
    const rule = wu.rules[0]!;
    expect(rule.before as number).toBeLessThan(10_000_000_000);
    expect(rule.after as number).toBeGreaterThanOrEqual(10_000_000_000);
    expect(rule.reason).toMatch(/^Market cap rose from \$9,9\d\d,\d{3},\d{3}(\.\d+)? to \$10,0\d\d,\d{3},\d{3}(\.\d+)?, at or above the minimum \$10,000,000,000$/);
  });

  it("writes in full a value that rounds as the bound it crossed", () => {
    // Ball's market cap fell below $10B on 2016-01-04 to a value that rounds to $10.00B.
    const day = runMembershipHistory(MembershipHistoryRequest.parse({ filters: { marketCap_usd: { min: 10_000_000_000 } }, from: "2016-01-04", to: "2016-01-04" }));
    const rule = day.changes.find((c) => c.full_ticker === "NYSE:BLL")!.rules[0]!;
    expect(rule.after as number).toBeLessThan(10_000_000_000);
    expect(rule.after as number).toBeGreaterThan(9_995_000_000);
    expect(rule.reason).toMatch(/^Market cap fell from \$10,0\d\d,\d{3},\d{3}(\.\d+)? to \$9,99\d,\d{3},\d{3}(\.\d+)?, below the minimum \$10,000,000,000$/);
    // Values apart from the bound keep their short form.
    const cms = day.changes.find((c) => c.full_ticker === "NYSE:CMS")!.rules[0]!;
    expect(cms.reason).toBe("Market cap fell from $10.09B to $9.95B, below the minimum $10.00B");
  });

  it("computes each day for every column its filters and formulas read, rule groups' members too", () => {
    const screen = screenTests(
      MembershipHistoryRequest.parse({
        filters: { marketCap_usd: { min: 1e9 }, volatility_compare: { left_field: "daily_return_vol_1y_annualized", operator: "lt", right_field: "daily_return_vol_5y_annualized" } },
        formulas: [{ name: "trend", expression: "price_vs_sma_50 - price_vs_sma_200" }],
        from: FROM,
        to: TO,
      }),
    );
    expect([...screen.columns].sort()).toEqual(["daily_return_vol_1y_annualized", "daily_return_vol_5y_annualized", "marketCap_usd", "price_vs_sma_200", "price_vs_sma_50"]);
  });

  it("pages the changes, oldest first", () => {
    const page = runMembershipHistory(MembershipHistoryRequest.parse({ filters: FILTERS, from: FROM, to: TO, page: { limit: 2, offset: 1 } }));
    expect(page.changes).toEqual(history.changes.slice(1, 3));
    const dates = history.changes.map((c) => c.date);
    expect(dates).toEqual([...dates].sort());
  });

  it("refuses a range past its bound and a screen without filters, naming the member", () => {
    expect(() => runMembershipHistory(MembershipHistoryRequest.parse({ filters: FILTERS, from: "2015-01-01", to: "2016-01-31" }))).toThrow(/\/to: the range has \d+ trading days; at most 253/);
    expect(MembershipHistoryRequest.safeParse({ filters: {}, from: FROM, to: TO }).error?.issues[0]?.path).toEqual(["filters"]);
    expect(MembershipHistoryRequest.safeParse({ filters: FILTERS, from: TO, to: FROM }).error?.issues[0]?.path).toEqual(["to"]);
  });
});
