import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSearchBackend } from "./backend";
import { exclusionExpression } from "../query-text";
import { type TestDatabase, createFilingsTestDatabase, exampleTenK } from "@/test/support/filings/filings-database";
import { searchV2 } from "@/test/support/filings/parsed-search";

// Three pages of one 10-K about job cuts: one names a restructuring plan, one severance pay, one neither.
const PAGES = [
  "Item 7. Restructuring\nIn 2023 we announced a restructuring plan that reduced our workforce by about 5%, and recorded layoffs costs of $120 million.",
  "Item 8. Note 12\nLayoffs under the workforce reduction led to severance pay of $80 million, paid in cash during the year.",
  "Item 1A. Risk Factors\nLayoffs could hurt morale and the retention of employees we need for the business to grow.",
];

let database: TestDatabase;
beforeAll(() => {
  database = exampleTenK(PAGES);
});
afterAll(() => database.close());

const pagesFound = async (exclude: string[] | undefined, searchtype: "keyword" | "hybrid" | "vector" = "keyword") => {
  const response = await searchV2({ queries: ["layoffs"], searchtype, results: 10, ...(exclude ? { exclude } : {}) }, createSearchBackend(database.db));
  return response.results.map((hit) => hit.page).sort();
};

describe("exclude", () => {
  it("leaves out passages holding an excluded word, its other endings too, in every search type", async () => {
    expect(await pagesFound(undefined)).toEqual([1, 2, 3]);
    for (const searchtype of ["keyword", "hybrid", "vector"] as const) {
      expect(await pagesFound(["restructure"], searchtype)).toEqual([2, 3]);
      expect(await pagesFound(["RESTRUCTURINGS", "severance"], searchtype)).toEqual([3]);
    }
  });

  it("reports the time reading the excluded passages took, only when the request excludes some", async () => {
    const search = (exclude?: string[]) => searchV2({ queries: ["layoffs"], ...(exclude ? { exclude } : {}) }, createSearchBackend(database.db));
    expect((await search(["severance"])).timing_ms.exclude).toEqual(expect.any(Number));
    expect((await search()).timing_ms.exclude).toBeUndefined();
  });

  it("excludes a phrase only where its words stand side by side, in the passage's own text", async () => {
    expect(await pagesFound(["severance pay"])).toEqual([1, 3]);
    expect(await pagesFound(["pay severance"])).toEqual([1, 2, 3]);
    // The filing's label ("Example 10-K fiscal 2023") is indexed with every passage but never excludes one.
    expect(await pagesFound(["Example"])).toEqual([1, 2, 3]);
  });

  it("is one FTS5 expression of quoted words and phrases, so no user text reads as syntax", async () => {
    expect(exclusionExpression([["severance", "pay"], ["near"], ["or"]])).toBe('text : ("severance pay" OR "near" OR "or")');
    expect(exclusionExpression([])).toBeNull();
    // Operators, column filters, prefixes and quotes typed as entries are words like any other.
    expect(await pagesFound(["severance* (pay)", "heading : layoffs", "plan* OR x", '"cash" AND', "NEAR"])).toEqual([1, 3]);
  });

  it("names no excluded passage in also_in", async () => {
    // The same passage in two filings, one copy with an extra sentence naming a restructuring.
    const note = [
      "Layoffs under the workforce reduction plan were completed in the year, and the remaining payments will be made in cash over the next two quarters as employees leave the business.",
      "The plan covered about five percent of our employees in manufacturing, sales and corporate functions across North America, Europe and Asia.",
      "We expect the plan to lower operating expenses by about one hundred million dollars a year once every employee affected has left.",
    ].join(" ");
    const twins = createFilingsTestDatabase(
      [{ id: 1, name: "Example Corp", symbol: "EXM", exchange: "NYSE", cik: 1234567 }],
      [2022, 2023].map((year) => ({
        name: `EXM_${year}_10K`,
        companyId: 1,
        companyLabel: "Example",
        type: "10-K",
        fiscalYear: year,
        fiscalPeriod: "FY",
        periodEnd: `${year}-12-31`,
        pages: [`Item 8. Note 12\n${note}${year === 2023 ? " It followed the restructuring." : ""}`],
      })),
    );
    try {
      const search = (exclude?: string[]) => searchV2({ queries: ["layoffs workforce reduction"], searchtype: "keyword", ...(exclude ? { exclude } : {}) }, createSearchBackend(twins.db));
      const [both] = (await search()).results;
      expect(both!.also_in?.map((t) => t.filing.id)).toHaveLength(1);
      const hits = (await search(["restructuring"])).results;
      expect(hits.map((h) => [h.filing.id, h.also_in])).toEqual([["EXM_2022_10K", undefined]]);
    } finally {
      twins.close();
    }
  });
});
