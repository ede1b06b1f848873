import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSearchBackend } from "./backend";
import { requiredExpression, parseQuery } from "../query-text";
import { type TestDatabase, exampleTenK } from "@/test/support/filings/filings-database";
import { searchV1 } from "@/test/support/filings/parsed-search";

// Three pages of one 10-K on returning cash: only the second names the share repurchase program.
const PAGES = [
  "Item 5. Market for Equity\nWe repurchase shares from time to time and paid dividends of $0.52 per share, while the board decides on each repurchase.",
  "Item 7. Liquidity\nUnder the share repurchase program we bought back 12 million shares for $900 million, and the program has $2 billion remaining.",
  "Item 8. Note 9 Equity\nShares withheld for taxes on vesting are not part of any program; the board may share its repurchase plans later.",
];

let database: TestDatabase;
beforeAll(() => {
  database = exampleTenK(PAGES);
});
afterAll(() => database.close());

const pagesFound = async (query: string, searchtype: "keyword" | "hybrid" | "vector") => {
  const response = await searchV1({ queries: [query], searchtype, results: 10, rerank: searchtype === "hybrid" }, createSearchBackend(database.db));
  return response.results.map((hit) => hit.page).sort();
};

describe("a phrase in double quotes", () => {
  it("is required in every search type: no passage without it ranks, whatever its other words", async () => {
    for (const searchtype of ["keyword", "hybrid", "vector"] as const) {
      // Unquoted, the same words find other pages too.
      expect((await pagesFound("share repurchase board dividends", searchtype)).length).toBeGreaterThan(1);
      expect(await pagesFound('"share repurchase" board dividends', searchtype)).toEqual([2]);
      // The words side by side, in this order: every page holds both words, none "program repurchase".
      expect(await pagesFound('"program repurchase"', searchtype)).toEqual([]);
    }
  });

  it("requires every quoted phrase of the query", async () => {
    expect(await pagesFound('"share repurchase" "paid dividends"', "hybrid")).toEqual([]);
    expect(await pagesFound('"share repurchase" "bought back"', "hybrid")).toEqual([2]);
  });

  it("is read as FTS5 phrases joined by AND, and a query without one requires nothing", () => {
    expect(requiredExpression(parseQuery('"share repurchase" board "bought back"'))).toBe('"share repurchase" AND "bought back"');
    // A phrase is read as typed: a fiscal year in it is not spelled out ("fy2018 2018" is in no passage), outside it is.
    expect(requiredExpression(parseQuery('"fiscal 2018 revenue" growth'))).toBe('"fiscal 2018 revenue"');
    expect(parseQuery('"FY2018 revenue" FY2019')).toMatchObject({ phrases: [["fy2018", "revenue"]], words: ["fy2019", "2019"] });
    // One quoted word is a word like any other.
    expect(requiredExpression(parseQuery('"repurchase" board'))).toBeNull();
  });
});
