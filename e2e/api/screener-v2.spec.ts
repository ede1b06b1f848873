/**
 * The v2 screener contract over HTTP against the built app: v2 without as_of answers exactly as
 * v1 (every v1 request example of the operations), v2 as of the default date equals v1's values,
 * the v2 OpenAPI document and reference page, the backtest endpoint, and the errors that name
 * /as_of (v1 still refuses it).
 */
import SwaggerParser from "@apidevtools/swagger-parser";
import { expect, test } from "@playwright/test";
import { advancedScreenOperation, basicScreenOperation } from "@/lib/api/screener-operations";
import { v2Operations } from "@/lib/api/operations";
import { backtestOperation, screenerV2Operations } from "@/lib/api/screener-v2-operations";
import { BacktestResponse } from "@/lib/screener/backtest-schema";
import { FORMULA_OPTIONS } from "@/lib/screener/formula-schema";
import { BENCH_SCREENS } from "../../bench/support/screener-suite";
import { call, newKey, postJson, problem } from "./support";

const DEFAULT_AS_OF = "2017-03-31";
const PATHS = { basic: basicScreenOperation.path, advanced: advancedScreenOperation.path };
/** The v1 request examples of the operations, and the benchmark suite's screens (every filter input type). */
const V1_EXAMPLES = [
  ...[basicScreenOperation, advancedScreenOperation].flatMap((op) => Object.entries(op.request.examples).map(([name, example]) => ({ name, v1: op.path, body: example.value }))),
  ...BENCH_SCREENS.map((screen) => ({ name: screen.name, v1: PATHS[screen.mode], body: screen.body })),
].map((example) => ({ ...example, v2: example.v1.replace("/api/v1/", "/api/v2/") }));

let key: string;
test.beforeAll(() => {
  key = newKey("bulk");
});

/** Requests go one after another: a keep-alive connection left idle while another runs can be closed by the server just as it is reused. */
async function json(path: string, body: unknown) {
  const response = await postJson(path, key, body);
  expect(response.status, `${path}: ${await response.clone().text()}`).toBe(200);
  return response.json();
}

/** Where `actual` differs from `expected` (numbers to a relative 1e-9), as paths. */
function differences(actual: unknown, expected: unknown, path: string): string[] {
  if (typeof expected === "number" && typeof actual === "number") {
    return Math.abs(actual - expected) <= 1e-9 * Math.abs(expected) ? [] : [`${path}: ${actual} vs ${expected}`];
  }
  if (Array.isArray(expected) && Array.isArray(actual)) {
    if (actual.length !== expected.length) return [`${path}: length ${actual.length} vs ${expected.length}`];
    return expected.flatMap((value, i) => differences(actual[i], value, `${path}[${i}]`));
  }
  if (expected !== null && typeof expected === "object" && actual !== null && typeof actual === "object" && !Array.isArray(actual)) {
    const keys = new Set([...Object.keys(expected), ...Object.keys(actual)]);
    return [...keys].flatMap((k) => differences((actual as Record<string, unknown>)[k], (expected as Record<string, unknown>)[k], `${path}.${k}`));
  }
  return Object.is(actual, expected) ? [] : [`${path}: ${JSON.stringify(actual)} vs ${JSON.stringify(expected)}`];
}

test("v2 without as_of answers exactly as v1, for every v1 request example", async () => {
  expect(V1_EXAMPLES.length).toBeGreaterThanOrEqual(15);
  for (const { name, v1, v2, body } of V1_EXAMPLES) {
    const one = await json(v1, body);
    const two = await json(v2, body);
    expect(two, name).toEqual(one);
    expect(two.as_of, name).toBe(DEFAULT_AS_OF);
  }
  const [one, two] = await Promise.all([call("/api/v1/screener/options/", { key }), call("/api/v2/screener/options/", { key })]);
  const [v1Options, v2Options] = await Promise.all([one.json(), two.json()]);
  const { as_of_range: range, freshness, formulas, ...rest } = v2Options;
  expect(rest).toEqual(v1Options);
  expect(formulas).toEqual(FORMULA_OPTIONS);
  expect(range).toEqual({ min: "2012-12-31", max: "2021-04-21", default: DEFAULT_AS_OF });
  // The bundled prices end with the price file: not current.
  expect(freshness).toMatchObject({ last_price_day: "2021-04-21", prices_stale: true });
});

test(`v2 as of ${DEFAULT_AS_OF} (the point-in-time tables) equals v1's values within 1e-9`, async () => {
  for (const { name, v1, v2, body } of V1_EXAMPLES) {
    const one = await json(v1, body);
    const two = await json(v2, { ...body, as_of: DEFAULT_AS_OF });
    expect(differences(two, one, name)).toEqual([]);
  }
});

