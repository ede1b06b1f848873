import { describe, expect, it } from "vitest";
import { searchV1 } from "@/test/support/filings/parsed-search";

/**
 * Words common across the whole corpus (the built database): "interest" and "rates" are each in
 * about a quarter of the passages, too many to score alone, so the search reads them as the phrase
 * "interest rates". It used to drop them and search "rising" alone, which found "give rise to" in
 * credit agreements and climate risk factors.
 */
describe("common words over the whole corpus", () => {
  it("are searched as the phrase they make, next to the query's rarer word", async () => {
    const { results } = await searchV1({ queries: ["rising interest rates"], searchtype: "keyword", results: 5 });
    expect(results).toHaveLength(5);
    for (const hit of results) expect(hit.text).toMatch(/interest\s+rates?/i);
  });
});
