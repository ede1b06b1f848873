/**
 * The published coverage and each screen's filter outcomes against direct counts on the built
 * database, written independently of the compiler's SQL (and, for outcomes, in plain TypeScript).
 */
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AS_OF_DATE } from "@/lib/as-of";
import { env } from "@/lib/env";
import { marketDb } from "@/lib/db/market-db";
import { FILTERS, type GrowthRuleGroupDef } from "./catalog";
import { readCoverage } from "./coverage";
import { filterSettings } from "./filter-settings";
import { AdvancedScreenRequest } from "./request-schema";
import { countFilterOutcomes } from "./filter-outcomes";
import { runScreen } from "./service";
import { staleCutoff } from "./staleness";

let db: Database.Database;
beforeAll(() => {
  db = new Database(env().DATABASE_PATH, { readonly: true });
});
afterAll(() => db.close());

const count = (sql: string, ...params: unknown[]): number => Number(db.prepare(sql).pluck().get(...params));
const screenTotal = (filters: Record<string, unknown>) => runScreen(AdvancedScreenRequest.parse({ filters, result_format: "tickers", page: { limit: 1 } })).total;

describe("options record coverage", () => {
  let record: ReturnType<typeof readCoverage>;
  beforeAll(() => {
    record = readCoverage(marketDb());
  });
  const coverage = () => record;

  it("counts companies with a value per output field", () => {
    expect(coverage().companies).toBe(count("SELECT count(*) FROM companies WHERE id = issuer_id"));
    for (const field of ["marketCap_usd", "peRatio", "revenue", "returnOnInvestedCapital"]) {
      expect(coverage().fields[field], field).toBe(count(`SELECT count(*) FROM companies WHERE id = issuer_id AND "${field}" IS NOT NULL`));
    }
    // The market cap gap the options record must state: priced companies without one.
    expect(coverage().fields.marketCap_usd).toBeLessThan(count("SELECT count(*) FROM companies WHERE id = issuer_id AND has_prices = 1"));
  });

  it("counts each fiscal-year offset and average length of every metric rule filter", () => {
    for (const def of FILTERS) {
      if (def.input_type !== "metric_rule_group") continue;
      const { fy_offsets, average_years } = coverage().filters[def.name]!;
      const depth = filterSettings(def).max_fy_depth;
      expect(Object.keys(fy_offsets ?? {})).toHaveLength(depth);
      for (let offset = 0; offset < depth; offset++) {
        expect(fy_offsets?.[String(offset)], `${def.name} FY-${offset}`).toBe(
          count(`SELECT count(*) FROM fiscal_years WHERE company_id IN (SELECT id FROM companies WHERE id = issuer_id) AND fy_offset = ? AND "${def.metric}" IS NOT NULL`, offset),
        );
      }
      for (let years = 1; years <= depth; years++) {
        const direct = count(
          `SELECT count(*) FROM companies c WHERE c.id = issuer_id AND (SELECT count(*) FROM fiscal_years f WHERE f.company_id = c.id AND f.fy_offset < ? AND f."${def.metric}" IS NOT NULL) = ?`,
          years,
          years,
        );
        expect(average_years?.[String(years)], `${def.name} ${years}y average`).toBe(direct);
      }
    }
    // What an average over the published lengths screens: the count the record states.
    const roic = coverage().filters.returnOnInvestedCapital!;
    for (const years of [3, 5]) {
      const rule = { kind: "range", operand: { kind: "average", years, anchor: { scope: "fy", offset: 0 } }, min: -1e9 };
      expect(screenTotal({ returnOnInvestedCapital: { rules: [rule] } })).toBe(roic.average_years?.[String(years)]);
    }
  });

  it("counts each growth horizon of each metric: what a growth screen can return", () => {
    const growth = coverage().filters.incomeStatementGrowth!;
    const def = FILTERS.find((f): f is GrowthRuleGroupDef => f.name === "incomeStatementGrowth" && f.input_type === "growth_rule_group");
    const horizons = filterSettings(def!).horizons;
    for (const metric of ["revenue", "eps"]) {
      for (const h of horizons) {
        const direct = count(
          `SELECT count(*) FROM fiscal_years a WHERE a.company_id IN (SELECT id FROM companies WHERE id = issuer_id) AND a.fy_offset = 0 AND a."${metric}" > 0 AND EXISTS (SELECT 1 FROM fiscal_years b WHERE b.company_id = a.company_id AND b.fy_offset = ? AND b."${metric}" > 0)`,
          h,
        );
        expect(growth.horizons?.[metric]?.[String(h)], `${metric} ${h}y`).toBe(direct);
      }
    }
    // Any CAGR is above -100%: the screen returns every company with the horizon, on either basis.
    for (const currency_basis of ["reported", "usd"]) {
      const rule = { metric: "revenue", horizon_years: 5, value_type: "cagr", currency_basis, min: -0.999 };
      expect(screenTotal({ incomeStatementGrowth: { rules: [rule] } })).toBe(growth.horizons?.revenue?.["5"]);
    }
    expect(growth.horizons?.revenue?.["5"]).toBeLessThan(growth.horizons?.revenue?.["1"] ?? 0);
  });
});

