import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { BackendError, ValidationError } from "@/lib/errors";
import { type Embedder, EmbeddingError } from "../embeddings/embedder";
import type { FilingSearchRequest } from "../search-schema";
import { type SearchBackend, createSearchBackend } from "./backend";
import { SEARCH_TUNING } from "./tuning";
import { warmSearch } from "./warm-up";
import { type TestDatabase, createFilingsTestDatabase } from "@/test/support/filings/filings-database";
import { searchV1 } from "@/test/support/filings/parsed-search";
import { SAMPLE_COMPANIES, SAMPLE_FILINGS, filler } from "@/test/support/filings/sample-filings";

let database: TestDatabase;
let backend: SearchBackend;

beforeAll(() => {
  database = createFilingsTestDatabase(SAMPLE_COMPANIES, SAMPLE_FILINGS);
  backend = createSearchBackend(database.db);
});
afterAll(() => database.close());

// Bodies are parsed as the route parses them: the validation below is the route's, with its one error mapper.
const search = (request: FilingSearchRequest, using: SearchBackend = backend) => searchV1(request, using);

async function rejection(request: unknown): Promise<ValidationError> {
  const error = await search(request as FilingSearchRequest).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ValidationError);
  return error as ValidationError;
}

describe("request validation", () => {
  it.each([
    ["queries missing", {}, "/queries"],
    ["queries empty", { queries: [] }, "/queries"],
    ["13 queries", { queries: Array.from({ length: 13 }, () => "cash") }, "/queries"],
    ["query of 301 characters", { queries: ["a".repeat(301)] }, "/queries/0"],
    ["blank query", { queries: ["   "] }, "/queries/0"],
    ["query not a string", { queries: [7] }, "/queries/0"],
    ["name of 121 characters", { queries: ["cash"], name: "n".repeat(121) }, "/name"],
    ["ticker of 41 characters", { queries: ["cash"], ticker: "T".repeat(41) }, "/ticker"],
    ["fiscal_year 1899", { queries: ["cash"], fiscal_year: 1899 }, "/fiscal_year"],
    ["fiscal_year 2201", { queries: ["cash"], fiscal_year: 2201 }, "/fiscal_year"],
    ["fiscal_year not an integer", { queries: ["cash"], fiscal_year: 2018.5 }, "/fiscal_year"],
    ["fiscal_year as a string", { queries: ["cash"], fiscal_year: "2018" }, "/fiscal_year"],
    ["fiscal_period Q5", { queries: ["cash"], fiscal_period: "Q5" }, "/fiscal_period"],
    ["fiscal_period lower case", { queries: ["cash"], fiscal_period: "fy" }, "/fiscal_period"],
    ["filing_type of 31 characters", { queries: ["cash"], filing_type: "x".repeat(31) }, "/filing_type"],
    ["results 0", { queries: ["cash"], results: 0 }, "/results"],
    ["results 26", { queries: ["cash"], results: 26 }, "/results"],
    ["rerank not a boolean", { queries: ["cash"], rerank: "yes" }, "/rerank"],
    ["unknown searchtype", { queries: ["cash"], searchtype: "semantic" }, "/searchtype"],
    ["unknown member", { queries: ["cash"], colour: "red" }, "/colour"],
  ])("rejects %s, naming the parameter", async (_, request, pointer) => {
    const error = await rejection(request);
    expect(error.errors.map((e) => e.pointer)).toContain(pointer);
  });

  it("accepts the limits themselves", async () => {
    const response = await search({
      queries: Array.from({ length: 12 }, (_, i) => (i === 0 ? "c".repeat(300) : "cash flows")),
      name: "n".repeat(120),
      ticker: "T".repeat(40),
      fiscal_year: 2200,
      filing_type: "x".repeat(30),
      results: 25,
    });
    expect(response.results).toEqual([]);
    await expect(search({ queries: ["cash"], fiscal_year: 1900, results: 1 })).resolves.toMatchObject({ results: [] });
  });

  it("applies the defaults: 5 results, hybrid, no rerank", async () => {
    const response = await search({ queries: ["the company management segment operating income cash"] });
    expect(response.searchtype).toBe("hybrid");
    expect(response.rerank).toEqual({ requested: false, applied: false, note: null });
    expect(response.results.length).toBe(5);
  });

  it("applies rerank as a second stage over the fused candidates and says so", async () => {
    const fused = await search({ queries: ["capital expenditures"], results: 25 });
    const response = await search({ queries: ["capital expenditures"], rerank: true, results: 25 });
    expect(response.rerank).toMatchObject({ requested: true, applied: true });
    expect(response.rerank.note).toMatch(/proximity/);
    expect(response.timing_ms.rerank).toEqual(expect.any(Number));
    // The same candidates, re-ordered: the passage stating capital expenditures leads.
    expect(new Set(response.results.map((h) => h.id))).toEqual(new Set(fused.results.map((h) => h.id)));
    expect(response.results[0]!.text).toMatch(/Capital expenditures were/);
  });
});

