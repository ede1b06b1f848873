/**
 * The screener contract over HTTP against the built app: options record, both screen endpoints,
 * every input type, paging, formats and errors. Expected results are re-derived from the stored
 * per-company values with plain TypeScript (never with the screener's SQL).
 */
import Database from "better-sqlite3";
import { expect, test } from "@playwright/test";
import { shiftMonths } from "@/lib/calendar";
import { pageToken } from "@/test/support/page-token";
import { BASIC_PATH, OPTIONS_PATH, baseUrl, call, newKey, postJson, problem } from "./support";

const ADVANCED_PATH = "/api/v1/screener/advanced/";
type Company = Record<string, number | string | null> & { id: number; full_ticker: string };

let key: string;
let companies: Company[];
let fiscal: Map<number, Map<number, Record<string, number | null>>>;
/** Each company's trailing twelve months as of the default date (docs/METRICS.md "Trailing twelve months"). */
let trailing: Map<number, Record<string, number | null>>;

test.beforeAll(() => {
  key = newKey("bulk");
  const db = new Database(process.env.DATABASE_PATH ?? "var/screener.db", { readonly: true });
  // A company with several share classes is one row in screens and counts: its primary listing
  // (lib/screener/primary-listing.ts); the other classes are not part of the v1 universe.
  companies = (db.prepare("SELECT * FROM companies").all() as Company[]).filter((c) => c.id === c.issuer_id);
  fiscal = new Map();
  for (const row of db.prepare("SELECT * FROM fiscal_years").all() as (Record<string, number | null> & { company_id: number; fy_offset: number })[]) {
    if (!fiscal.has(row.company_id)) fiscal.set(row.company_id, new Map());
    fiscal.get(row.company_id)!.set(row.fy_offset, row);
  }
  const asOf = String(db.prepare("SELECT value FROM meta WHERE key = 'as_of'").pluck().get());
  const rows = db
    .prepare("SELECT * FROM ttm_versions WHERE valid_from <= ? AND valid_to > ? AND period_end >= ?")
    .all(asOf, asOf, shiftMonths(asOf, -15)) as (Record<string, number | null> & { company_id: number })[];
  trailing = new Map(rows.map((row) => [row.company_id, row]));
  db.close();
});

async function screen(path: string, body: unknown) {
  const response = await postJson(path, key, body);
  expect(response.status, await response.clone().text()).toBe(200);
  expect(response.headers.get("content-type")).toContain("application/json");
  return response.json();
}

/** Every ticker a screen matches, paging with the tickers format. */
async function allTickers(path: string, body: Record<string, unknown>): Promise<string[]> {
  const out: string[] = [];
  for (let offset = 0; ; offset += 1000) {
    const page = await screen(path, { ...body, result_format: "tickers", page: { limit: 1000, offset } });
    out.push(...page.tickers);
    if (page.tickers.length < 1000) return out;
  }
}

/** Every row a screen matches, paging at the maximum page size (a screen of the whole market runs to thousands). */
async function allRows(path: string, body: Record<string, unknown>): Promise<{ rows: Record<string, number | string | null>[]; temporary_columns: { name: string }[] }> {
  const rows: Record<string, number | string | null>[] = [];
  for (let offset = 0; ; offset += 1000) {
    const page = await screen(path, { ...body, page: { limit: 1000, offset } });
    rows.push(...page.rows);
    if (page.rows.length < 1000) return { rows, temporary_columns: page.temporary_columns };
  }
}

const sorted = (xs: string[]) => [...xs].sort();
const num = (c: Company, field: string) => c[field] as number | null;
const tickersOf = (cs: Company[]) => sorted(cs.map((c) => c.full_ticker));
/** A TTM value as of the default date, null when missing. */
const ttm = (c: Company, metric: string) => trailing.get(c.id)?.[metric] ?? null;
/** A fiscal-year value (offset 0 is the latest fiscal year), null when missing. */
const fy = (c: Company, offset: number, metric: string) => fiscal.get(c.id)?.get(offset)?.[metric] ?? null;
/** Mean of `years` fiscal years from `from` back; missing when any of them is (METRICS.md). */
function average(c: Company, metric: string, from: number, years: number): number | null {
  const values = Array.from({ length: years }, (_, i) => fy(c, from + i, metric));
  return values.every((v) => v !== null) ? values.reduce((a, b) => a! + b!, 0)! / years : null;
}
const OPERATORS: Record<string, (a: number, b: number) => boolean> = { lt: (a, b) => a < b, lte: (a, b) => a <= b, gt: (a, b) => a > b, gte: (a, b) => a >= b };
/** Both fields present and `left operator right`. */
const compared = (left: string, operator: string, right: string) => (c: Company) =>
  num(c, left) !== null && num(c, right) !== null && OPERATORS[operator]!(num(c, left)!, num(c, right)!);
/** SQLite's BINARY collation: UTF-8 bytes. */
const binary = (a: string, b: string) => Buffer.compare(Buffer.from(a), Buffer.from(b));
/** The documented order: values first by the sort field, ties on full_ticker in the same direction, then nulls by full_ticker. */
function expectedOrder(cs: Company[], field: string, desc: boolean): string[] {
  const dir = desc ? -1 : 1;
  const byTicker = (a: Company, b: Company) => dir * binary(a.full_ticker, b.full_ticker);
  const value = (c: Company) => c[field];
  const compare = (x: number | string, y: number | string) => (typeof x === "string" ? binary(x, y as string) : x - (y as number));
  const withValue = cs.filter((c) => value(c) !== null).sort((a, b) => dir * compare(value(a)!, value(b)!) || byTicker(a, b));
  const without = cs.filter((c) => value(c) === null).sort(byTicker);
  return [...withValue, ...without].map((c) => c.full_ticker);
}

