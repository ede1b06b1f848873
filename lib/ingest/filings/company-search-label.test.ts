import { describe, expect, it } from "vitest";
import { companySearchLabel } from "./company-search-label";

describe("companySearchLabel", () => {
  it("names a renamed company by its name at the data's date and today's, with every symbol", () => {
    expect(companySearchLabel({ name: "Facebook", currentName: "Meta Platforms", symbols: ["FB", "META"] })).toBe("Facebook Meta Platforms FB META");
  });

  it("names a company that kept its name once", () => {
    expect(companySearchLabel({ name: "Apple Inc.", currentName: null, symbols: ["AAPL"] })).toBe("Apple Inc. AAPL");
  });
});