describe("filters", () => {
  const filings = async (request: Omit<FilingSearchRequest, "queries">) =>
    new Set((await search({ queries: ["management discussion results"], results: 25, searchtype: "keyword", ...request })).results.map((h) => h.filing.id));

  it("name matches short and legal names, case-insensitively", async () => {
    expect(await filings({ name: "JPMorgan" })).toEqual(new Set(["JPMORGAN_2022Q2_10Q"]));
    expect(await filings({ name: "jpmorgan chase & co." })).toEqual(new Set(["JPMORGAN_2022Q2_10Q"]));
    expect(await filings({ name: "Coca-Cola" })).toEqual(new Set(["KO-10-K-2023-02-21"]));
    expect(await filings({ name: "the coca-cola company" })).toEqual(new Set(["KO-10-K-2023-02-21"]));
    expect(await filings({ name: "Pepsi" })).toEqual(new Set());
  });

  it("ticker matches the symbol, a former symbol and full_ticker", async () => {
    expect(await filings({ ticker: "mmm" })).toEqual(new Set(["3M_2018_10K", "3M_2017_10K"]));
    expect(await filings({ ticker: "CCOLD" })).toEqual(new Set(["KO-10-K-2023-02-21"]));
    expect(await filings({ ticker: "NYSE:JPM" })).toEqual(new Set(["JPMORGAN_2022Q2_10Q"]));
    expect(await filings({ ticker: "XYZ" })).toEqual(new Set());
  });

  it("fiscal_year and fiscal_period select the company's own labels", async () => {
    expect(await filings({ fiscal_year: 2018 })).toEqual(new Set(["3M_2018_10K"]));
    expect(await filings({ fiscal_period: "Q2" })).toEqual(new Set(["JPMORGAN_2022Q2_10Q"]));
    expect(await filings({ fiscal_year: 2022, fiscal_period: "FY" })).toEqual(new Set(["KO-10-K-2023-02-21"]));
    expect(await filings({ fiscal_period: "H1" })).toEqual(new Set());
  });

  it("filing_type is normalised (10-K, 10K and 10-k are the same); an unknown type matches nothing", async () => {
    const tenK = await filings({ filing_type: "10-K" });
    expect(tenK).toEqual(new Set(["3M_2018_10K", "3M_2017_10K", "KO-10-K-2023-02-21"]));
    expect(await filings({ filing_type: "10K" })).toEqual(tenK);
    expect(await filings({ filing_type: "10-k" })).toEqual(tenK);
    expect(await filings({ filing_type: "10q" })).toEqual(new Set(["JPMORGAN_2022Q2_10Q"]));
    expect(await filings({ filing_type: "20-F" })).toEqual(new Set());
  });

  it("combines filters", async () => {
    expect(await filings({ name: "3M", fiscal_year: 2017, filing_type: "10-K" })).toEqual(new Set(["3M_2017_10K"]));
    expect(await filings({ name: "3M", fiscal_period: "Q2" })).toEqual(new Set());
  });
});

