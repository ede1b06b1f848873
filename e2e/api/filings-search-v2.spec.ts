import { expect, test } from "@playwright/test";
import { FILING_TYPES } from "@/lib/filings/filing-types";
import { FilingSearchResponseSchema } from "@/lib/filings/search-schema";
import { FilingSearchV2ResponseSchema } from "@/lib/filings/search-v2-schema";
import { newKey, postJson, problem } from "./support";

const V1_PATH = "/api/v1/filings/search/";
const V2_PATH = "/api/v2/filings/search/";

async function v2(key: string, body: unknown) {
  const response = await postJson(V2_PATH, key, body);
  expect(response.status, JSON.stringify(body)).toBe(200);
  return FilingSearchV2ResponseSchema.parse(await response.json());
}

/** The answer without what differs between two runs of the same search (timings) and v2's cursor. */
const comparable = ({ timing_ms: _timing, ...rest }: { timing_ms: unknown } & Record<string, unknown>) => {
  const { next_cursor: _cursor, ...answer } = rest;
  return answer;
};

test("without the new members, v2 answers exactly as v1 (plus next_cursor)", async () => {
  const key = newKey("bulk");
  const bodies = [
    { queries: ["What was 3M's capital expenditure in FY2018?"] },
    { queries: ["capital expenditures", "purchases of property, plant and equipment"], name: "3M", fiscal_year: 2018, filing_type: "10-K", results: 10 },
    { queries: ["rising interest rates"], results: 25, searchtype: "keyword", rerank: true },
    { queries: ["revenue"], ticker: "ZTS" },
  ];
  for (const body of bodies) {
    const one = FilingSearchResponseSchema.parse(await (await postJson(V1_PATH, key, body)).json());
    const two = await v2(key, body);
    expect(comparable(two), JSON.stringify(body)).toEqual(comparable(one));
  }
});

test("filed and period-end ranges keep only filings within them", async () => {
  const key = newKey("bulk");
  const filed = await v2(key, { queries: ["revenue growth"], filed: { from: "2023-01-01", to: "2023-12-31" }, results: 25 });
  expect(filed.results.length).toBeGreaterThan(0);
  for (const hit of filed.results) {
    expect(hit.filing.filed.earliest! >= "2023-01-01", hit.id).toBe(true);
    expect(hit.filing.filed.latest! <= "2023-12-31", hit.id).toBe(true);
  }
  const period = await v2(key, { queries: ["revenue growth"], period_end: { from: "2019-01-01", to: "2019-12-31" }, results: 25 });
  expect(period.results.length).toBeGreaterThan(0);
  for (const hit of period.results) expect(hit.filing.period_end?.startsWith("2019-"), hit.id).toBe(true);
});

test("several tickers and CIKs search those companies' filings", async () => {
  const key = newKey("bulk");
  const response = await v2(key, { queries: ["net revenue"], tickers: ["jpm", "NYSE:KO"], ciks: [66740], results: 25 });
  const companies = new Set(response.results.map((h) => h.company.full_ticker));
  expect(companies.size).toBeGreaterThan(1);
  for (const company of companies) expect(["NYSE:JPM", "NYSE:KO", "NYSE:MMM"]).toContain(company);
  const byCik = await v2(key, { queries: ["net revenue"], ciks: [66740], results: 25 });
  expect(new Set(byCik.results.map((h) => h.company.cik))).toEqual(new Set([66740]));
});

