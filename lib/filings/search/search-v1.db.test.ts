import { describe, expect, it } from "vitest";
import type { FilingSearchRequest } from "../search-schema";
import { searchV1 } from "@/test/support/filings/parsed-search";

/** v1's search over the built database (var/screener.db). */
describe("filters naming the company a question names", () => {
  const question = "Which Kraft Heinz reporting units drove the late-2018 goodwill write-down, and why?";
  const filters = { name: "Kraft Heinz", fiscal_year: 2018, filing_type: "10-K" } as const;
  const ids = async (request: Omit<FilingSearchRequest, "queries">) => (await searchV1({ queries: [question], results: 10, ...request })).results.map((hit) => hit.id);

  it("keep in hybrid's first places what both legs put first", async () => {
    // Within Kraft Heinz's 2018 10-K the name says nothing about which passage answers: embedded
    // with it alone, the vector leg favoured the statements' headings ("The Kraft Heinz Company
    // Consolidated Statements of Income ... 2018"), and hybrid's first ten held none of the
    // goodwill passages both keyword (same filters) and hybrid without filters put in their first five.
    const keyword = await ids({ ...filters, searchtype: "keyword" });
    const unfiltered = await ids({});
    const agreed = keyword.slice(0, 5).filter((id) => unfiltered.slice(0, 5).includes(id));
    expect(agreed.length).toBeGreaterThan(0);
    const hybrid = await ids(filters);
    expect(hybrid).toEqual(expect.arrayContaining(agreed));
    expect(hybrid.slice(0, 5).filter((id) => keyword.slice(0, 5).includes(id)).length).toBeGreaterThan(0);
  });
});