describe("a company renamed since the data's date", () => {
  // Facebook in the 2016 universe, Meta Platforms today: its 2025 10-K says "Meta", and so do analysts.
  let renamed: TestDatabase;
  let renamedBackend: SearchBackend;
  beforeAll(() => {
    renamed = createFilingsTestDatabase(
      [{ id: 1, name: "Facebook", currentName: "Meta Platforms", symbol: "META", exchange: "NASDAQ", cik: 1326801, formerSymbols: ["FB"] }],
      [
        {
          name: "META-10-K-2025-01-30",
          companyId: 1,
          companyLabel: "",
          type: "10-K",
          fiscalYear: 2024,
          fiscalPeriod: "FY",
          periodEnd: "2024-12-31",
          filingDate: "2025-01-30",
          hasPages: false,
          pages: [
            "Item 1A. Risk Factors\n\n" +
              filler("For example, our investments in Reality Labs reduced our 2024 overall operating profit by approximately $17.73 billion."),
          ],
        },
      ],
    );
    renamedBackend = createSearchBackend(renamed.db);
  });
  afterAll(() => renamed.close());

  it("is found by today's name in the name filter", async () => {
    const { results, notice } = await search({ queries: ["operating profit"], name: "Meta Platforms", searchtype: "keyword" }, renamedBackend);
    expect(notice).toBeUndefined();
    expect(results.map((h) => h.filing.id)).toEqual(["META-10-K-2025-01-30"]);
  });
});

/** The test backend with every batch of texts it embeds recorded. */
function recordingEmbeds(): { texts: string[][]; recording: SearchBackend } {
  const texts: string[][] = [];
  const embed: Embedder["embed"] = (batch, signal) => (texts.push(batch), backend.embedder.embed(batch, signal));
  return { texts, recording: { ...backend, embedder: { id: backend.embedder.id, dimensions: backend.embedder.dimensions, embed } } };
}

