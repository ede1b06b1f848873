import { describe, expect, it } from "vitest";
import { MAX_SHORTHAND_WORDS, SHORTHAND_ALTERNATIVES, shorthandAlternatives, shorthandIn } from "./finance-shorthand";
import { commonWordReader, ftsExpression, parseQuery, queryTopicText, searchableTermCount } from "./query-text";
import { STOPWORDS } from "./text-terms";

describe("finance shorthand", () => {
  it("gives the filing wording of an analyst's shorthand, singular or plural, as typed or parsed", () => {
    expect(shorthandIn(["apple", "buybacks"])).toEqual([{ word: "buybacks", alternatives: [["repurchase"]] }]);
    expect(shorthandIn(["buyback"])).toEqual([{ word: "buyback", alternatives: [["repurchase"]] }]);
    expect(shorthandIn(["capex"])[0]!.alternatives).toEqual([["capital", "expenditures"]]);
    // "SG&A" is read as the words "sg" and "a".
    expect(parseQuery("3M SG&A 2018").alternatives).toEqual([["administrative", "expenses"]]);
  });

  it("leaves words filings use themselves, and ambiguous ones, alone", () => {
    // "comp" is compensation as often as comparable sales; "comps" is the analyst's word for the latter; PPE is also protective equipment.
    expect(shorthandIn(["exec", "comp", "repurchase", "revenue", "ppe"])).toEqual([]);
    expect(shorthandIn(["walmart", "comps"])[0]!.alternatives).toEqual([["comparable", "sales"]]);
  });

  it("has no stopword in any alternative (a phrase reads every word's index list)", () => {
    for (const alternative of SHORTHAND_ALTERNATIVES) expect(alternative.filter((word) => STOPWORDS.has(word)), alternative.join(" ")).toEqual([]);
  });

  it(`expands at most ${MAX_SHORTHAND_WORDS} distinct words of a query, each alternative once`, () => {
    const words = ["capex", "capex", "fcf", "opex", "nii", "bps", "buybacks"];
    expect(shorthandIn(words).map((s) => s.word)).toEqual(["capex", "fcf", "opex"]);
    expect(shorthandAlternatives(["buyback", "buybacks"])).toEqual([["repurchase"]]);
  });
});

describe("shorthand in the keyword and embedding queries", () => {
  it("searches the filing wording beside the word as typed, without counting it against the request's term bounds", () => {
    const terms = parseQuery("3M's capex in 2018");
    expect(terms.alternatives).toEqual([["capital", "expenditures"]]);
    expect(ftsExpression(terms)).toBe('"3m" OR "capex" OR "2018" OR "capital expenditures"');
    // The bounds count what the user typed: a query within them stays within them.
    expect(searchableTermCount(terms)).toBe(3);
    expect(queryTopicText("Apple buybacks")).toBe("apple buybacks repurchase");
  });

  describe("reading the alternatives", () => {
    const passages: Record<string, number> = { capex: 10, capital: 14_000, expenditures: 4_000, net: 27_500, interest: 23_000, income: 24_500, rising: 1_000, rates: 24_500 };
    const passagesOf = (word: string) => passages[word] ?? 0;
    const bounds = { commonPassages: 8_000, pairWordPassages: 60_000, pairPassages: 150_000, alternativePassages: 40_000 };

    it("charges every read to the request's own budget for them, in a small scope too", () => {
      const read = commonWordReader(bounds);
      // "capital expenditures" (18,000) twice fits the 40,000; the third read does not, in any scope.
      expect(read(parseQuery("capex"), passagesOf, true).alternatives).toEqual([["capital", "expenditures"]]);
      expect(read(parseQuery("3M capex"), passagesOf, false).alternatives).toEqual([["capital", "expenditures"]]);
      expect(read(parseQuery("3M capex"), passagesOf, false).alternatives).toEqual([]);
      expect(read(parseQuery("NII"), passagesOf, true).alternatives).toEqual([]);
    });

    it("never take the budget of the pairs of common words", () => {
      const read = commonWordReader({ ...bounds, pairPassages: 50_000, alternativePassages: 150_000 });
      expect(ftsExpression(read(parseQuery("NII capex"), passagesOf, true))).toBe('"nii" OR "capex" OR "net interest income" OR "capital expenditures"');
      expect(ftsExpression(read(parseQuery("rising interest rates"), passagesOf, true))).toBe('"interest rates" OR "rising"');
    });
  });
});