test("a form group keeps only its filing types", async () => {
  const key = newKey("bulk");
  const groups: [string, string[]][] = [
    ["annual", ["10-K", "annual-report"]],
    ["quarterly", ["10-Q"]],
    ["current", ["8-K"]],
    ["earnings", ["earnings-release"]],
  ];
  const unfiltered = new Set((await v2(key, { queries: ["revenue"], results: 25 })).results.map((h) => h.filing.type));
  expect(unfiltered.size).toBeGreaterThan(1);
  for (const [group, types] of groups) {
    const response = await v2(key, { queries: ["revenue"], form_groups: [group], results: 25 });
    expect(response.results.length, group).toBeGreaterThan(0);
    for (const hit of response.results) expect(types, `${group}: ${hit.id}`).toContain(hit.filing.type);
  }
  // The annual group holds the glossy annual reports too (FedEx's fiscal 2023: a 10-K and an annual report).
  const reports = await v2(key, { queries: ["revenue"], name: "FedEx", form_groups: ["annual"], period_end: { from: "2023-05-31", to: "2023-05-31" }, results: 25 });
  expect(new Set(reports.results.map((h) => h.filing.type))).toEqual(new Set(["10-K", "annual-report"]));
  const both = await v2(key, { queries: ["revenue"], form_groups: ["current", "earnings"], results: 25 });
  for (const hit of both.results) expect(["8-K", "earnings-release"]).toContain(hit.filing.type);
  expect(FILING_TYPES).toEqual(expect.arrayContaining(groups.flatMap(([, types]) => types)));
});

test("sort by date orders the hits newest filing first, ranks continuing", async () => {
  const key = newKey("bulk");
  const response = await v2(key, { queries: ["share repurchases"], sort: "date", results: 25 });
  const dates = response.results.map((h) => h.filing.filed.earliest ?? "");
  expect(dates.length).toBe(25);
  expect(dates).toEqual([...dates].sort().reverse());
  expect(new Set(dates).size).toBeGreaterThan(1);
  expect(response.results.map((h) => h.rank)).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
});

test("cursor pages tile the ranking without overlap, the first page being the unpaged answer", async () => {
  const key = newKey("bulk");
  for (const sort of ["relevance", "date"]) {
    const body = { queries: ["share repurchases"], results: 25, sort };
    const first = await v2(key, body);
    expect(first.next_cursor, sort).not.toBeNull();
    const hits = [...first.results];
    let cursor = first.next_cursor;
    while (cursor !== null) {
      const page = await v2(key, { ...body, cursor });
      expect(page.results.length, sort).toBeGreaterThan(0);
      hits.push(...page.results);
      cursor = page.next_cursor;
    }
    expect(hits.length, sort).toBeGreaterThan(25);
    expect(new Set(hits.map((h) => h.id)).size, sort).toBe(hits.length);
    expect(hits.map((h) => h.rank)).toEqual(hits.map((_, i) => i + 1));
    // A larger page is the same ranking: the first 50 hits are the first two pages of 25.
    const fifty = [...(await v2(key, { ...body, results: 25 })).results];
    const second = await v2(key, { ...body, results: 25, cursor: first.next_cursor });
    fifty.push(...second.results);
    expect(fifty.map((h) => h.id)).toEqual(hits.slice(0, 50).map((h) => h.id));
  }
});

test("similar_to answers other passages nearest to the given one", async () => {
  const key = newKey("bulk");
  const [seed] = (await v2(key, { queries: ["rising interest rates"], ticker: "EBAY", searchtype: "keyword", results: 1 })).results;
  expect(seed).toBeDefined();
  const similar = await v2(key, { similar_to: seed!.id, results: 10 });
  expect(similar.searchtype).toBe("vector");
  expect(similar.results).toHaveLength(10);
  const own = new Set([seed!.id, ...(seed!.also_in ?? []).map((t) => t.id)]);
  for (const hit of similar.results) expect(own.has(hit.id), hit.id).toBe(false);
  // Within filters like any search.
  const annualKo = await v2(key, { similar_to: seed!.id, tickers: ["KO"], form_groups: ["annual"], results: 5 });
  for (const hit of annualKo.results) expect(hit.company.full_ticker).toBe("NYSE:KO");
});