describe("retrieval", () => {
  it("keyword search ranks the passage holding the terms first, with company, filing, section and page", async () => {
    const { results } = await search({ queries: ["allowance for loan losses"], searchtype: "keyword", results: 3 });
    const top = results[0]!;
    expect(top.filing).toMatchObject({ id: "JPMORGAN_2022Q2_10Q", type: "10-Q", fiscal_year: 2022, fiscal_period: "Q2", period_end: "2022-06-30" });
    expect(top.company).toEqual({ name: "JPMorgan Chase & Co.", ticker: "JPM", full_ticker: "NYSE:JPM", cik: 19617 });
    expect(top.section?.title).toMatch(/^Item 2\. Management/);
    expect(top.page).toBe(1);
    expect(top.rank).toBe(1);
    expect(top.id).toBe("JPMORGAN_2022Q2_10Q:1:0");
    expect(top.matched_queries).toEqual([0]);
  });

  it("marks the query terms in the text and in the snippet", async () => {
    const { results } = await search({ queries: ["allowance for loan losses"], searchtype: "keyword", results: 1 });
    const hit = results[0]!;
    const marked = hit.highlights.map((h) => hit.text.slice(h.start, h.end).toLowerCase());
    expect(marked).toEqual(expect.arrayContaining(["allowance", "loan", "losses"]));
    for (const h of hit.snippet.highlights) expect(hit.snippet.text.slice(h.start, h.end).toLowerCase()).toMatch(/allowance|loan|losses/);
    expect(hit.text.slice(hit.snippet.start, hit.snippet.start + hit.snippet.text.length)).toBe(hit.snippet.text);
  });

  it("highlights, in every hit, only words of the queries and only inside its own text", async () => {
    const { results } = await search({ queries: ["management segment operating income", "cash"], results: 25, searchtype: "keyword" });
    expect(results.length).toBeGreaterThan(3);
    for (const hit of results) {
      expect(hit.highlights.length).toBeGreaterThan(0);
      for (const h of hit.highlights) {
        expect(h.end).toBeLessThanOrEqual(hit.text.length);
        expect(hit.text.slice(h.start, h.end).toLowerCase()).toMatch(/^(manag\w*|segment\w*|operat\w*|income\w*|cash\w*)$/);
      }
    }
  });

  it("gives offsets into the filing text and null pages for plain-text filings", async () => {
    const { results } = await search({ queries: ["goodwill impairment retail segment bottling"], name: "Coca-Cola", searchtype: "keyword", results: 1 });
    expect(results[0]!.page).toBeNull();
    expect(results[0]!.offsets.start).toBe(0);
    expect(results[0]!.offsets.end).toBe(results[0]!.text.length);
  });

  it("keeps a quoted phrase a phrase", async () => {
    // 3M_2017_10K has "goodwill" and "impairment" but never "goodwill impairment" next to each other... except in "no goodwill impairment".
    const phrase = await search({ queries: ['"impairment in the retail segment"'], searchtype: "keyword", results: 25 });
    expect(phrase.results.map((h) => h.filing.id)).toEqual(["KO-10-K-2023-02-21"]);
    const words = await search({ queries: ["impairment retail segment"], searchtype: "keyword", results: 25 });
    expect(words.results.length).toBeGreaterThan(1);
  });

  it.each([
    ['"unbalanced quote'],
    ["capital*"],
    ["NEAR(capital expenditures, 5)"],
    ["text:capital heading:cash"],
    ["-capital +expenditures"],
    ["capital AND OR NOT expenditures"],
    ["((( capital ^ ~ } { ] [ '' \" ; -- /* */"],
    ["AND"],
  ])("treats FTS5 syntax in %j as plain text", async (query) => {
    for (const searchtype of ["keyword", "hybrid", "vector"] as const) {
      const response = await search({ queries: [query], searchtype });
      expect(Array.isArray(response.results)).toBe(true);
    }
  });

  it("finds the words of a query full of syntax", async () => {
    const { results } = await search({ queries: ["NEAR(allowance* -loan) col:losses"], searchtype: "keyword", results: 1 });
    expect(results[0]!.filing.id).toBe("JPMORGAN_2022Q2_10Q");
  });

  it("fuses several queries and says which matched each hit", async () => {
    const { results } = await search({ queries: ["allowance for loan losses", "sugar aluminum commodity prices"], searchtype: "keyword", results: 4 });
    const byFiling = new Map(results.map((h) => [h.filing.id, h.matched_queries]));
    expect(byFiling.get("JPMORGAN_2022Q2_10Q")).toContain(0);
    expect(byFiling.get("KO-10-K-2023-02-21")).toContain(1);
    expect(results.map((h) => h.rank)).toEqual(results.map((_, i) => i + 1));
  });

  it("returns at most `results` hits and at most one per page", async () => {
    const { results } = await search({ queries: ["management segment operating income"], results: 3 });
    expect(results.length).toBe(3);
    const pages = results.map((h) => `${h.filing.id}:${h.page}`);
    expect(new Set(pages).size).toBe(pages.length);
  });

  it("vector search finds passages by embedding alone", async () => {
    const response = await search({ queries: ["credit card charge-offs allowance"], searchtype: "vector", results: 2 });
    expect(response.searchtype).toBe("vector");
    expect(response.timing_ms.keyword).toBe(0);
    expect(response.results[0]!.filing.id).toBe("JPMORGAN_2022Q2_10Q");
  });

  it("finds the filings' wording of an analyst's shorthand and marks it", async () => {
    const { results } = await search({ queries: ["3M capex"], searchtype: "keyword", results: 1 });
    const hit = results[0]!;
    expect(hit.filing.id).toBe("3M_2018_10K");
    const marked = hit.highlights.map((h) => hit.text.slice(h.start, h.end).toLowerCase());
    expect(marked).toContain("capital expenditures");
  });

  it("reads shorthand alternatives only within the request's budget for them, in a company's filings too", async () => {
    const none = createSearchBackend(database.db, undefined, undefined, { ...SEARCH_TUNING.commonWords, alternativePassages: 0 });
    const capex = (text: string) => text.includes("Capital expenditures were $1,577 million");
    for (const request of [{ queries: ["capex"] }, { queries: ["3M capex"] }, { queries: ["capex"], name: "3M" }]) {
      const withBudget = await search({ ...request, searchtype: "keyword", results: 1 });
      expect(capex(withBudget.results[0]!.text), JSON.stringify(request)).toBe(true);
      const without = await search({ ...request, searchtype: "keyword", results: 1 }, none);
      expect(without.results.filter((h) => capex(h.text)), JSON.stringify(request)).toEqual([]);
    }
  });

  it("prefers the filing of the fiscal year and company a query names", async () => {
    const { results } = await search({ queries: ["What were 3M's capital expenditures in FY2018?"], results: 1 });
    expect(results[0]!.filing.id).toBe("3M_2018_10K");
  });

  it("within the filings a query names, also embeds the query without the names of the companies in scope", async () => {
    const { texts, recording } = recordingEmbeds();
    const named = "What were 3M's capital expenditures in FY2018?";
    const { results } = await search({ queries: [named, "loan losses"], searchtype: "vector", results: 1 }, recording);
    expect(texts.pop()).toEqual([named, "loan losses", "What were capital expenditures in FY2018?"]);
    expect(results[0]!.filing.id).toBe("3M_2018_10K");
    // Nothing asked besides the name and year; no filing named; a filter on another company (3M stays a topic there).
    await search({ queries: ["3M FY2018"], searchtype: "vector" }, recording);
    await search({ queries: ["capital expenditures"], searchtype: "vector" }, recording);
    const elsewhere = "What were 3M's capital expenditures in FY2022?";
    await search({ queries: [elsewhere], searchtype: "vector", name: "JPMorgan" }, recording);
    expect(texts.splice(0)).toEqual([["3M FY2018"], ["capital expenditures"], [elsewhere]]);
  });

  it("within a company filter the query names, embeds the query without the company's name too", async () => {
    // The filter leaves no hint scope: the search's scope is itself the filings the query names.
    const { texts, recording } = recordingEmbeds();
    const asked = "What were 3M's capital expenditures?";
    await search({ queries: [asked], searchtype: "vector", name: "3M" }, recording);
    await search({ queries: [asked], searchtype: "vector", ticker: "MMM", fiscal_year: 2018 }, recording);
    // A filter on another company: the name is a topic there.
    await search({ queries: [asked], searchtype: "vector", name: "JPMorgan" }, recording);
    const withoutName = [asked, "What were capital expenditures?"];
    expect(texts.splice(0)).toEqual([withoutName, withoutName, [asked]]);
  });

  it("answers zero hits with an empty list", async () => {
    const response = await search({ queries: ["zzyzx quokka"], searchtype: "keyword" });
    expect(response.results).toEqual([]);
  });
});

