import { describe, expect, it } from "vitest";
import { adjacentPairs, proximity, queryTermCoverage, rerankQuery, rerankQueryOf, rerankScores } from "./rerank-passages";

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

  it("reranks a company and a word or two on those words alone, over a passage that names the company", () => {
    const query = "Boston Properties occupancy";
    const names = [{ companyId: 1, start: 0, end: "Boston Properties".length }];
    expect(rerankQueryOf(query, names).stems).toEqual(["occup"]);
    const candidates = [
      { fused: 1, text: "Boston Properties, Inc. is a fully integrated real estate investment trust.", sectionTitle: "Item 1. Business", fiscalYear: 2019 },
      { fused: 0.8, text: "Our in-service office portfolio was 93.0% leased; occupancy was 92.1% at year end.", sectionTitle: "Item 2. Properties", fiscalYear: 2019 },
    ];
    const [named, topical] = rerankScores(candidates, [rerankQueryOf(query, names)]);
    expect(topical).toBeGreaterThan(named!);
    // Read as typed, the name is two of its three words: the overview would stay first.
    const [namedTyped, topicalTyped] = rerankScores(candidates, [rerankQuery(query)]);
    expect(namedTyped).toBeGreaterThan(topicalTyped!);
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
        { fused: 1, text: "Capital markets may be volatile. Our outlook depends on many things, and expenditures vary.", sectionTitle: "Risk Factors", fiscalYear: 2024 },
        { fused: 0.9, text: "We currently expect our capital expenditures to exceed $11.00 billion in 2025.", sectionTitle: "Liquidity and Capital Resources", fiscalYear: 2024 },
      ],
      [query],
    );
    expect(together).toBeGreaterThan(scattered!);
  });

  it("keeps proximity to the words the text holds: a shorthand word counted by its wording adds coverage only", () => {
    const text = "We currently expect our capital expenditures to exceed $11.00 billion in 2025.";
    const score = (query: string) => rerankScores([{ fused: 1, text, sectionTitle: null, fiscalYear: 2024 }], [rerankQuery(query)])[0]!;
    // "capex" is covered by "capital expenditures" (coverage 3/3 against 2/3), and proximity stays that of the two words the text holds.
    expect(score("capex capital expenditures") - score("opex capital expenditures")).toBeCloseTo(0.5 / 3, 5);
  });

  it("counts a shorthand word as present where the text has its filing wording", () => {
    const query = rerankQuery("capex 2018");
    expect(queryTermCoverage(query, "Capital expenditures were $1,577 million in 2018.")).toBe(1);
    expect(queryTermCoverage(query, "Capital was raised in 2018.")).toBe(0);
    const [spelled, other] = rerankScores(
      [
        { fused: 1, text: "Capital expenditures were $1,577 million.", sectionTitle: null, fiscalYear: 2018 },
        { fused: 1, text: "Net sales were $32,765 million.", sectionTitle: null, fiscalYear: 2018 },
      ],
      [query],
    );
    expect(spelled).toBeGreaterThan(other!);
  });
});