describe("filter outcomes of a screen", () => {
  type Company = { id: number; country: string | null; has_prices: number; price: number | null; has_fundamentals: number; shares_outstanding: number | null; marketCap_usd: number | null };
  let companies: Company[];
  beforeAll(() => {
    companies = db.prepare("SELECT id, country, has_prices, price, has_fundamentals, shares_outstanding, marketCap_usd FROM companies WHERE id = issuer_id").all() as Company[];
  });

  it("separates companies a market-cap filter left out for missing data from those that failed it, with reasons", () => {
    const filters = { marketCap_usd: { min: 1e10 }, country: { values: ["United States"] } };
    const result = countFilterOutcomes(AdvancedScreenRequest.parse({ filters }));
    expect(result.total).toBe(screenTotal(filters));
    const us = companies.filter((c) => c.country === "United States");
    const marketCap = result.filter_outcomes.marketCap_usd!;
    expect(marketCap.considered).toBe(us.length);
    expect(marketCap.passed).toBe(result.total);
    expect(marketCap.passed).toBe(us.filter((c) => c.marketCap_usd !== null && c.marketCap_usd >= 1e10).length);
    expect(marketCap.failed).toBe(us.filter((c) => c.marketCap_usd !== null && c.marketCap_usd < 1e10).length);
    expect(marketCap.missing).toBe(us.filter((c) => c.marketCap_usd === null).length);
    const reasons = Object.fromEntries(marketCap.missing_reasons.map((r) => [r.reason, r.companies]));
    expect(reasons["no prices by the as-of date in the data"]).toBe(us.filter((c) => c.marketCap_usd === null && c.has_prices === 0).length);
    expect(reasons["no price in the week up to the as-of date (trading had stopped)"] ?? 0).toBe(
      us.filter((c) => c.marketCap_usd === null && c.has_prices === 1 && c.price === null).length,
    );
    const priced = (c: Company) => c.marketCap_usd === null && c.has_prices === 1 && c.price !== null;
    expect(reasons["no fundamentals in the data"]).toBe(us.filter((c) => priced(c) && c.has_fundamentals === 0).length);
    expect(reasons["no share count in the data (no market cap)"] ?? 0).toBe(
      us.filter((c) => priced(c) && c.has_fundamentals === 1 && c.shares_outstanding === null).length,
    );
    expect(marketCap.missing_reasons.reduce((n, r) => n + r.companies, 0)).toBe(marketCap.missing);
    // The country filter, of the companies with market caps of $10B or more.
    const large = companies.filter((c) => c.marketCap_usd !== null && c.marketCap_usd >= 1e10);
    const country = result.filter_outcomes.country!;
    expect(country).toMatchObject({ considered: large.length, passed: result.total, missing: large.filter((c) => c.country === null).length });
  });

  it("counts a price history that begins after the as-of date as no prices by then (no later listing leaks into D)", () => {
    const asOf = "(SELECT value FROM meta WHERE key = 'as_of')";
    // Later listings (spin-offs such as Carrier and Otis) have price rows, all after D.
    const later = count(`SELECT count(*) FROM companies c WHERE has_prices = 0 AND EXISTS (SELECT 1 FROM daily_prices d WHERE d.company_id = c.id)`);
    expect(later).toBeGreaterThan(0);
    expect(count(`SELECT count(*) FROM companies c WHERE has_prices = 0 AND EXISTS (SELECT 1 FROM daily_prices d WHERE d.company_id = c.id AND d.date <= ${asOf})`)).toBe(0);
    expect(count(`SELECT count(*) FROM companies c WHERE has_prices = 1 AND NOT EXISTS (SELECT 1 FROM daily_prices d WHERE d.company_id = c.id AND d.date <= ${asOf})`)).toBe(0);
    const stopped = count("SELECT count(*) FROM companies WHERE id = issuer_id AND has_prices = 1 AND price IS NULL");
    const result = countFilterOutcomes(AdvancedScreenRequest.parse({ filters: { price: { min: 0 } } }));
    const reasons = Object.fromEntries(result.filter_outcomes.price!.missing_reasons.map((r) => [r.reason, r.companies]));
    expect(reasons).toEqual({
      "no prices by the as-of date in the data": count("SELECT count(*) FROM companies WHERE id = issuer_id AND has_prices = 0"),
      ...(stopped > 0 ? { "no price in the week up to the as-of date (trading had stopped)": stopped } : {}),
    });
  });

  it("counts a strict rule's fiscal year without the metric's value as missing, not failed", () => {
    // Every value passes the rule, so only companies without one can be left out.
    const rule = { kind: "range", operand: { kind: "fy", offset: 0 }, min: -1e300 };
    const result = countFilterOutcomes(AdvancedScreenRequest.parse({ filters: { returnOnInvestedCapital: { rules: [rule] } } }));
    const withValue = count('SELECT count(*) FROM fiscal_years WHERE company_id IN (SELECT id FROM companies WHERE id = issuer_id) AND fy_offset = 0 AND "returnOnInvestedCapital" IS NOT NULL');
    // The case in question exists in the data: fiscal years whose ROIC is null.
    expect(count('SELECT count(*) FROM fiscal_years WHERE fy_offset = 0 AND "returnOnInvestedCapital" IS NULL')).toBeGreaterThan(0);
    expect(result.filter_outcomes.returnOnInvestedCapital).toMatchObject({ considered: companies.length, passed: withValue, failed: 0, missing: companies.length - withValue });
  });

  it("names TTM as what a rule on a metric without TTM values misses", () => {
    const rule = { kind: "range", operand: { kind: "ttm" }, min: 0 };
    const result = countFilterOutcomes(AdvancedScreenRequest.parse({ filters: { grossMargin: { rules: [rule] } } }));
    expect(result.filter_outcomes.grossMargin!.missing_reasons).toEqual([
      { reason: "no fundamentals in the data", companies: count("SELECT count(*) FROM companies WHERE id = issuer_id AND has_fundamentals = 0") },
      {
        reason: "Gross margin: no TTM values of this metric in the data (the quarterly reports lack its lines)",
        companies: count("SELECT count(*) FROM companies WHERE id = issuer_id AND has_fundamentals = 1"),
      },
    ]);
  });

  it("counts the companies without a TTM of the default date as missing, and the others as passed or failed", () => {
    const rule = { kind: "range", operand: { kind: "ttm" }, min: 0.1 };
    const result = countFilterOutcomes(AdvancedScreenRequest.parse({ filters: { returnOnEquity: { rules: [rule] } } }));
    const trailing = `SELECT company_id FROM ttm_versions WHERE valid_from <= '${AS_OF_DATE}' AND valid_to > '${AS_OF_DATE}' AND period_end >= '${staleCutoff(AS_OF_DATE)}' AND returnOnEquity`;
    const issuers = "SELECT id FROM companies WHERE id = issuer_id";
    const passed = count(`SELECT count(*) FROM (${trailing} >= 0.1) WHERE company_id IN (${issuers})`);
    const withValue = count(`SELECT count(*) FROM (${trailing} IS NOT NULL) WHERE company_id IN (${issuers})`);
    expect(passed).toBeGreaterThan(500);
    expect(result.filter_outcomes.returnOnEquity).toMatchObject({ considered: companies.length, passed, failed: withValue - passed, missing: companies.length - withValue });
  });

  it("says a growth rule's value may be missing, not only not positive, at either end", () => {
    const rule = { metric: "eps", horizon_years: 1, value_type: "multiple", currency_basis: "reported", min: -1e300 };
    const result = countFilterOutcomes(AdvancedScreenRequest.parse({ filters: { incomeStatementGrowth: { rules: [rule] } } }));
    const reasons = Object.fromEntries(result.filter_outcomes.incomeStatementGrowth!.missing_reasons.map((r) => [r.reason, r.companies]));
    // Companies with two or more fiscal years whose EPS is missing or not positive at either end (the
    // year before the latest may itself be missing: a 10-K the archives lack).
    const direct = count(
      `SELECT count(*) FROM fiscal_years a LEFT JOIN fiscal_years b ON b.company_id = a.company_id AND b.fy_offset = 1
       WHERE a.company_id IN (SELECT id FROM companies WHERE id = issuer_id) AND a.fy_offset = 0
         AND (SELECT count(*) FROM fiscal_years n WHERE n.company_id = a.company_id) >= 2 AND NOT (coalesce(a."eps", 0) > 0 AND coalesce(b."eps", 0) > 0)`,
    );
    expect(count('SELECT count(*) FROM fiscal_years a JOIN fiscal_years b ON b.company_id = a.company_id AND b.fy_offset = 1 WHERE a.fy_offset = 0 AND (a."eps" IS NULL OR b."eps" IS NULL)')).toBeGreaterThan(0);
    expect(reasons["a value missing or not positive at either end (no growth rate)"]).toBe(direct);
  });

  it("counts no missing companies for a rule that skips missing values", () => {
    const rule = { kind: "range", operand: { kind: "fy", offset: 0 }, min: 0.1 };
    const result = countFilterOutcomes(AdvancedScreenRequest.parse({ filters: { returnOnEquity: { missing_policy: "skip_missing", rules: [rule] } } }));
    expect(result.filter_outcomes.returnOnEquity).toMatchObject({ missing: 0, passed: result.total, considered: companies.length });
  });
});
