import { describe, expect, it } from "vitest";
import { adjacentPairs, proximity, rerankQuery, rerankScores } from "./rerank-passages";

describe("rerank second stage", () => {
  it("reads a query's topic stems in order and its numbers (a fiscal-year token as its year)", () => {
    expect(rerankQuery("What were capital expenditures in FY2022, above $1,500 million?")).toEqual({
      stems: ["capit", "expenditur"],
      numbers: ["2022", "1500"],
      shorthand: [],
    });
  });

  it("takes no possessive s or initials for topic words", () => {
    expect(rerankQuery("J.P. Morgan’s net interest income and 3M's capex").stems).toEqual(["morgan", "net", "interest", "incom", "3m", "capex"]);
  });

  it("measures how tightly the matched terms sit and whether query pairs occur in order", () => {
    const tokens = ["the", "capit", "expenditur", "for", "2024", "capit"];
    expect(proximity(tokens, new Set(["capit", "expenditur"]))).toBe(1);
    expect(proximity(["capit", "a", "b", "expenditur"], new Set(["capit", "expenditur"]))).toBe(0.5);
    expect(proximity(tokens, new Set(["capit"]))).toBe(0);
    expect(adjacentPairs(["capit", "expenditur", "guidanc"], ["capit", "of", "expenditur"])).toBe(0.5);
    expect(adjacentPairs(["capit", "expenditur"], ["expenditur", "capit"])).toBe(0);
  });

  it("lifts the passage that says the query's words together, with its year, over a slightly better fused one", () => {
    const query = rerankQuery("Tesla capital expenditure outlook 2025");
    const [scattered, together] = rerankScores(
      [
        { fused: 1, text: "Capital markets may be volatile. Our outlook depends on many things, and expenditures vary.", companyNames: "Tesla, Inc. TSLA", sectionTitle: "Risk Factors", fiscalYear: 2024 },
        { fused: 0.9, text: "We currently expect our capital expenditures to exceed $11.00 billion in 2025.", companyNames: "Tesla, Inc. TSLA", sectionTitle: "Liquidity and Capital Resources", fiscalYear: 2024 },
      ],
      [query],
    );
    expect(together).toBeGreaterThan(scattered!);
  });

  it("counts a word naming the company as present in its filings' passages, which say \"we\"", () => {
    const query = rerankQuery("Boston Properties occupancy");
    const text = "Our overall occupancy improved slightly from 91.3% to 91.4%.";
    const [own, other] = rerankScores(
      [
        { fused: 1, text, companyNames: "Boston Properties BXP", sectionTitle: null, fiscalYear: 2015 },
        { fused: 1, text, companyNames: "Simon Property Group SPG", sectionTitle: null, fiscalYear: 2015 },
      ],
      [query],
    );
    expect(own).toBeGreaterThan(other!);
  });
});
