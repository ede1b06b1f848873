import { describe, expect, it } from "vitest";
import { ensureDayValues } from "@/lib/market/day-values";
import { cachedStatement, marketDb } from "@/lib/db/market-db";
import { screenDistribution } from "./distribution";
import { DistributionRequest } from "./distribution-schema";
import { AdvancedScreenRequest } from "./request-schema";
import { runScreen } from "./service";

const sum = (counts: number[]) => counts.reduce((a, b) => a + b, 0);
const column = (sql: string) => cachedStatement(sql).pluck().all().map(Number);

describe("screenDistribution", () => {
  it("bins market caps of the whole data set and of a screen alike, on a log scale, with the filter's bounds and sectors", () => {
    const filters = { marketCap_usd: { min: 1e10 }, country: { values: ["United States"] } };
    const d = screenDistribution(DistributionRequest.parse({ filters, field: "marketCap_usd" }));
    const total = runScreen(AdvancedScreenRequest.parse({ filters, result_format: "tickers" })).total;
    const caps = column("SELECT marketCap_usd FROM companies WHERE id = issuer_id AND marketCap_usd IS NOT NULL");
    expect(d.total).toBe(total);
    expect(d.universe_with_value).toBe(caps.length);
    expect(d.matches_with_value).toBe(total);
    expect(sum(d.histogram.universe)).toBe(caps.length);
    expect(sum(d.histogram.matches)).toBe(total);
    expect(d.histogram.scale).toBe("log");
    expect(d.histogram.edges).toHaveLength(25);
    // Every bin's matches are among its universe; no match lies below the filter's bound.
    d.histogram.matches.forEach((n, i) => expect(n).toBeLessThanOrEqual(d.histogram.universe[i]!));
    const firstMatch = d.histogram.matches.findIndex((n) => n > 0);
    expect(d.histogram.edges[firstMatch + 1]!).toBeGreaterThan(1e10);
    // The universe's count of one bin, recounted from the table.
    const bin = d.histogram.universe.findIndex((n) => n > 0);
    const [low, high] = [d.histogram.edges[bin + 1]!, d.histogram.edges[bin + 2]!];
    expect(d.histogram.universe[bin + 1]).toBe(caps.filter((v) => v >= low && v < high).length);
    expect(d.bounds).toEqual({ min: 1e10 });
    expect(sum(d.sectors.map((s) => s.companies))).toBe(total);
    expect(d.sectors.map((s) => s.companies)).toEqual([...d.sectors.map((s) => s.companies)].sort((a, b) => b - a));
  });

  it("bins a signed field on a linear scale and counts the matches without a value apart", () => {
    const filters = { sector: { values: ["Energy"] } };
    const d = screenDistribution(DistributionRequest.parse({ filters, field: "return_1y", bins: 10 }));
    const returns = column("SELECT return_1y FROM companies WHERE id = issuer_id AND return_1y IS NOT NULL");
    const energy = column("SELECT return_1y FROM companies WHERE id = issuer_id AND sector = 'Energy' AND return_1y IS NOT NULL");
    expect(d.histogram.scale).toBe("linear");
    expect(d.histogram.edges).toHaveLength(11);
    expect(sum(d.histogram.universe)).toBe(returns.length);
    expect(d.matches_with_value).toBe(energy.length);
    expect(d.total).toBeGreaterThan(energy.length);
    expect(d.sectors).toEqual([{ sector: "Energy", companies: d.total }]);
    expect(d.bounds).toEqual({});
  });

  it("refuses a field that is not numeric", () => {
    expect(DistributionRequest.safeParse({ filters: {}, field: "companyName" }).success).toBe(false);
    expect(DistributionRequest.safeParse({ filters: {}, field: "cik" }).success).toBe(false);
  });

  it("bins a rule column of the screen: its values over every company with one, the matches among them", () => {
    const avg3 = { kind: "average", years: 3, anchor: { scope: "fy", offset: 0 } };
    const filters = { returnOnInvestedCapital: { rules: [{ kind: "range", operand: avg3, min: 0.15 }] }, sector: { values: ["Information Technology"] } };
    const d = screenDistribution(DistributionRequest.parse({ filters, field: "returnOnInvestedCapital_avg3y_fy0" }));
    const screen = runScreen(AdvancedScreenRequest.parse({ filters, page: { limit: 1000 } }));
    // Re-derived from the table: companies with all three years' ROIC, averaged.
    const averages = column(
      "SELECT avg(returnOnInvestedCapital) FROM fiscal_years WHERE company_id IN (SELECT id FROM companies WHERE id = issuer_id) AND fy_offset BETWEEN 0 AND 2 GROUP BY company_id HAVING count(returnOnInvestedCapital) = 3",
    );
    const label = "temporary_columns" in screen ? screen.temporary_columns[0]?.label : undefined;
    expect(label).toBeDefined();
    expect(d.label).toBe(label);
    expect(d.unit).toBe("percent");
    expect(d.universe_with_value).toBe(averages.length);
    expect(d.matches_with_value).toBe(screen.total);
    expect(d.total).toBe(screen.total);
    expect(sum(d.histogram.matches)).toBe(screen.total);
    expect(Math.min(...averages)).toBeLessThan(0.15);
  });

  it("refuses a column the screen does not compute, at /field", () => {
    expect(() => screenDistribution(DistributionRequest.parse({ filters: {}, field: "revenueCagr_3y" }))).toThrow(/neither a numeric field nor a column/);
  });

  it("follows the screen's as-of date", () => {
    const filters = { marketCap_usd: { min: 5e10 } };
    const d = screenDistribution(DistributionRequest.parse({ filters, field: "marketCap_usd", as_of: "2014-12-31" }));
    const screen = runScreen(AdvancedScreenRequest.parse({ filters, result_format: "tickers" }));
    const table = ensureDayValues(marketDb(), "2014-12-31");
    const caps = column(`SELECT marketCap_usd FROM ${table} WHERE company_id IN (SELECT id FROM companies WHERE id = issuer_id) AND marketCap_usd IS NOT NULL`);
    expect(d.universe_with_value).toBe(caps.length);
    expect(d.matches_with_value).toBe(caps.filter((v) => v >= 5e10).length);
    expect(d.matches_with_value).not.toBe(screen.total);
  });
});