class FailingEmbedder implements Embedder {
  readonly id = "failing";
  readonly dimensions = 8;
  async embed(): Promise<Float32Array[]> {
    throw new EmbeddingError("provider is down");
  }
}

class HangingEmbedder implements Embedder {
  readonly id = "hanging";
  readonly dimensions = 8;
  embed(): Promise<Float32Array[]> {
    return new Promise(() => {});
  }
}

describe("bounds on what a request makes the search read", () => {
  /** `count` distinct words, none a stopword. */
  const words = (count: number, from = 0) => Array.from({ length: count }, (_, i) => `w${from + i}`).join(" ");

  it.each([
    ["a query without letters or digits", { queries: ["cash", "*"] }, "/queries/1", /no searchable words/],
    ["a query of punctuation", { queries: ["(((("] }, "/queries/0", /no searchable words/],
    // Its letters are letters, but not the index's: the message says what the index holds.
    ["a query in another script", { queries: ["資本支出 指引"] }, "/queries/0", /no searchable words: the filings are indexed as English words/],
    ["33 searchable terms in one query", { queries: [words(33)] }, "/queries/0", /33 searchable terms; at most 32 per query/],
    ["a phrase's words count", { queries: [`"${words(20)}" ${words(13, 20)}`] }, "/queries/0", /33 searchable terms/],
    ["65 searchable terms across the queries", { queries: [words(32), words(32, 32), "cash"] }, "/queries", /65 searchable terms across the distinct queries; at most 64/],
  ])("refuses %s, naming the parameter", async (_, request, pointer, message) => {
    const error = await rejection(request);
    expect(error.errors).toContainEqual({ pointer, message: expect.stringMatching(message) });
  });

  it("accepts the bounds themselves; stopwords and duplicate queries do not count", async () => {
    await expect(search({ queries: [words(32), words(32, 32)], searchtype: "keyword" })).resolves.toMatchObject({ searchtype: "keyword" });
    const duplicates = Array.from({ length: 12 }, (_, i) => (i % 2 === 0 ? words(32) : ` ${words(32).toUpperCase()}  `));
    await expect(search({ queries: duplicates, searchtype: "keyword" })).resolves.toMatchObject({ searchtype: "keyword" });
    await expect(search({ queries: [`what is the ${words(32)} of the`], searchtype: "keyword" })).resolves.toMatchObject({ searchtype: "keyword" });
  });

  it("searches duplicate queries once and names every index of them in matched_queries", async () => {
    const keyword = vi.spyOn(backend.repository, "keyword");
    const embed = vi.spyOn(backend.embedder, "embed");
    const queries = ["allowance for loan losses", "sugar aluminum commodity prices", "  Allowance for LOAN   losses "];
    const { results } = await search({ queries, searchtype: "hybrid", results: 10 });
    expect(keyword).toHaveBeenCalledTimes(2);
    expect(embed.mock.calls[0]![0]).toEqual(queries.slice(0, 2));
    const byFiling = new Map(results.map((h) => [h.filing.id, h.matched_queries]));
    expect(byFiling.get("JPMORGAN_2022Q2_10Q")).toEqual(expect.arrayContaining([0, 2]));
    for (const hit of results) expect(hit.matched_queries.includes(0)).toBe(hit.matched_queries.includes(2));
    keyword.mockRestore();
    embed.mockRestore();
  });
});