test("as_of reads the last trading day on or before it", async () => {
  const body = { filters: { marketCap_usd: { min: 100e9 } }, fields: ["full_ticker", "price"], page: { limit: 5 } };
  const saturday = await json("/api/v2/screener/basic/", { ...body, as_of: "2014-12-27" });
  const friday = await json("/api/v2/screener/basic/", { ...body, as_of: "2014-12-26" });
  expect(saturday.as_of).toBe("2014-12-26");
  expect(saturday).toEqual(friday);
  expect(saturday.rows.length).toBe(5);
});

test("the v2 OpenAPI document lists every v2 operation (the screener's 5 among them) and validates; /docs/v2/ renders them", async () => {
  const response = await call("/api/v2/openapi.json");
  expect(response.status).toBe(200);
  const document = await response.json();
  await SwaggerParser.validate(structuredClone(document));
  const operations = Object.entries(document.paths).flatMap(([path, item]) => Object.keys(item as object).map((method) => `${method} ${path}`));
  expect(operations.sort()).toEqual(v2Operations.map((op) => `${op.method} ${op.path}`).sort());
  expect(screenerV2Operations).toHaveLength(5);
  for (const op of screenerV2Operations) expect(v2Operations).toContain(op);

  const page = await call("/docs/v2/");
  expect(page.status).toBe(200);
  const html = await page.text();
  for (const op of v2Operations) {
    expect(html).toContain(op.path);
    expect(html).toContain(`id="${op.operationId}"`);
  }
});

test("the backtest answers its documented examples", async () => {
  for (const [name, example] of Object.entries(backtestOperation.request.examples)) {
    const result = BacktestResponse.parse(await json(backtestOperation.path, example.value));
    expect(result.periods.length, name).toBeGreaterThan(0);
    expect(result.warnings.map((w) => w.code), name).toContain("survivorship");
  }
});

test("as_of out of range or malformed, and backtest input errors, are 400s naming the parameter", async () => {
  const cases: [string, unknown, string][] = [
    ["/api/v2/screener/basic/", { as_of: "2010-06-30" }, "/as_of"],
    ["/api/v2/screener/basic/", { as_of: "2021-04-22" }, "/as_of"],
    ["/api/v2/screener/advanced/", { as_of: "2014-13-01" }, "/as_of"],
    ["/api/v2/screener/advanced/", { as_of: "20141231" }, "/as_of"],
    ["/api/v2/screener/basic/", { as_of: 20141231 }, "/as_of"],
    [backtestOperation.path, { filters: {}, start: "2016-01-01", end: "2015-01-01", rebalance: "yearly" }, "/end"],
    [backtestOperation.path, { filters: {}, start: "2011-01-01", end: "2015-01-01", rebalance: "yearly" }, "/start"],
    [backtestOperation.path, { filters: {}, start: "2014-01-01", end: "2015-01-01", rebalance: "weekly" }, "/rebalance"],
    [backtestOperation.path, { filters: { noSuchFilter: { min: 1 } }, start: "2014-01-01", end: "2015-01-01", rebalance: "yearly" }, "/filters/noSuchFilter"],
  ];
  for (const [path, body, pointer] of cases) {
    const response = await postJson(path, key, body);
    expect(response.status, `${path} ${JSON.stringify(body)}`).toBe(400);
    expect((await problem(response)).errors?.map((e) => e.pointer), JSON.stringify(body)).toContain(pointer);
  }
});

test("v1 still refuses as_of (an unknown member)", async () => {
  for (const path of ["/api/v1/screener/basic/", "/api/v1/screener/advanced/"]) {
    const response = await postJson(path, key, { as_of: DEFAULT_AS_OF });
    expect(response.status).toBe(400);
    expect((await problem(response)).errors).toEqual([{ pointer: "/as_of", message: 'Unknown member "as_of".' }]);
  }
});

test('listings: one row per company by default (v1 and v2), every share class with "all"; v1 refuses the member', async () => {
  const body = { filters: { description_keywords: { fts: "Alphabet" } }, fields: ["full_ticker", "marketCap_usd"], page: { limit: 100 } };
  const tickers = (answer: { rows: { full_ticker: string }[] }) => answer.rows.map((r) => r.full_ticker).filter((t) => t.startsWith("NASDAQ:GOOG"));
  expect(tickers(await json("/api/v1/screener/advanced/", body))).toEqual(["NASDAQ:GOOGL"]);
  expect(tickers(await json("/api/v2/screener/advanced/", body))).toEqual(["NASDAQ:GOOGL"]);
  expect(tickers(await json("/api/v2/screener/advanced/", { ...body, listings: "all" })).sort()).toEqual(["NASDAQ:GOOG", "NASDAQ:GOOGL"]);
  const response = await postJson("/api/v1/screener/advanced/", key, { ...body, listings: "all" });
  expect(response.status).toBe(400);
  expect((await problem(response)).errors).toEqual([{ pointer: "/listings", message: 'Unknown member "listings".' }]);
});