test.describe("options", () => {
  test("publishes the record the spec describes, with revalidation", async () => {
    const response = await call(OPTIONS_PATH, { key });
    expect(response.status).toBe(200);
    const etag = response.headers.get("etag");
    expect(etag).toBeTruthy();
    const options = await response.json();
    expect(options.result_formats).toEqual(["rows", "tickers"]);
    expect(options.page).toEqual({ default_limit: 100, default_offset: 0, max_limit: 1000 });
    expect(options.sort.fields).toEqual(expect.arrayContaining(["marketCap_usd", "return_1y", "companyName"]));
    expect(options.filter_type_defaults.range.operators).toEqual(["min", "max"]);
    expect(options.filter_type_defaults.growth_rule_group).toMatchObject({
      horizons: [1, 2, 3, 5, 7, 8, 10],
      value_types: ["cagr", "multiple"],
      value_type_formats: { cagr: "percent", multiple: "number" },
      missing_data_policy: "exclude",
      max_rules: 5,
    });
    const types = Object.fromEntries(Object.entries(options.filters as Record<string, { input_type: string }>).map(([k, v]) => [k, v.input_type]));
    expect(types).toMatchObject({
      country: "multi_select",
      sector: "multi_select",
      industry: "multi_select",
      currency: "multi_select",
      exchange: "multi_select",
      coverage: "multi_select",
      marketCap_usd: "range",
      return_1y: "range",
      dividendYieldTTM: "range",
      description_keywords: "text",
      returnOnInvestedCapital: "metric_rule_group",
      incomeStatementGrowth: "growth_rule_group",
      volatility: "volatility_rule_group",
      volatility_compare: "field_compare",
      margins: "composite_rule_group",
    });
    expect(options.filters.volatility.members).toEqual(["daily_return_vol_1y_annualized", "daily_return_vol_5y_annualized"]);
    // Each definition spells out its effective settings (here all inherited from filter_type_defaults).
    expect(options.filters.incomeStatementGrowth).toMatchObject(options.filter_type_defaults.growth_rule_group);
    expect(options.filters.volatility.compare_operators).toEqual(["lt", "lte", "gt", "gte"]);
    // The text filter publishes the bounds its request schema enforces.
    expect(options.filter_type_defaults.text).toEqual({ operators: ["fts"], max_length: 500, max_terms: 12, max_prefix_terms: 4, min_prefix_length: 3 });
    expect(options.filters.description_keywords).toMatchObject(options.filter_type_defaults.text);
    expect(options.filters.returnOnInvestedCapital).toMatchObject({ missing_policies: ["strict", "skip_missing"], operand_kinds: ["fy", "average", "ttm"] });
    expect(options.filters.incomeStatementGrowth.value_fields.revenue).toEqual({
      cagr: { reported: "revenueCagr", usd: "revenueCagrUsd" },
      multiple: { reported: "revenueMultiple", usd: "revenueMultipleUsd" },
    });
    // Every options_source names a list, and basic filters are a subset of advanced ones.
    for (const def of Object.values(options.filters as Record<string, { options_source?: string }>)) {
      if (def.options_source) expect(options.option_values[def.options_source]?.length).toBeGreaterThan(0);
    }
    // Exchange codes say what they stand for; US is a placeholder, not an exchange.
    expect(options.option_value_labels.exchanges.NYSE).toBe("New York Stock Exchange");
    expect(options.option_value_labels.exchanges.US).toBe("U.S. exchange not in the data");
    // One taxonomy per classification filter (GICS 2016), named in its definition.
    expect(options.option_values.sectors).not.toContain("Communication Services");
    expect(options.option_values.sectors).toContain("Telecommunication Services");
    expect(options.filters.sector.taxonomy).toBe("GICS as of 2016 (structure of 2016-09-01)");
    expect(options.filters.sector.description).toMatch(/^GICS sector \(GICS structure effective 2016-09-01.*Communication Services \(2018\) is not a sector/);
    expect(options.modes.advanced).toEqual(expect.arrayContaining(options.modes.basic));
    expect(options.modes.basic).not.toContain("incomeStatementGrowth");
    expect(options.fields).toEqual(expect.arrayContaining(["companyName", "full_ticker", "marketCap_usd"]));
    expect(options.as_of).toBe("2017-03-31");

    const again = await call(OPTIONS_PATH, { key, headers: { "if-none-match": etag! } });
    expect(again.status).toBe(304);
  });
});

test.describe("coverage", () => {
  test("the options record states how many companies each field, growth horizon, fiscal year and average length can see", async () => {
    const options = await (await call(OPTIONS_PATH, { key })).json();
    const coverage = options.coverage;
    expect(coverage.companies).toBe(companies.length);
    expect(coverage.fields.marketCap_usd).toBe(companies.filter((c) => num(c, "marketCap_usd") !== null).length);
    expect(coverage.fields.peRatio).toBe(companies.filter((c) => num(c, "peRatio") !== null).length);
    expect(coverage.filters.marketCap_usd.companies).toBe(coverage.fields.marketCap_usd);
    // Every horizon of the spec stays offered, each with the companies that have positive values at both ends.
    const growth = coverage.filters.incomeStatementGrowth.horizons;
    for (const h of options.filters.incomeStatementGrowth.horizons) {
      const expected = companies.filter((c) => (fy(c, 0, "revenue") ?? 0) > 0 && (fy(c, h, "revenue") ?? 0) > 0).length;
      expect(growth.revenue[String(h)], `revenue over ${h}y`).toBe(expected);
    }
    expect(growth.revenue["5"]).toBeLessThan(growth.revenue["3"] / 20);
    const roic = coverage.filters.returnOnInvestedCapital;
    for (let n = 0; n < options.filters.returnOnInvestedCapital.max_fy_depth; n++) {
      expect(roic.fy_offsets[String(n)], `FY-${n}`).toBe(companies.filter((c) => fy(c, n, "returnOnInvestedCapital") !== null).length);
      expect(roic.average_years[String(n + 1)], `${n + 1}y average`).toBe(companies.filter((c) => average(c, "returnOnInvestedCapital", 0, n + 1) !== null).length);
    }
  });

  test("the screener page's outcomes operation says per filter how many companies failed its condition and how many it left out for missing data, and why", async () => {
    // The screener page's own operation (a screen's cost per filter, so not part of every screen).
    const response = await call("/api/ui/screener/outcomes/", {
      method: "POST",
      headers: { "content-type": "application/json", "sec-fetch-site": "same-origin", "x-ui-token": await pageToken(baseUrl()) },
      body: JSON.stringify({ filters: { marketCap_usd: { min: 1e10 } } }),
    });
    expect(response.status, await response.clone().text()).toBe(200);
    const body = await response.json();
    expect(body.total).toBe(companies.filter((c) => (num(c, "marketCap_usd") ?? 0) >= 1e10).length);
    const outcome = body.filter_outcomes.marketCap_usd;
    const cap = (c: Company) => num(c, "marketCap_usd");
    const missing = companies.filter((c) => cap(c) === null);
    expect(outcome).toMatchObject({
      considered: companies.length,
      passed: body.total,
      failed: companies.filter((c) => cap(c) !== null && cap(c)! < 1e10).length,
      missing: missing.length,
    });
    // A price history that began by the as-of date but had stopped trading has no price at it.
    const stopped = missing.filter((c) => c.has_prices === 1 && num(c, "price") === null);
    const priced = missing.filter((c) => c.has_prices === 1 && num(c, "price") !== null);
    expect(priced.length).toBeGreaterThan(0);
    expect(outcome.missing_reasons).toEqual(
      [
        { reason: "no prices by the as-of date in the data", companies: missing.filter((c) => c.has_prices === 0).length },
        { reason: "no price in the week up to the as-of date (trading had stopped)", companies: stopped.length },
        { reason: "no fundamentals in the data", companies: priced.filter((c) => c.has_fundamentals === 0).length },
        { reason: "no share count in the data (no market cap)", companies: priced.filter((c) => c.has_fundamentals === 1 && c.shares_outstanding === null).length },
      ]
        .filter((r) => r.companies > 0)
        .sort((a, b) => b.companies - a.companies),
    );
  });
});

test.describe("rows and tickers", () => {
  test("a basic screen with no body members returns the default rows response", async () => {
    const body = await screen(BASIC_PATH, {});
    expect(Object.keys(body).sort()).toEqual(["as_of", "limit", "loaded_fields", "offset", "rows", "temporary_columns", "total"]);
    expect(body).toMatchObject({ total: companies.length, limit: 100, offset: 0, temporary_columns: [] });
    expect(body.rows).toHaveLength(100);
    expect(Object.keys(body.rows[0])).toEqual(body.loaded_fields);
    // Units: raw dollars and decimals. Apple's market cap at the as-of date (2017-03-31) is about
    // $0.77 trillion: a close of 143.66 times the 5,332,313,000 shares on its FY2016 10-K's cover.
    const apple = body.rows.find((r: Record<string, unknown>) => r.full_ticker === "NASDAQ:AAPL");
    expect(apple.marketCap_usd).toBeGreaterThan(7e11);
    expect(apple.marketCap_usd).toBeLessThan(8e11);
    expect(apple.dividendYieldTTM).toBeGreaterThan(0.01);
    expect(apple.dividendYieldTTM).toBeLessThan(0.03);
  });

  test("the tickers format loads only full_ticker and ignores fields", async () => {
    const body = await screen(BASIC_PATH, { result_format: "tickers", fields: ["companyName"], page: { limit: 5 } });
    expect(Object.keys(body).sort()).toEqual(["as_of", "limit", "offset", "tickers", "total"]);
    expect(body.tickers).toHaveLength(5);
    expect(body.tickers.every((t: string) => /^[A-Z0-9-]+:\S+$/.test(t))).toBe(true);
  });

  test("fields choose the output members; sort and nulls-last order tile across pages", async () => {
    const body = { filters: { country: { values: ["United States"] }, sector: { values: ["Energy"] } }, sort: { field: "dividendYieldTTM", desc: true } };
    const all = await allTickers(BASIC_PATH, body);
    const expected = expectedOrder(
      companies.filter((c) => c.country === "United States" && c.sector === "Energy"),
      "dividendYieldTTM",
      true,
    );
    expect(all).toEqual(expected);
    const first = await screen(BASIC_PATH, { ...body, fields: ["full_ticker", "dividendYieldTTM"], page: { limit: 7, offset: 0 } });
    const second = await screen(BASIC_PATH, { ...body, fields: ["full_ticker", "dividendYieldTTM"], page: { limit: 7, offset: 7 } });
    expect([...first.rows, ...second.rows].map((r: { full_ticker: string }) => r.full_ticker)).toEqual(expected.slice(0, 14));
    expect(first.rows[0]).toEqual({ full_ticker: expected[0], dividendYieldTTM: expect.any(Number) });
  });

  test("an offset past the end gives an empty page and the exact total", async () => {
    const body = await screen(BASIC_PATH, { filters: { marketCap_usd: { min: 1e11 } }, page: { offset: 100_000 } });
    expect(body.rows).toEqual([]);
    expect(body.total).toBe(companies.filter((c) => (num(c, "marketCap_usd") ?? 0) >= 1e11).length);
  });
});

test.describe("every filter type", () => {
  test("multi_select include, exclude (keeping missing values) and data coverage", async () => {
    const include = await allTickers(BASIC_PATH, { filters: { currency: { values: ["JPY"] }, exchange: { operator: "include", values: ["TSE"] } } });
    expect(sorted(include)).toEqual(sorted(companies.filter((c) => c.currency === "JPY" && c.exchange === "TSE").map((c) => c.full_ticker)));
    const excluded = await screen(BASIC_PATH, { filters: { sector: { operator: "exclude", values: ["Financials", "Industrials"] } }, result_format: "tickers" });
    expect(excluded.total).toBe(companies.filter((c) => c.sector !== "Financials" && c.sector !== "Industrials").length);
    const covered = await allTickers(BASIC_PATH, { filters: { coverage: { values: ["prices", "fundamentals"] } } });
    expect(covered.length).toBe(companies.filter((c) => c.has_prices === 1 && c.has_fundamentals === 1).length);
  });

  test("range filters are inclusive", async () => {
    const got = await allTickers(BASIC_PATH, { filters: { return_1y: { min: 0.2 }, peRatio: { max: 20 } } });
    const expected = companies.filter((c) => (num(c, "return_1y") ?? -1) >= 0.2 && num(c, "peRatio") !== null && num(c, "peRatio")! <= 20);
    expect(sorted(got)).toEqual(sorted(expected.map((c) => c.full_ticker)));
  });

  test("text: every term must match", async () => {
    const both = await screen(BASIC_PATH, { filters: { description_keywords: { fts: "lithium batteries" } }, result_format: "tickers", page: { limit: 1000 } });
    const one = await screen(BASIC_PATH, { filters: { description_keywords: { fts: "lithium" } }, result_format: "tickers", page: { limit: 1000 } });
    expect(both.total).toBeGreaterThan(0);
    expect(both.total).toBeLessThan(one.total);
    expect(one.tickers).toEqual(expect.arrayContaining(both.tickers));
  });

  test("metric rule group: trailing average with temporary column", async () => {
    const body = await screen(ADVANCED_PATH, {
      filters: { returnOnEquity: { missing_policy: "strict", rules: [{ kind: "range", operand: { kind: "average", years: 2, anchor: { scope: "fy", offset: 1 } }, min: 0.25 }] } },
      fields: ["full_ticker"],
      page: { limit: 1000 },
    });
    const expected = companies.filter((c) => {
      const a = fiscal.get(c.id)?.get(1)?.returnOnEquity;
      const b = fiscal.get(c.id)?.get(2)?.returnOnEquity;
      return typeof a === "number" && typeof b === "number" && (a + b) / 2 >= 0.25;
    });
    expect(sorted(body.rows.map((r: { full_ticker: string }) => r.full_ticker))).toEqual(sorted(expected.map((c) => c.full_ticker)));
    expect(body.temporary_columns).toEqual([expect.objectContaining({ name: "returnOnEquity_avg2y_fy1", unit: "percent", filter: "returnOnEquity" })]);
  });

  test("growth rule group: CAGR per METRICS.md", async () => {
    const body = await screen(ADVANCED_PATH, {
      filters: { incomeStatementGrowth: { rules: [{ metric: "operatingIncome", horizon_years: 2, value_type: "cagr", currency_basis: "usd", min: 0.15 }] } },
      fields: ["full_ticker"],
      page: { limit: 1000 },
    });
    const expected = companies.filter((c) => {
      const v0 = fiscal.get(c.id)?.get(0)?.operatingIncome;
      const v2 = fiscal.get(c.id)?.get(2)?.operatingIncome;
      return typeof v0 === "number" && typeof v2 === "number" && v0 > 0 && v2 > 0 && Math.sqrt(v0 / v2) - 1 >= 0.15;
    });
    expect(sorted(body.rows.map((r: { full_ticker: string }) => r.full_ticker))).toEqual(sorted(expected.map((c) => c.full_ticker)));
    expect(body.temporary_columns.map((t: { name: string }) => t.name)).toEqual(["operatingIncomeCagrUsd_2y"]);
  });

  test("volatility group, legacy compare and composite members", async () => {
    const vol = await allTickers(ADVANCED_PATH, {
      filters: { volatility: { rules: [{ kind: "compare", left_field: "daily_return_vol_5y_annualized", operator: "gt", right_field: "daily_return_vol_1y_annualized" }] } },
    });
    const legacy = await allTickers(ADVANCED_PATH, {
      filters: { volatility_compare: { left_field: "daily_return_vol_1y_annualized", operator: "lt", right_field: "daily_return_vol_5y_annualized" } },
    });
    expect(sorted(vol)).toEqual(sorted(legacy));
    expect(vol.length).toBe(
      companies.filter((c) => num(c, "daily_return_vol_1y_annualized") !== null && num(c, "daily_return_vol_5y_annualized") !== null && num(c, "daily_return_vol_1y_annualized")! < num(c, "daily_return_vol_5y_annualized")!).length,
    );
    const margins = await allTickers(ADVANCED_PATH, { filters: { margins: { rules: [{ kind: "range", field: "operatingMargin", min: 0.3 }] } } });
    expect(sorted(margins)).toEqual(sorted(companies.filter((c) => (num(c, "operatingMargin") ?? -1) >= 0.3).map((c) => c.full_ticker)));
  });
});

test.describe("metric rule groups: operands, compare rules and missing policies", () => {
  // Limited to companies with fundamentals, so that a lenient policy does not admit the whole universe.
  const coverage = { coverage: { values: ["fundamentals"] } };
  const avg3From1 = { kind: "average", years: 3, anchor: { scope: "fy", offset: 1 } };
  type Value = (c: Company) => number | null;
  const cases: [name: string, filter: string, payload: unknown, passes: (c: Company) => boolean, temporary: Record<string, Value>][] = [
    [
      "strict compare: the latest fiscal year above the 3-year average before it",
      "operatingMargin",
      { missing_policy: "strict", rules: [{ kind: "compare", left: { kind: "fy", offset: 0 }, operator: "gt", right: avg3From1 }] },
      (c) => fy(c, 0, "operatingMargin") !== null && average(c, "operatingMargin", 1, 3) !== null && fy(c, 0, "operatingMargin")! > average(c, "operatingMargin", 1, 3)!,
      { operatingMargin_fy0: (c) => fy(c, 0, "operatingMargin"), operatingMargin_avg3y_fy1: (c) => average(c, "operatingMargin", 1, 3) },
    ],
    [
      "a fiscal-year operand compared with a constant (lte)",
      "returnOnInvestedCapital",
      { rules: [{ kind: "compare", left: { kind: "fy", offset: 1 }, operator: "lte", right: { kind: "constant", value: 0.05 } }] },
      (c) => fy(c, 1, "returnOnInvestedCapital") !== null && fy(c, 1, "returnOnInvestedCapital")! <= 0.05,
      { returnOnInvestedCapital_fy1: (c) => fy(c, 1, "returnOnInvestedCapital") },
    ],
    [
      "skip_missing: a range whose value is missing is not applied",
      "returnOnEquity",
      { missing_policy: "skip_missing", rules: [{ kind: "range", operand: { kind: "fy", offset: 3 }, min: 0.2 }] },
      (c) => fy(c, 3, "returnOnEquity") === null || fy(c, 3, "returnOnEquity")! >= 0.2,
      { returnOnEquity_fy3: (c) => fy(c, 3, "returnOnEquity") },
    ],
    [
      "skip_missing: a compare with a missing side is not applied",
      "debtToEquity",
      { missing_policy: "skip_missing", rules: [{ kind: "compare", left: { kind: "fy", offset: 0 }, operator: "gte", right: { kind: "fy", offset: 3 } }] },
      (c) => fy(c, 0, "debtToEquity") === null || fy(c, 3, "debtToEquity") === null || fy(c, 0, "debtToEquity")! >= fy(c, 3, "debtToEquity")!,
      { debtToEquity_fy0: (c) => fy(c, 0, "debtToEquity"), debtToEquity_fy3: (c) => fy(c, 3, "debtToEquity") },
    ],
    ["a metric without TTM values: strict fails every company", "grossMargin", { rules: [{ kind: "range", operand: { kind: "ttm" }, min: -1e9 }] }, () => false, { grossMargin_ttm: () => null }],
    [
      "ttm from the 10-Ks and 10-Qs: strict keeps the companies whose TTM is in range",
      "netMargin",
      { rules: [{ kind: "range", operand: { kind: "ttm" }, min: 0.1 }] },
      (c) => ttm(c, "netMargin") !== null && ttm(c, "netMargin")! >= 0.1,
      { netMargin_ttm: (c) => ttm(c, "netMargin") },
    ],
    [
      "ttm under skip_missing: a compare with the latest fiscal year, where both exist",
      "returnOnEquity",
      { missing_policy: "skip_missing", rules: [{ kind: "compare", left: { kind: "ttm" }, operator: "gt", right: { kind: "fy", offset: 0 } }] },
      (c) => ttm(c, "returnOnEquity") === null || fy(c, 0, "returnOnEquity") === null || ttm(c, "returnOnEquity")! > fy(c, 0, "returnOnEquity")!,
      { returnOnEquity_ttm: (c) => ttm(c, "returnOnEquity"), returnOnEquity_fy0: (c) => fy(c, 0, "returnOnEquity") },
    ],
  ];
  for (const [name, filter, payload, passes, temporary] of cases) {
    test(name, async () => {
      const body = await allRows(ADVANCED_PATH, { filters: { ...coverage, [filter]: payload }, fields: ["full_ticker"] });
      const expected = companies.filter((c) => c.has_fundamentals === 1 && passes(c));
      expect(sorted(body.rows.map((r) => String(r.full_ticker)))).toEqual(tickersOf(expected));
      expect(body.temporary_columns.map((t: { name: string }) => t.name)).toEqual(Object.keys(temporary));
      const byTicker = new Map(companies.map((c) => [c.full_ticker, c]));
      for (const row of body.rows as Record<string, number | string | null>[]) {
        const company = byTicker.get(row.full_ticker as string)!;
        for (const [column, value] of Object.entries(temporary)) {
          const want = value(company);
          if (want === null) expect(row[column]).toBeNull();
          else expect(row[column]).toBeCloseTo(want, 12);
        }
      }
    });
  }

  test("the lenient policy keeps companies with missing values that strict drops", async () => {
    const rule = { kind: "range", operand: { kind: "fy", offset: 3 }, min: 0.2 };
    const strict = await allTickers(ADVANCED_PATH, { filters: { ...coverage, returnOnEquity: { rules: [rule] } } });
    const lenient = await allTickers(ADVANCED_PATH, { filters: { ...coverage, returnOnEquity: { missing_policy: "skip_missing", rules: [rule] } } });
    const missing = companies.filter((c) => c.has_fundamentals === 1 && fy(c, 3, "returnOnEquity") === null).map((c) => c.full_ticker);
    expect(missing.length).toBeGreaterThan(0);
    expect(strict).not.toEqual(expect.arrayContaining([missing[0]]));
    expect(sorted(lenient)).toEqual(sorted([...strict, ...missing]));
  });
});

test.describe("growth rule groups", () => {
  test("a multiple on the reported basis, with its value as a temporary column", async () => {
    const body = await screen(ADVANCED_PATH, {
      filters: { incomeStatementGrowth: { rules: [{ metric: "netIncome", horizon_years: 2, value_type: "multiple", currency_basis: "reported", min: 1.25, max: 4 }] } },
      fields: ["full_ticker"],
      page: { limit: 1000 },
    });
    const multiple = (c: Company) => {
      const v0 = fy(c, 0, "netIncome");
      const v2 = fy(c, 2, "netIncome");
      return v0 !== null && v2 !== null && v0 > 0 && v2 > 0 ? v0 / v2 : null;
    };
    const expected = companies.filter((c) => multiple(c) !== null && multiple(c)! >= 1.25 && multiple(c)! <= 4);
    expect(expected.length).toBeGreaterThan(10);
    expect(sorted(body.rows.map((r: { full_ticker: string }) => r.full_ticker))).toEqual(tickersOf(expected));
    expect(body.temporary_columns).toEqual([expect.objectContaining({ name: "netIncomeMultiple_2y", unit: "number", filter: "incomeStatementGrowth" })]);
    for (const row of body.rows) expect(row.netIncomeMultiple_2y).toBeCloseTo(multiple(expected.find((c) => c.full_ticker === row.full_ticker)!)!, 12);
  });

  test("each value field is the stem of the temporary column its rule returns (<value field>_<horizon>y)", async () => {
    const options = await (await call(OPTIONS_PATH, { key })).json();
    const def = options.filters.incomeStatementGrowth as { value_fields: Record<string, Record<string, Record<string, string>>>; horizons: number[]; max_rules: number; description: string };
    expect(def.description).toContain("<value field>_<horizon_years>y");
    for (const [metric, types] of Object.entries(def.value_fields)) {
      const rules = Object.entries(types).flatMap(([value_type, bases]) => Object.keys(bases).map((currency_basis) => ({ metric, value_type, currency_basis })));
      expect(rules.length).toBeLessThanOrEqual(def.max_rules);
      const withHorizons = rules.map((r, i) => ({ ...r, horizon_years: def.horizons[i]!, min: -1 }));
      const body = await screen(ADVANCED_PATH, { filters: { incomeStatementGrowth: { rules: withHorizons } }, fields: ["full_ticker"], page: { limit: 1 } });
      const names = body.temporary_columns.map((t: { name: string }) => t.name);
      expect(names).toEqual(withHorizons.map((r) => `${def.value_fields[metric]![r.value_type]![r.currency_basis]}_${r.horizon_years}y`));
    }
  });
});

test.describe("member rule groups and comparison operators", () => {
  const vol1 = "daily_return_vol_1y_annualized";
  const vol5 = "daily_return_vol_5y_annualized";
  const within = (field: string, min: number, max: number) => (c: Company) => num(c, field) !== null && num(c, field)! >= min && num(c, field)! <= max;
  const cases: [name: string, filters: Record<string, unknown>, passes: (c: Company) => boolean][] = [
    ["volatility range rule", { volatility: { rules: [{ kind: "range", field: vol5, min: 0.2, max: 0.3 }] } }, within(vol5, 0.2, 0.3)],
    ["volatility compare with lte", { volatility: { rules: [{ kind: "compare", left_field: vol1, operator: "lte", right_field: vol5 }] } }, compared(vol1, "lte", vol5)],
    ["legacy volatility_compare with gte", { volatility_compare: { left_field: vol1, operator: "gte", right_field: vol5 } }, compared(vol1, "gte", vol5)],
    [
      "composite compare: net margin at least operating margin",
      { margins: { rules: [{ kind: "compare", left_field: "netMargin", operator: "gte", right_field: "operatingMargin" }] } },
      compared("netMargin", "gte", "operatingMargin"),
    ],
    [
      "composite compare and range together: ROE above ROIC, ROIC at most 10%",
      { returns_on_capital: { rules: [{ kind: "compare", left_field: "returnOnEquity", operator: "gt", right_field: "returnOnInvestedCapital" }, { kind: "range", field: "returnOnInvestedCapital", max: 0.1 }] } },
      (c) => compared("returnOnEquity", "gt", "returnOnInvestedCapital")(c) && num(c, "returnOnInvestedCapital")! <= 0.1,
    ],
  ];
  for (const [name, filters, passes] of cases) {
    test(name, async () => {
      const expected = companies.filter(passes);
      expect(expected.length).toBeGreaterThan(0);
      expect(sorted(await allTickers(ADVANCED_PATH, { filters }))).toEqual(tickersOf(expected));
    });
  }
});

test("multi_select exclude on data coverage keeps the companies covered by none of the data sets", async () => {
  const filters = { country: { values: ["United States"] }, coverage: { operator: "exclude", values: ["prices", "filings"] } };
  const expected = companies.filter((c) => c.country === "United States" && c.has_prices === 0 && c.has_filings === 0);
  expect(expected.length).toBeLessThan(companies.filter((c) => c.country === "United States").length);
  expect(sorted(await allTickers(BASIC_PATH, { filters }))).toEqual(tickersOf(expected));
});

test.describe("sorting", () => {
  const utilities = { sector: { values: ["Utilities"] } };
  const germany = { country: { values: ["Germany"] } };
  const cases: [name: string, body: Record<string, unknown>, of: (c: Company) => boolean, field: string, desc: boolean][] = [
    ["default: market cap descending, nulls last", { filters: utilities }, (c) => c.sector === "Utilities", "marketCap_usd", true],
    ["ascending", { filters: { coverage: { values: ["prices"] } }, sort: { field: "return_1y", desc: false } }, (c) => c.has_prices === 1, "return_1y", false],
    ["desc omitted is descending", { filters: utilities, sort: { field: "dividendYieldTTM" } }, (c) => c.sector === "Utilities", "dividendYieldTTM", true],
    ["a text field: companyName ascending", { filters: germany, sort: { field: "companyName", desc: false } }, (c) => c.country === "Germany", "companyName", false],
    ["companyName descending", { filters: germany, sort: { field: "companyName", desc: true } }, (c) => c.country === "Germany", "companyName", true],
  ];
  for (const [name, body, of, field, desc] of cases) {
    test(name, async () => {
      expect(await allTickers(BASIC_PATH, body)).toEqual(expectedOrder(companies.filter(of), field, desc));
    });
  }
});

test.describe("description_keywords: phrases, prefixes, and every other character as text", () => {
  /** Per company, each searched column (name, symbols, description) as " token token " the way the FTS5 unicode61 tokenizer splits and folds it. */
  let columns: Map<number, string[]>;
  const fold = (text: string) =>
    ` ${(text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase().match(/[\p{L}\p{N}\p{Co}]+/gu) ?? []).join(" ")} `;
  test.beforeAll(() => {
    const db = new Database(process.env.DATABASE_PATH ?? "var/screener.db", { readonly: true });
    const symbols = new Map<number, string[]>();
    for (const { company_id, symbol } of db.prepare("SELECT company_id, symbol FROM company_symbols").all() as { company_id: number; symbol: string }[]) {
      symbols.set(company_id, [...(symbols.get(company_id) ?? []), symbol]);
    }
    const descriptions = new Map(
      (db.prepare("SELECT company_id, description FROM company_profiles").all() as { company_id: number; description: string | null }[]).map((p) => [p.company_id, p.description ?? ""]),
    );
    db.close();
    // The name column holds the name of the data's date and today's (docs/METRICS.md "Identity and classification").
    const names = (c: Company) => [c.companyName, c.current_name].filter((n) => n !== null).join(" ");
    columns = new Map(companies.map((c) => [c.id, [fold(names(c)), fold((symbols.get(c.id) ?? []).join(" ")), fold(descriptions.get(c.id) ?? "")]]));
  });
  type Term = (cols: string[]) => boolean;
  const word = (...words: string[]): Term => (cols) => cols.some((col) => col.includes(` ${words.join(" ")} `));
  const prefix = (start: string): Term => (cols) => cols.some((col) => col.includes(` ${start}`));
  const cases: [fts: string, terms: Term[], atLeast: number][] = [
    ['"natural gas" pipeline*', [word("natural", "gas"), prefix("pipeline")], 10],
    // The bounds themselves: 4 prefix terms of 3 letters, 12 words; a range filter narrows the rest.
    ["com* ser* pro* inc* bank", [prefix("com"), prefix("ser"), prefix("pro"), prefix("inc"), word("bank")], 10],
    ["semiconductor*", [prefix("semiconductor")], 100],
    ['"cloud computing"', [word("cloud", "computing")], 10],
    // Not FTS5 syntax: "-" is no NOT, NEAR( no proximity group, "description:" no column filter, a lone quote and OR are text.
    ["oil -gas", [word("oil"), word("gas")], 100],
    ["NEAR(oil gas)", [word("near"), word("oil"), word("gas")], 1],
    ["description:bank", [word("description"), word("bank")], 0],
    ['bank" OR', [word("bank"), word("or")], 10],
  ];
  for (const [fts, terms, atLeast] of cases) {
    test(fts, async () => {
      const expected = companies.filter((c) => terms.every((term) => term(columns.get(c.id)!)));
      expect(expected.length).toBeGreaterThanOrEqual(atLeast);
      expect(sorted(await allTickers(BASIC_PATH, { filters: { description_keywords: { fts } } }))).toEqual(tickersOf(expected));
    });
  }
  test("prefix terms within a range filter (the text is matched once, then intersected)", async () => {
    const terms = [prefix("com"), prefix("ser"), prefix("pro"), prefix("inc")];
    const large = (c: Company) => (num(c, "marketCap_usd") ?? -1) >= 1e9;
    const expected = companies.filter((c) => large(c) && terms.every((term) => term(columns.get(c.id)!)));
    expect(expected.length).toBeGreaterThan(10);
    const body = { filters: { marketCap_usd: { min: 1e9 }, description_keywords: { fts: "com* ser* pro* inc*" } } };
    expect(sorted(await allTickers(BASIC_PATH, body))).toEqual(tickersOf(expected));
  });
});

test.describe("validation", () => {
  const cases: [name: string, path: string, body: unknown, pointer: string, message: RegExp][] = [
    ["advanced-only filter on basic", BASIC_PATH, { filters: { incomeStatementGrowth: { rules: [] } } }, "/filters/incomeStatementGrowth", /advanced/],
    ["unknown filter", ADVANCED_PATH, { filters: { colour: { values: ["red"] } } }, "/filters/colour", /unknown filter/],
    ["unknown envelope member", BASIC_PATH, { filter: {} }, "/filter", /Unknown member/],
    ["limit 0", BASIC_PATH, { page: { limit: 0 } }, "/page/limit", /1/],
    ["limit 1001", BASIC_PATH, { page: { limit: 1001 } }, "/page/limit", /1000/],
    ["negative offset", BASIC_PATH, { page: { offset: -1 } }, "/page/offset", /0/],
    ["field over 120 characters", BASIC_PATH, { fields: ["x".repeat(121)] }, "/fields/0", /120/],
    ["unknown field", BASIC_PATH, { fields: ["full_ticker", "colour"] }, "/fields/1", /unknown field/],
    ["unknown sort field", BASIC_PATH, { sort: { field: "colour" } }, "/sort/field", /sort field/],
    ["sort.desc not boolean", BASIC_PATH, { sort: { desc: "yes" } }, "/sort/desc", /boolean/],
    ["value not in the option list", BASIC_PATH, { filters: { country: { values: ["Atlantis"] } } }, "/filters/country/values/0", /option_values\.countries/],
    ["operator not offered", BASIC_PATH, { filters: { country: { operator: "only", values: ["Japan"] } } }, "/filters/country/operator", /include/],
    ["range without bounds", BASIC_PATH, { filters: { price: {} } }, "/filters/price", /min and\/or max/],
    ["range crossed", BASIC_PATH, { filters: { price: { min: 10, max: 1 } } }, "/filters/price/min", /exceed/],
    ["range with a string", BASIC_PATH, { filters: { price: { min: "10" } } }, "/filters/price/min", /number/],
    ["growth horizon not offered", ADVANCED_PATH, { filters: { incomeStatementGrowth: { rules: [{ metric: "revenue", horizon_years: 4, value_type: "cagr", currency_basis: "reported", min: 0 }] } } }, "/filters/incomeStatementGrowth/rules/0/horizon_years", /1, 2, 3, 5, 7, 8, 10/],
    ["growth currency basis", ADVANCED_PATH, { filters: { incomeStatementGrowth: { rules: [{ metric: "revenue", horizon_years: 3, value_type: "cagr", currency_basis: "eur", min: 0 }] } } }, "/filters/incomeStatementGrowth/rules/0/currency_basis", /reported/],
    ["more than max_rules growth rules", ADVANCED_PATH, { filters: { incomeStatementGrowth: { rules: Array.from({ length: 6 }, () => ({ metric: "revenue", horizon_years: 1, value_type: "multiple", currency_basis: "reported", min: 1 })) } } }, "/filters/incomeStatementGrowth/rules", /5/],
    ["metric operand kind", ADVANCED_PATH, { filters: { returnOnInvestedCapital: { rules: [{ kind: "range", operand: { kind: "median" }, min: 0 }] } } }, "/filters/returnOnInvestedCapital/rules/0/operand/kind", /fy|average|ttm/],
    ["missing policy", ADVANCED_PATH, { filters: { returnOnInvestedCapital: { missing_policy: "lenient", rules: [{ kind: "range", operand: { kind: "ttm" }, min: 0 }] } } }, "/filters/returnOnInvestedCapital/missing_policy", /strict/],
    ["volatility member", ADVANCED_PATH, { filters: { volatility: { rules: [{ kind: "range", field: "price", max: 1 }] } } }, "/filters/volatility/rules/0/field", /daily_return_vol/],
    ["compare operator", ADVANCED_PATH, { filters: { volatility_compare: { left_field: "daily_return_vol_1y_annualized", operator: "ne", right_field: "daily_return_vol_5y_annualized" } } }, "/filters/volatility_compare/operator", /lt/],
    ["result format", BASIC_PATH, { result_format: "csv" }, "/result_format", /rows/],
    ["text without words", BASIC_PATH, { filters: { description_keywords: { fts: "*** ((" } } }, "/filters/description_keywords/fts", /no searchable words/],
    ["text of one asterisk", BASIC_PATH, { filters: { description_keywords: { fts: "*" } } }, "/filters/description_keywords/fts", /no searchable words/],
    ["text of parentheses", BASIC_PATH, { filters: { description_keywords: { fts: "((((" } } }, "/filters/description_keywords/fts", /no searchable words/],
    ["text of 13 words", BASIC_PATH, { filters: { description_keywords: { fts: "w ".repeat(13) } } }, "/filters/description_keywords/fts", /at most 12 words \(max_terms\)/],
    ["text with 5 prefix terms", BASIC_PATH, { filters: { description_keywords: { fts: "abc* bcd* cde* def* efg*" } } }, "/filters/description_keywords/fts", /at most 4 prefix\* terms/],
    ["text with a one-letter prefix", BASIC_PATH, { filters: { marketCap_usd: { min: 1e11 }, description_keywords: { fts: "a* bank" } }, result_format: "tickers" }, "/filters/description_keywords/fts", /at least 3 letters or digits/],
    [
      "166 one-letter prefixes (a red team's 15-minute screen)",
      BASIC_PATH,
      { filters: { marketCap_usd: { min: 0 }, description_keywords: { fts: Array.from({ length: 166 }, (_, i) => `${"abcdefghijklmnopqrstuvwxyz"[i % 26]}*`).join(" ") } }, result_format: "tickers" },
      "/filters/description_keywords/fts",
      /at most 12 words \(max_terms\)/,
    ],
  ];
  for (const [name, path, body, pointer, message] of cases) {
    test(`400 ${name}`, async () => {
      const response = await postJson(path, key, body);
      expect(response.status).toBe(400);
      const details = await problem(response);
      const error = details.errors?.find((e) => e.pointer === pointer);
      expect(error, JSON.stringify(details.errors)).toBeDefined();
      expect(error!.message).toMatch(message);
    });
  }
});
