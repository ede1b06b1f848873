import { textWords } from "./text-terms";

/**
 * Analysts' shorthand and the words filings use for the same thing: "Apple buybacks" should find
 * Apple's "repurchases of common stock", "3M capex" its "capital expenditures", "Walmart comps"
 * its "comparable sales". Keys are query words as typed (lower case; "comps" but not "comp", which
 * also means compensation); each alternative is a word or a phrase as filings write it. Only terms
 * filings seldom spell the analyst's way are listed.
 */
const SHORTHAND: ReadonlyMap<string, readonly string[]> = new Map(
  (
    [
      [["buyback", "buybacks"], ["repurchase"]],
      [["capex"], ["capital expenditures", "purchases of property"]],
      [["comps"], ["comparable sales"]],
      [["fcf"], ["free cash flow"]],
      [["opex"], ["operating expenses"]],
      [["sga"], ["selling general and administrative"]],
      [["headcount"], ["employees"]],
      [["layoff", "layoffs"], ["workforce reduction", "reduction in force"]],
      [["nii"], ["net interest income"]],
      [["eps"], ["earnings per share"]],
      [["cogs"], ["cost of sales"]],
      [["ppe"], ["property plant and equipment"]],
      [["sbc"], ["stock based compensation"]],
      [["nol", "nols"], ["net operating loss"]],
      [["bps"], ["basis points"]],
      [["lawsuit", "lawsuits"], ["litigation", "legal proceedings"]],
      [["writedown", "writedowns"], ["impairment"]],
      [["guidance"], ["outlook"]],
    ] as const
  ).flatMap(([words, alternatives]) => words.map((word) => [word, alternatives] as const)),
);

/** At most this many words of one query are expanded (each has at most two alternatives). */
export const MAX_SHORTHAND_WORDS = 3;

/** A query's shorthand words (the first `MAX_SHORTHAND_WORDS` of them), each with its filing wording as word lists. */
export function shorthandIn(words: readonly string[]): { word: string; alternatives: string[][] }[] {
  return words
    .flatMap((word) => {
      const alternatives = SHORTHAND.get(word);
      return alternatives ? [{ word, alternatives: alternatives.map(textWords) }] : [];
    })
    .slice(0, MAX_SHORTHAND_WORDS);
}
