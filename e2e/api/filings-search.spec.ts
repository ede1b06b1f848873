import { expect, test } from "@playwright/test";
import { FilingSearchResponseSchema } from "@/lib/filings/search-schema";
import { call, newKey, postJson, problem } from "./support";

const SEARCH_PATH = "/api/v1/filings/search/";

async function search(key: string, body: unknown) {
  const response = await postJson(SEARCH_PATH, key, body);
  expect(response.status, JSON.stringify(body)).toBe(200);
  expect(response.headers.get("content-type")).toContain("application/json");
  return FilingSearchResponseSchema.parse(await response.json());
}

test("needs an API key", async () => {
  const response = await call(SEARCH_PATH, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ queries: ["revenue"] }) });
  expect(response.status).toBe(401);
});

test("answers a question with passages of the right filing, documented shape and defaults", async () => {
  const key = newKey("bulk");
  const response = await search(key, { queries: ["What is the FY2018 capital expenditure amount for 3M? Use the cash flow statement."] });
  expect(response.searchtype).toBe("hybrid");
  expect(response.rerank).toEqual({ requested: false, applied: false, note: null });
  expect(response.results).toHaveLength(5);
  const top = response.results[0]!;
  expect(top.company).toMatchObject({ ticker: "MMM", full_ticker: "NYSE:MMM", cik: 66740 });
  expect(top.filing).toMatchObject({ id: "3M_2018_10K", type: "10-K", fiscal_year: 2018, fiscal_period: "FY", period_end: "2018-12-31" });
  expect(top.page).toBeGreaterThan(0);
  for (const h of top.highlights) expect(top.text.slice(h.start, h.end).length).toBeGreaterThan(0);
});

test("filters by short company names, tickers, fiscal labels and filing type spellings", async () => {
  const key = newKey("bulk");
  const companies = async (body: object) => new Set((await search(key, { queries: ["net revenue"], results: 25, ...body })).results.map((h) => h.company.full_ticker));
  expect(await companies({ name: "JPMorgan" })).toEqual(new Set(["NYSE:JPM"]));
  expect(await companies({ name: "coca-cola" })).toEqual(new Set(["NYSE:KO"]));
  // Today's name of a company the data knows by its 2016 name (Facebook).
  expect(await companies({ name: "Meta Platforms" })).toEqual(new Set(["NASDAQ:FB"]));
  expect(await companies({ ticker: "NYSE:MMM" })).toEqual(new Set(["NYSE:MMM"]));

  const bestBuy = await search(key, { queries: ["comparable sales"], name: "Best Buy", fiscal_year: 2024, fiscal_period: "Q2", filing_type: "10q", results: 25 });
  expect(new Set(bestBuy.results.map((h) => h.filing.id))).toEqual(new Set(["BESTBUY_2024Q2_10Q"]));
  expect(bestBuy.results.every((h) => h.filing.period_end === "2023-07-29")).toBe(true);
});

test("several queries are fused and each hit names the queries that found it", async () => {
  const response = await search(newKey("bulk"), { queries: ["goodwill impairment", "share repurchases"], name: "3M", results: 10, searchtype: "keyword" });
  const matched = new Set(response.results.flatMap((h) => h.matched_queries));
  expect(matched).toEqual(new Set([0, 1]));
});

test("query text full of FTS5 syntax is plain text, and no hits is an empty 200", async () => {
  const key = newKey("bulk");
  for (const query of ['"unbalanced', "revenue*", "NEAR(revenue cost, 2)", "text:revenue", "-revenue", "revenue AND OR NOT cost", "{ revenue } ^ ("]) {
    for (const searchtype of ["keyword", "vector", "hybrid"]) await search(key, { queries: [query], searchtype });
  }
  expect((await search(key, { queries: ["zzyzxquokkaqq"], searchtype: "keyword" })).results).toEqual([]);
});

test("bad parameters get 400 problem details naming the parameter", async () => {
  const key = newKey("bulk");
  const cases: [unknown, string][] = [
    [{}, "/queries"],
    [{ queries: [] }, "/queries"],
    [{ queries: Array.from({ length: 13 }, () => "x") }, "/queries"],
    [{ queries: ["x".repeat(301)] }, "/queries/0"],
    [{ queries: ["x"], name: "n".repeat(121) }, "/name"],
    [{ queries: ["x"], ticker: "t".repeat(41) }, "/ticker"],
    [{ queries: ["x"], fiscal_year: 1899 }, "/fiscal_year"],
    [{ queries: ["x"], fiscal_year: 2201 }, "/fiscal_year"],
    [{ queries: ["x"], fiscal_year: 2018.5 }, "/fiscal_year"],
    [{ queries: ["x"], fiscal_year: "2018" }, "/fiscal_year"],
    [{ queries: ["x"], fiscal_period: "Q9" }, "/fiscal_period"],
    [{ queries: ["x"], filing_type: "f".repeat(31) }, "/filing_type"],
    [{ queries: ["x"], results: 0 }, "/results"],
    [{ queries: ["x"], results: 26 }, "/results"],
    [{ queries: ["x"], results: 2.5 }, "/results"],
    [{ queries: ["x"], rerank: 1 }, "/rerank"],
    [{ queries: ["x"], searchtype: "fuzzy" }, "/searchtype"],
    [{ queries: ["x"], colour: "red" }, "/colour"],
  ];
  for (const [body, pointer] of cases) {
    const response = await postJson(SEARCH_PATH, key, body);
    expect(response.status, JSON.stringify(body)).toBe(400);
    const details = await problem(response);
    expect(details.errors?.map((e) => e.pointer), JSON.stringify(body)).toContain(pointer);
  }
});

