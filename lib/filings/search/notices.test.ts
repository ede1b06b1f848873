import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSearchBackend } from "./backend";
import { type FilingSearchRequest, FilingSearchResponseSchema } from "../search-schema";
import type { FilingSearchV2Request } from "../search-v2-schema";
import { type TestDatabase, createFilingsTestDatabase } from "@/test/support/filings/filings-database";
import { searchV1, searchV2 } from "@/test/support/filings/parsed-search";

let database: TestDatabase;
const CODES = readFileSync("test/fixtures/filing-pages/MCDONALDS_2022Q4_EARNINGS-p1.txt", "utf8");

beforeAll(() => {
  const ebay = { companyId: 1, companyLabel: "eBay", type: "10-K", fiscalPeriod: "FY" } as const;
  database = createFilingsTestDatabase(
    [
      { id: 1, name: "eBay Inc.", symbol: "EBAY", exchange: "NASDAQ", cik: 1065088 },
      // A company of the data without filings in the corpus.
      { id: 2, name: "Zoetis", symbol: "ZTS", exchange: "NYSE", cik: 1555280 },
    ],
    [
      { ...ebay, name: "EBAY_2018_10K", fiscalYear: 2018, periodEnd: "2018-12-31", pages: ["Item 1A. Risk Factors\nWe are exposed to fluctuations in interest rates."] },
      // A release whose one page's text layer is unreadable (the McDonald's page's codes): stored, not indexed.
      { ...ebay, name: "EBAY_2019Q4_EARNINGS", type: "earnings-release", fiscalYear: 2019, fiscalPeriod: "Q4", periodEnd: "2019-12-31", pages: [CODES] },
    ],
  );
});
afterAll(() => database.close());

const search = (request: FilingSearchRequest) => searchV1(request, createSearchBackend(database.db));