test("formulas: the documented example answers with its columns and order; bad formulas are 400s naming the expression and the character; v1 refuses them", async () => {
  const example = advancedScreenOperation.path.replace("/api/v1/", "/api/v2/");
  const { formulasAndScore } = screenerV2Operations.find((op) => op.path === example)!.request!.examples as Record<string, { value: Record<string, unknown> }>;
  const answer = await json(example, formulasAndScore!.value);
  expect(answer.temporary_columns.map((c: { name: string }) => c.name)).toEqual(["fcf_yield", "fcf_yield_reason", "roic_pct", "roic_pct_reason", "score", "score_reason"]);
  expect(answer.rows.length).toBeGreaterThan(0);
  const scores = answer.rows.map((r: { score: number | null }) => r.score);
  expect(scores.filter((s: number | null) => s !== null)).toEqual([...scores.filter((s: number | null) => s !== null)].sort((a: number, b: number) => b - a));
  for (const row of answer.rows) {
    expect(row.fcf_yield).toBeGreaterThanOrEqual(0.08);
    expect(row.roic_pct).toBeGreaterThanOrEqual(80);
  }

  const cases: [unknown, string, RegExp][] = [
    [{ formulas: [{ name: "x", expression: "revenue / (" }] }, "/formulas/0/expression", /^at character 12: expected a number/],
    [{ formulas: [{ name: "x", expression: "revenue" }, { name: "x", expression: "eps" }] }, "/formulas/1/name", /already the name of an earlier formula/],
    [{ formulas: [{ name: "peRatio", expression: "1" }] }, "/formulas/0/name", /lowercase letter/],
    [{ formulas: [{ name: "pe", expression: "1" }, { name: "pe_reason", expression: "2" }] }, "/formulas/1/name", /may not end in _reason/],
    [{ formulas: [{ name: "x", expression: "1".padEnd(401, "0") }] }, "/formulas/0/expression", /at most 400 characters/],
    [{ formulas: Array.from({ length: 9 }, (_, i) => ({ name: `f${i}`, expression: "1" })) }, "/formulas", /at most 8 formulas/],
    [{ formulas: [{ name: "x", expression: "pct(eps) + pct(revenue) + pct(ebit) + pct(cash) + pct(netIncome) + pct(peRatio) + pct(price)" }] }, "/formulas/0/expression", /more than 6 distinct percentiles/],
    [{ formulas: [{ name: "x", expression: "eps", min: 2, max: 1 }] }, "/formulas/0/min", /min must not exceed max/],
    [{ formulas: [{ name: "x", expression: "eps" }], sort: { field: "y" } }, "/sort/field", /one of this request's formulas/],
  ];
  for (const [body, pointer, message] of cases) {
    const response = await postJson(example, key, body);
    expect(response.status, JSON.stringify(body)).toBe(400);
    const error = (await problem(response)).errors?.find((e) => e.pointer === pointer);
    expect(error?.message, `${JSON.stringify(body)} at ${pointer}`).toMatch(message);
  }
  const v1 = await postJson(advancedScreenOperation.path, key, { formulas: [{ name: "x", expression: "eps" }] });
  expect(v1.status).toBe(400);
  expect((await problem(v1)).errors?.map((e) => e.pointer)).toEqual(["/formulas"]);
});

test("membership history: who entered and left, each change with the rule that flipped; a range past its bound names /to", async () => {
  const body = { filters: { marketCap_usd: { min: 100_000_000_000 }, peRatio: { max: 25 } }, from: "2016-04-18", to: "2016-05-13" };
  const history = (await json("/api/v2/screener/history/", body)) as { total: number; changes: { date: string; change: string; rules: { reason: string }[] }[] };
  expect(history.total).toBeGreaterThan(3);
  for (const change of history.changes) {
    expect(change.rules.length).toBeGreaterThan(0);
    expect(change.rules[0]!.reason).toMatch(change.change === "left" ? /(above the maximum|below the minimum)/ : /(at or above|at or below)/);
  }
  const tooLong = await postJson("/api/v2/screener/history/", key, { ...body, from: "2015-01-01", to: "2016-01-31" });
  expect(tooLong.status).toBe(400);
  expect((await problem(tooLong)).errors).toContainEqual({ pointer: "/to", message: expect.stringContaining("at most 253") });
  expect((await postJson("/api/v1/screener/history/", key, body)).status).toBe(404);
});