test("exclude leaves out passages holding a word or phrase, in every search type, word endings aside", async () => {
  const key = newKey("bulk");
  const holds = (text: string, pattern: RegExp) => pattern.test(text.replace(/\s+/g, " "));
  for (const searchtype of ["keyword", "hybrid", "vector"] as const) {
    const body = { queries: ["layoffs and workforce reductions"], searchtype, results: 25 };
    const all = await v2(key, body);
    // The plain search finds restructuring passages; excluding the word's stem leaves none.
    expect(all.results.some((hit) => holds(hit.text, /restructur/i)), searchtype).toBe(true);
    const without = await v2(key, { ...body, exclude: ["restructuring"] });
    expect(without.results.length, searchtype).toBeGreaterThan(0);
    for (const hit of without.results) expect(holds(hit.text, /\brestructur(e|es|ed|ing|ings)?\b/i), `${searchtype} ${hit.id}`).toBe(false);
  }
  // A phrase excludes its words side by side only (as words: "severance payments" is another word),
  // so passages with "severance" alone stay.
  const phrase = await v2(key, { queries: ["severance costs"], searchtype: "keyword", results: 25, exclude: ["severance pay"] });
  expect(phrase.results.length).toBeGreaterThan(0);
  for (const hit of phrase.results) expect(holds(hit.text, /severance pay\b/i), hit.id).toBe(false);
  expect(phrase.results.some((hit) => holds(hit.text, /severance/i))).toBe(true);
  // Excluded passages are taken out before ranking, so a full page remains where the corpus has one
  // (filtering the fused candidates afterwards left 3 of 10 here), with a cursor to more.
  for (const searchtype of ["keyword", "vector"] as const) {
    const full = await v2(key, { queries: ["layoffs and workforce reductions"], searchtype, results: 10, exclude: ["workforce", "employees"] });
    expect(full.results, searchtype).toHaveLength(10);
    expect(full.next_cursor, searchtype).not.toBeNull();
    for (const hit of full.results) expect(holds(hit.text, /\b(workforces?|employees?)\b/i), `${searchtype} ${hit.id}`).toBe(false);
  }
  // With similar_to too.
  const [seed] = (await v2(key, { queries: ["rising interest rates"], ticker: "EBAY", searchtype: "keyword", results: 1 })).results;
  const similar = await v2(key, { similar_to: seed!.id, exclude: ["interest"], results: 10 });
  expect(similar.results).toHaveLength(10);
  for (const hit of similar.results) expect(holds(hit.text, /\binterests?\b/i), hit.id).toBe(false);
});

test("tickers without filings explain the empty answer", async () => {
  const response = await v2(newKey("bulk"), { queries: ["revenue"], tickers: ["ZTS", "QQQZ"] });
  expect(response.results).toEqual([]);
  expect(response.next_cursor).toBeNull();
  expect(response.notice?.reason).toBe("company_without_filings");
  expect(response.notice?.message).toMatch(
    /^No filings for ZTS \(Zoetis[^)]*, NYSE:ZTS\), QQQZ \(no company in the data has that ticker\) in the corpus: \d+ companies have filings\.$/,
  );
});

test("tickers and CIKs without filings beside others with filings: the others are searched, and the notice names the rest", async () => {
  const key = newKey("bulk");
  const response = await v2(key, { queries: ["share repurchase"], tickers: ["ZTS", "AAPL", "QQQZ"], ciks: [1], results: 10 });
  expect(response.results.length).toBeGreaterThan(0);
  for (const hit of response.results) expect(hit.company.ticker, hit.id).toBe("AAPL");
  expect(response.notice?.reason).toBe("some_companies_without_filings");
  expect(response.notice?.message).toMatch(/^No filings in the corpus for ZTS \(Zoetis[^)]*\), QQQZ \(no company in the data has that ticker\), CIK 1: only the other companies named were searched\.$/);
  // Every listing of a registrant names its filings: Alphabet's class C ticker, GOOG, as GOOGL does.
  for (const ticker of ["GOOG", "NASDAQ:GOOG"]) {
    const goog = await v2(key, { queries: ["share repurchase"], tickers: [ticker], results: 5 });
    expect(goog.notice, ticker).toBeUndefined();
    expect(goog.results.length, ticker).toBeGreaterThan(0);
    for (const hit of goog.results) expect(hit.company.cik, hit.id).toBe(1652044);
  }
});

