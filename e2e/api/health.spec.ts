import { expect, test } from "@playwright/test";
import { call } from "./support";

test.describe("health", () => {
  test("answers 200 with the as-of date and the counts the data must reach, with a request id", async () => {
    const response = await call("/api/health/");
    expect(response.status).toBe(200);
    expect(response.headers.get("x-request-id")).toBeTruthy();
    expect(response.headers.get("cache-control")).toBe("no-store");
    const body = (await response.json()) as {
      status: string;
      as_of: string;
      built_at: string;
      build_id: string;
      counts: Record<string, number>;
      state_stores: unknown;
      freshness: { last_price_day: string; last_filing_date: string; weekdays_behind: number; prices_stale: boolean };
    };
    expect(body.status).toBe("ok");
    expect(body.build_id).toMatch(/^[0-9a-f]{16}$/);
    // The zero-configuration default: keys and limits in the state file, which answers.
    expect(body.state_stores).toEqual({ api_keys: { store: "sqlite", reachable: true }, rate_limits: { store: "sqlite", reachable: true } });
    expect(body.as_of).toBe("2017-03-31");
    expect(Date.parse(body.built_at)).not.toBeNaN();
    // The bundled prices end with the S&P 500 price file: years before today, so not current.
    expect(body.freshness).toMatchObject({ last_price_day: "2021-04-21", prices_stale: true });
    expect(body.freshness.weekdays_behind).toBeGreaterThan(1000);
    expect(body.freshness.last_filing_date >= "2025-01-01").toBe(true);
    const { counts } = body;
    expect(counts.companies).toBeGreaterThanOrEqual(30_000);
    expect(counts.countries).toBeGreaterThanOrEqual(80);
    expect(counts.with_return_and_volatility).toBeGreaterThanOrEqual(480);
    expect(counts.with_market_cap).toBeGreaterThanOrEqual(340);
    expect(counts.with_fundamentals).toBeGreaterThanOrEqual(440);
    expect(counts.filings).toBeGreaterThanOrEqual(370);
    expect(counts.filing_companies).toBeGreaterThanOrEqual(40);
  });
});