test("queries without a searchable word or over the term bounds get a 400 naming the query", async () => {
  const key = newKey("bulk");
  const words = (count: number, from = 0) => Array.from({ length: count }, (_, i) => `w${from + i}`).join(" ");
  // A red team's request: 12 queries of ~290 characters of mid-frequency words.
  const midFrequency = "pension equivalent committed dividend among standard derivative approved impairment facility established entered assessment february";
  const cases: [queries: string[], pointer: string, message: RegExp][] = [
    [["*"], "/queries/0", /no searchable words/],
    [["revenue", "(((("], "/queries/1", /no searchable words/],
    [[words(33)], "/queries/0", /at most 32 per query/],
    [[words(32), words(32, 32), "revenue"], "/queries", /at most 64 per request/],
    [Array.from({ length: 12 }, (_, i) => `${midFrequency} ${midFrequency}`.slice(i, i + 290)), "/queries", /searchable terms across the distinct queries/],
  ];
  for (const [queries, pointer, message] of cases) {
    const response = await postJson(SEARCH_PATH, key, { queries, searchtype: "keyword", results: 25 });
    expect(response.status, JSON.stringify(queries)).toBe(400);
    const error = (await problem(response)).errors?.find((e) => e.pointer === pointer);
    expect(error, JSON.stringify(queries)).toBeDefined();
    expect(error!.message).toMatch(message);
  }
});

test("duplicate queries are searched once and each hit names every index of them", async () => {
  const queries = ["goodwill impairment", "share repurchases", "  Goodwill   IMPAIRMENT", "goodwill impairment"];
  const response = await search(newKey("bulk"), { queries, name: "3M", results: 10, searchtype: "keyword" });
  const matched = response.results.map((h) => h.matched_queries);
  expect(new Set(matched.flat())).toEqual(new Set([0, 1, 2, 3]));
  for (const indexes of matched) {
    expect([indexes.includes(0), indexes.includes(2), indexes.includes(3)]).toEqual([indexes.includes(0), indexes.includes(0), indexes.includes(0)]);
    expect(indexes).toEqual([...indexes].sort((a, b) => a - b));
  }
});

test("rerank runs its second stage only when asked, and says so; other methods get 405", async () => {
  const key = newKey("bulk");
  const reranked = await search(key, { queries: ["dividends"], rerank: true, results: 1 });
  expect(reranked.rerank).toMatchObject({ requested: true, applied: true });
  expect(reranked.timing_ms.rerank).toEqual(expect.any(Number));
  const plain = await search(key, { queries: ["dividends"], results: 1 });
  expect(plain.rerank).toMatchObject({ requested: false, applied: false });
  expect(plain.timing_ms.rerank).toBeUndefined();
  expect((await call(SEARCH_PATH, { key })).status).toBe(405);
});

test("accepts every limit itself", async () => {
  const key = newKey("bulk");
  // Five searchable terms each, so that 12 of them stay within the request's 64-term budget.
  const longQuery = (i: number) => `question ${i} on the revenue growth and the operating margin `.repeat(6).slice(0, 300);
  const cases: Record<string, object> = {
    "12 queries of 300 characters": { queries: Array.from({ length: 12 }, (_, i) => longQuery(i)) },
    "results 25": { results: 25 },
    "results 1": { results: 1 },
    "name of 120 characters": { name: "n".repeat(120) },
    "ticker of 40 characters": { ticker: "t".repeat(40) },
    "filing_type of 30 characters": { filing_type: "f".repeat(30) },
    "fiscal_year 1900": { fiscal_year: 1900 },
    "fiscal_year 2200": { fiscal_year: 2200 },
  };
  for (const [label, body] of Object.entries(cases)) {
    const response = await postJson(SEARCH_PATH, key, { queries: ["revenue"], ...body });
    expect(response.status, label).toBe(200);
    const { results } = FilingSearchResponseSchema.parse(await response.json());
    const limit = "results" in body ? (body.results as number) : 5;
    // No company, ticker, type or year matches the filler values: those searches find nothing.
    expect(results.length, label).toBe("queries" in body || "results" in body ? limit : 0);
  }
});

test("fiscal_year and fiscal_period alone limit every hit to that year or period", async () => {
  const key = newKey("bulk");
  for (const [filter, value] of [
    ["fiscal_year", 2019],
    ["fiscal_period", "Q2"],
    ["fiscal_period", "FY"],
  ] as const) {
    for (const searchtype of ["keyword", "vector", "hybrid"]) {
      const { results } = await search(key, { queries: ["revenue growth"], results: 25, searchtype, [filter]: value });
      expect(results.length, `${filter} ${value} ${searchtype}`).toBeGreaterThan(0);
      expect(new Set(results.map((h) => h.filing[filter])), `${searchtype}`).toEqual(new Set([value]));
    }
  }
});
