import { describe, expect, it } from "vitest";
import { MAX_SHORTHAND_WORDS, shorthandIn } from "./finance-shorthand";
import { commonWordReader, ftsExpression, parseQuery, queryTopicText, searchableTermCount } from "./query-text";
import { queryTermCoverage, rerankQuery, rerankScores } from "./rerank-passages";

describe("finance shorthand", () => {
  it("gives the filing wording of an analyst's shorthand, singular or plural", () => {
    expect(shorthandIn(["apple", "buybacks"])).toEqual([{ word: "buybacks", alternatives: [["repurchase"]] }]);
    expect(shorthandIn(["buyback"])).toEqual([{ word: "buyback", alternatives: [["repurchase"]] }]);
    expect(shorthandIn(["capex"])[0]!.alternatives).toEqual([
      ["capital", "expenditures"],
      ["purchases", "of", "property"],
    ]);
  });

  it("leaves words filings use themselves, and ambiguous ones, alone", () => {
    // "comp" is compensation as often as comparable sales; "comps" is the analyst's word for the latter.
    expect(shorthandIn(["exec", "comp", "repurchase", "revenue"])).toEqual([]);
    expect(shorthandIn(["walmart", "comps"])[0]!.alternatives).toEqual([["comparable", "sales"]]);
  });

  it(`expands at most ${MAX_SHORTHAND_WORDS} words of a query`, () => {
    const words = ["capex", "fcf", "opex", "eps", "cogs", "buybacks"];
    expect(shorthandIn(words).map((s) => s.word)).toEqual(words.slice(0, MAX_SHORTHAND_WORDS));
  });
});

describe("shorthand in the keyword and embedding queries", () => {
  it("searches the filing wording beside the word as typed, without counting it against the request's term bounds", () => {
    const terms = parseQuery("3M's capex in 2018");
    expect(terms.alternatives).toEqual([
      ["capital", "expenditures"],
      ["purchases", "of", "property"],
    ]);
    expect(ftsExpression(terms)).toBe('"3m" OR "capex" OR "2018" OR "capital expenditures" OR "purchases of property"');
    expect(searchableTermCount(terms)).toBe(3);
    expect(queryTopicText("Apple buybacks")).toBe("apple buybacks repurchase");
  });

  it("reads the alternatives' common words only within the request's budget", () => {
    const passages: Record<string, number> = { capex: 10, capital: 30_000, expenditures: 9_000, purchases: 12_000, of: 100_000, property: 20_000 };
    const read = commonWordReader({ commonPassages: 8_000, pairWordPassages: 60_000, pairPassages: 50_000 });
    const terms = read(parseQuery("capex"), (word) => passages[word] ?? 0);
    // "capital expenditures" (39,000) fits the 50,000; "purchases of property" (132,000) does not.
    expect(terms.alternatives).toEqual([["capital", "expenditures"]]);
    // The budget is the request's: a second query finds 11,000 left.
    expect(read(parseQuery("capex"), (word) => passages[word] ?? 0).alternatives).toEqual([]);
    // Within a small scope every word is kept (no word counts).
    expect(commonWordReader({ commonPassages: 8_000, pairWordPassages: 60_000, pairPassages: 0 })(parseQuery("capex"), () => 0).alternatives).toHaveLength(2);
  });

  it("counts a shorthand word as present in the rerank where the text has its filing wording", () => {
    const query = rerankQuery("capex 2018");
    expect(queryTermCoverage(query, "Capital expenditures were $1,577 million in 2018.")).toBe(1);
    expect(queryTermCoverage(query, "Capital was raised in 2018.")).toBe(0);
    const [spelled, other] = rerankScores(
      [
        { fused: 1, text: "Capital expenditures were $1,577 million.", companyNames: "3M Company MMM", sectionTitle: null, fiscalYear: 2018 },
        { fused: 1, text: "Net sales were $32,765 million.", companyNames: "3M Company MMM", sectionTitle: null, fiscalYear: 2018 },
      ],
      [query],
    );
    expect(spelled).toBeGreaterThan(other!);
  });
});