describe("queries the vector model has no term for", () => {
  it("find no vector hits, rather than the first passages of the index at similarity 0", async () => {
    expect((await search({ queries: ["zzzq qqqz"], searchtype: "vector" })).results).toEqual([]);
    expect((await search({ queries: ["zzzq qqqz"], searchtype: "hybrid" })).results).toEqual([]);
  });
});

describe("failures", () => {
  it("hybrid falls back to keyword results when the embedder fails, and says so", async () => {
    const failing = { ...backend, embedder: new FailingEmbedder() };
    const response = await search({ queries: ["allowance for loan losses"] }, failing);
    expect(response.fallback).toEqual({ searchtype: "keyword", reason: expect.stringContaining("provider is down") });
    expect(response.results[0]!.filing.id).toBe("JPMORGAN_2022Q2_10Q");
  });

  it("vector search is a backend error when the embedder fails", async () => {
    const failing = { ...backend, embedder: new FailingEmbedder() };
    await expect(search({ queries: ["loans"], searchtype: "vector" }, failing)).rejects.toBeInstanceOf(BackendError);
  });

  it("does not wait for a hanging embedder longer than the timeout", async () => {
    // The embedder never answers: the searches end only because the timeout fires.
    const hanging = { ...backend, embedder: new HangingEmbedder(), timeoutMs: 100 };
    const hybrid = await search({ queries: ["allowance"] }, hanging);
    expect(hybrid.fallback?.reason).toMatch(/within 100 ms/);
    await expect(search({ queries: ["allowance"], searchtype: "vector" }, hanging)).rejects.toBeInstanceOf(BackendError);
  });

  it("keyword search does not need the embedder", async () => {
    const failing = { ...backend, embedder: new FailingEmbedder() };
    const response = await search({ queries: ["allowance"], searchtype: "keyword" }, failing);
    expect(response.fallback).toBeNull();
    expect(response.results.length).toBeGreaterThan(0);
  });

  it("a database without the filing index is a backend error", () => {
    const broken = createFilingsTestDatabase(SAMPLE_COMPANIES, SAMPLE_FILINGS.slice(0, 1));
    try {
      broken.db.exec("DROP TABLE filing_passage_search");
      expect(() => createSearchBackend(broken.db)).toThrow(BackendError);
    } finally {
      broken.close();
    }
  });

  it("a broken index found mid-search is a backend error", async () => {
    const broken = createFilingsTestDatabase(SAMPLE_COMPANIES, SAMPLE_FILINGS.slice(0, 1));
    try {
      const brokenBackend = createSearchBackend(broken.db);
      // The index reads passage text through this view.
      broken.db.exec("DROP VIEW filing_passage_texts");
      await expect(search({ queries: ["capital"], searchtype: "keyword" }, brokenBackend)).rejects.toBeInstanceOf(BackendError);
    } finally {
      broken.close();
    }
  });
});

describe("warmSearch (run by each query worker at start)", () => {
  it("loads the passage vectors ahead, so the first search reads none", async () => {
    const fresh = createSearchBackend(database.db);
    const loads = vi.spyOn(fresh.repository, "vectors");
    expect(await warmSearch(fresh)).toBe(true);
    expect(loads).toHaveBeenCalledTimes(1);
    await search({ queries: ["free cash flow"], searchtype: "hybrid" }, fresh);
    expect(loads).toHaveBeenCalledTimes(1);
  });
});