test("hostile inputs get a 400 naming the parameter", async () => {
  const key = newKey("bulk");
  const tickers = (n: number) => Array.from({ length: n }, (_, i) => `T${i}`);
  const ciks = (n: number) => Array.from({ length: n }, (_, i) => i + 1);
  const page = await v2(key, { queries: ["share repurchases"] });
  const cases: [unknown, string][] = [
    [{}, "/queries"],
    [{ queries: ["x"], tickers: tickers(51) }, "/tickers"],
    [{ queries: ["x"], tickers: tickers(2000) }, "/tickers"],
    [{ queries: ["x"], tickers: [] }, "/tickers"],
    [{ queries: ["x"], tickers: ["KO", " "] }, "/tickers/1"],
    [{ queries: ["x"], tickers: tickers(30), ciks: ciks(30) }, "/tickers"],
    [{ queries: ["x"], ciks: ciks(51) }, "/ciks"],
    [{ queries: ["x"], ciks: ["66740"] }, "/ciks/0"],
    [{ queries: ["x"], ticker: "KO", tickers: ["JPM"] }, "/tickers"],
    [{ queries: ["x"], filed: { from: "2023-13-45" } }, "/filed/from"],
    [{ queries: ["x"], filed: { to: "yesterday" } }, "/filed/to"],
    [{ queries: ["x"], filed: { from: "2024-01-01", to: "2023-01-01" } }, "/filed/from"],
    [{ queries: ["x"], filed: { since: "2023-01-01" } }, "/filed/since"],
    [{ queries: ["x"], period_end: "2023" }, "/period_end"],
    [{ queries: ["x"], period_end: { from: "2023-02-30" } }, "/period_end/from"],
    [{ queries: ["x"], form_groups: ["annual", "proxy"] }, "/form_groups/1"],
    [{ queries: ["x"], sort: "newest" }, "/sort"],
    [{ queries: ["x"], cursor: "not-a-cursor" }, "/cursor"],
    [{ queries: ["x"], cursor: "c".repeat(5000) }, "/cursor"],
    [{ queries: ["other words"], cursor: page.next_cursor }, "/cursor"],
    [{ similar_to: "NO_SUCH_FILING:1:0" }, "/similar_to"],
    [{ similar_to: "3M_2018_10K" }, "/similar_to"],
    [{ queries: ["x"], similar_to: "3M_2018_10K:60:0" }, "/similar_to"],
    [{ similar_to: "3M_2018_10K:60:0", rerank: true }, "/rerank"],
    [{ queries: ["x"], exclude: [] }, "/exclude"],
    [{ queries: ["x"], exclude: "restructuring" }, "/exclude"],
    [{ queries: ["x"], exclude: Array.from({ length: 11 }, (_, i) => `word${i}`) }, "/exclude"],
    [{ queries: ["x"], exclude: ["ok", "---"] }, "/exclude/1"],
    [{ queries: ["x"], exclude: ["one two three four five six seven"] }, "/exclude/0"],
    [{ queries: ["x"], exclude: ["x".repeat(101)] }, "/exclude/0"],
    [{ queries: ["x"], colour: "red" }, "/colour"],
  ];
  for (const [body, pointer] of cases) {
    const response = await postJson(V2_PATH, key, body);
    expect(response.status, JSON.stringify(body).slice(0, 200)).toBe(400);
    const details = await problem(response);
    expect(details.errors?.map((e) => e.pointer), JSON.stringify(body).slice(0, 200)).toContain(pointer);
  }
});
