/**
 * The screener contract over HTTP against the built app: options record, both screen endpoints,
 * every input type, paging, formats and errors. Expected results are re-derived from the stored
 * per-company values with plain TypeScript (never with the screener's SQL).
 */
import Database from "better-sqlite3";
import { expect, test } from "@playwright/test";
import { BASIC_PATH, OPTIONS_PATH, call, newKey, postJson, problem } from "./support";

const ADVANCED_PATH = "/api/v1/screener/advanced/";
type Company = Record<string, number | string | null> & { id: number; full_ticker: string };

let key: string;
let companies: Company[];
let fiscal: Map<number, Map<number, Record<string, number | null>>>;

test.beforeAll(() => {
  key = newKey("bulk");
  const db = new Database(process.env.DATABASE_PATH ?? "var/screener.db", { readonly: true });
  companies = db.prepare("SELECT * FROM companies").all() as Company[];
  fiscal = new Map();
  for (const row of db.prepare("SELECT * FROM fiscal_years").all() as (Record<string, number | null> & { company_id: number; fy_offset: number })[]) {
    if (!fiscal.has(row.company_id)) fiscal.set(row.company_id, new Map());
    fiscal.get(row.company_id)!.set(row.fy_offset, row);
  }
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

const sorted = (xs: string[]) => [...xs].sort();
const num = (c: Company, field: string) => c[field] as number | null;

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
    expect(options.filters.incomeStatementGrowth.value_fields.revenue).toEqual({
      cagr: { reported: "revenueCagr", usd: "revenueCagrUsd" },
      multiple: { reported: "revenueMultiple", usd: "revenueMultipleUsd" },
    });
    // Every options_source names a list, and basic filters are a subset of advanced ones.
    for (const def of Object.values(options.filters as Record<string, { options_source?: string }>)) {
      if (def.options_source) expect(options.option_values[def.options_source]?.length).toBeGreaterThan(0);
    }
    expect(options.modes.advanced).toEqual(expect.arrayContaining(options.modes.basic));
    expect(options.modes.basic).not.toContain("incomeStatementGrowth");
    expect(options.fields).toEqual(expect.arrayContaining(["companyName", "full_ticker", "marketCap_usd"]));
    expect(options.as_of).toBe("2016-12-31");

    const again = await call(OPTIONS_PATH, { key, headers: { "if-none-match": etag! } });
    expect(again.status).toBe(304);
  });
});

test.describe("rows and tickers", () => {
  test("a basic screen with no body members returns the default rows response", async () => {
    const body = await screen(BASIC_PATH, {});
    expect(Object.keys(body).sort()).toEqual(["as_of", "limit", "loaded_fields", "offset", "rows", "temporary_columns", "total"]);
    expect(body).toMatchObject({ total: companies.length, limit: 100, offset: 0, temporary_columns: [] });
    expect(body.rows).toHaveLength(100);
    expect(Object.keys(body.rows[0])).toEqual(body.loaded_fields);
    // Units: raw dollars and decimals. Apple's market cap at the as-of date is about $0.6 trillion.
    const apple = body.rows.find((r: Record<string, unknown>) => r.full_ticker === "NASDAQ:AAPL");
    expect(apple.marketCap_usd).toBeGreaterThan(5e11);
    expect(apple.marketCap_usd).toBeLessThan(7e11);
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
    const expected = companies
      .filter((c) => c.country === "United States" && c.sector === "Energy")
      .sort((a, b) => {
        const x = num(a, "dividendYieldTTM");
        const y = num(b, "dividendYieldTTM");
        if (x === null || y === null) return x === y ? (a.full_ticker < b.full_ticker ? 1 : -1) : x === null ? 1 : -1;
        return y - x || (a.full_ticker < b.full_ticker ? 1 : -1);
      })
      .map((c) => c.full_ticker);
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