describe("empty results explain themselves", () => {
  it("a ticker of a company without filings: names it and counts the companies that have filings", async () => {
    const response = await search({ queries: ["interest rates"], ticker: "zts", searchtype: "keyword" });
    expect(FilingSearchResponseSchema.safeParse(response).success).toBe(true);
    expect(response.results).toEqual([]);
    expect(response.notice).toEqual({ reason: "company_without_filings", message: "No filings for ZTS (Zoetis, NYSE:ZTS) in the corpus: 1 company has filings." });
  });

  it("a ticker the data does not know, or a name no company with filings has, says so", async () => {
    expect((await search({ queries: ["interest rates"], ticker: "QQQZ" })).notice?.message).toBe(
      "No filings for QQQZ in the corpus; no company in the data has that ticker: 1 company has filings.",
    );
    expect((await search({ queries: ["interest rates"], name: "Zoetis" })).notice?.message).toBe('No filings for "Zoetis" in the corpus: 1 company has filings.');
  });

  it("filters that together select no filing name the filters", async () => {
    const response = await search({ queries: ["interest rates"], ticker: "EBAY", fiscal_year: 2030 });
    expect(response.notice).toEqual({ reason: "no_filing_matches", message: "No filing in the corpus matches these filters together (ticker EBAY, fiscal_year 2030): try fewer." });
  });

  it("filters that match only a filing without searchable text name it and say why", async () => {
    const response = await search({ queries: ["revenue"], ticker: "EBAY", fiscal_year: 2019 });
    expect(response.results).toEqual([]);
    expect(response.notice).toEqual({
      reason: "no_filing_matches",
      message: "No filing these filters match (ticker EBAY, fiscal_year 2019) has searchable text: the text layer of EBAY_2019Q4_EARNINGS is unreadable. Read it in the original, or widen the filters.",
    });
    // With a readable filing in scope the search runs as usual: no notice, and the unreadable one adds no hit.
    const wider = await search({ queries: ["interest rates"], ticker: "EBAY", searchtype: "hybrid" });
    expect("notice" in wider).toBe(false);
    expect(wider.results.map((hit) => hit.filing.id)).toEqual(["EBAY_2018_10K"]);
  });

  it("a search of existing filings that matches nothing has no notice (the words are the problem)", async () => {
    const response = await search({ queries: ["zzqqxxj"], ticker: "EBAY", searchtype: "keyword" });
    expect(response.results).toEqual([]);
    expect("notice" in response).toBe(false);
    expect("notice" in (await search({ queries: ["interest rates"], ticker: "EBAY", searchtype: "keyword" }))).toBe(false);
  });

  it("v2 tickers and CIKs: those without filings are named beside the others' results", async () => {
    // ZTS given twice is named once.
    const response = await searchV2({ queries: ["interest rates"], tickers: ["ebay", "ZTS", "QQQZ", "zts"], ciks: [42], searchtype: "keyword" }, createSearchBackend(database.db));
    expect(response.results.map((hit) => hit.filing.id)).toEqual(["EBAY_2018_10K"]);
    expect(response.notice).toEqual({
      reason: "some_companies_without_filings",
      message: "No filings in the corpus for ZTS (Zoetis, NYSE:ZTS), QQQZ (no company in the data has that ticker), CIK 42: only the other companies named were searched.",
    });
    expect("notice" in (await searchV2({ queries: ["interest rates"], tickers: ["EBAY"], searchtype: "keyword" }, createSearchBackend(database.db)))).toBe(false);
  });

  it("v2 companies the other filters leave no filing are named beside the others' results", async () => {
    const coke = { companyId: 2, companyLabel: "Coca-Cola", type: "10-K", fiscalPeriod: "FY" } as const;
    const two = createFilingsTestDatabase(
      [
        { id: 1, name: "eBay Inc.", symbol: "EBAY", exchange: "NASDAQ", cik: 1065088 },
        { id: 2, name: "Coca-Cola Company", symbol: "KO", exchange: "NYSE", cik: 21344 },
        { id: 3, name: "Zoetis", symbol: "ZTS", exchange: "NYSE", cik: 1555280 },
      ],
      [
        { companyId: 1, companyLabel: "eBay", type: "10-K", fiscalPeriod: "FY", name: "EBAY_2018_10K", fiscalYear: 2018, periodEnd: "2018-12-31", pages: ["Item 1A. Risk Factors\nWe are exposed to fluctuations in interest rates."] },
        { ...coke, name: "COCACOLA_2017_10K", fiscalYear: 2017, periodEnd: "2017-12-31", pages: ["Item 7A. Market Risk\nWe are exposed to changes in interest rates."] },
      ],
    );
    try {
      const backend = createSearchBackend(two.db);
      const base: FilingSearchV2Request = { queries: ["interest rates"], tickers: ["EBAY", "KO"], searchtype: "keyword" };
      const response = await searchV2({ ...base, period_end: { from: "2018-01-01" }, form_groups: ["annual"] }, backend);
      expect(response.results.map((hit) => hit.filing.id)).toEqual(["EBAY_2018_10K"]);
      expect(response.notice).toEqual({
        reason: "some_companies_outside_filters",
        message: "No filing of Coca-Cola Company (NYSE:KO) matches the other filters (form_groups annual, period_end from 2018-01-01): only the other companies named were searched.",
      });
      // With a company without filings too, one notice names both; a v1 filter counts among the filters.
      const both = await searchV2({ ...base, tickers: ["EBAY", "KO", "ZTS"], fiscal_year: 2018 }, backend);
      expect(both.notice).toEqual({
        reason: "some_companies_without_filings",
        message: "No filings in the corpus for ZTS (Zoetis, NYSE:ZTS); no filing of Coca-Cola Company (NYSE:KO) matches the other filters (fiscal_year 2018): only the other companies named were searched.",
      });
      // Every company named has a filing the filters match: no notice.
      expect("notice" in (await searchV2(base, backend))).toBe(false);
    } finally {
      two.close();
    }
  });
});
