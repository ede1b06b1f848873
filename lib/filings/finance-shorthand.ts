import { distinctWordLists, textWords } from "./text-terms";

/**
 * Analysts' shorthand and the words filings use for the same thing: "Apple buybacks" should find
 * Apple's "repurchases of common stock", "3M capex" its "capital expenditures", "Walmart comps"
 * its "comparable sales", "Tesla guidance" its "outlook" (filings' "guidance" is mostly accounting
 * guidance). Keys are query words as parsed (lower case; "SG&A" parses to "sg"; "comps" but not
 * "comp", which also means compensation); each alternative is a word or a phrase as filings write
 * it, with no stopword in it (a phrase is read word by word, and a stopword's index list holds
 * nearly every passage). Ambiguous shorthand ("PPE": also protective equipment) is left out.
 */
const SHORTHAND: ReadonlyMap<string, readonly string[]> = new Map(
  (
    [
      [["buyback", "buybacks"], ["repurchase"]],
      [["capex"], ["capital expenditures"]],
      [["comps"], ["comparable sales"]],
      [["fcf"], ["free cash flow"]],
      [["opex"], ["operating expenses"]],
      [["sga", "sg"], ["administrative expenses"]],
      [["headcount"], ["employees"]],
      [["layoff", "layoffs"], ["workforce reduction"]],
      [["nii"], ["net interest income"]],
      [["sbc"], ["stock based compensation"]],
      [["nol", "nols"], ["net operating loss"]],
      [["bps"], ["basis points"]],
      [["lawsuit", "lawsuits"], ["litigation", "legal proceedings"]],
      [["writedown", "writedowns"], ["impairment"]],
      [["guidance"], ["outlook"]],
    ] as const
  ).flatMap(([words, alternatives]) => words.map((word) => [word, alternatives] as const)),
);

/** Every alternative of the table, as word lists (for checking the table). */
export const SHORTHAND_ALTERNATIVES: readonly string[][] = [...new Set([...SHORTHAND.values()].flat())].map(textWords);

/** At most this many distinct shorthand words of one query are expanded (each has at most two alternatives). */
export const MAX_SHORTHAND_WORDS = 3;

/** A query's distinct shorthand words (the first `MAX_SHORTHAND_WORDS`), each with its filing wording as word lists. */
export function shorthandIn(words: readonly string[]): { word: string; alternatives: string[][] }[] {
  return [...new Set(words)]
    .flatMap((word) => {
      const alternatives = SHORTHAND.get(word);
      return alternatives ? [{ word, alternatives: alternatives.map(textWords) }] : [];
    })
    .slice(0, MAX_SHORTHAND_WORDS);
}

/** The filing wording of a query's shorthand words, each alternative once ("buyback buybacks": one "repurchase"). */
export function shorthandAlternatives(words: readonly string[]): string[][] {
  return distinctWordLists(shorthandIn(words).flatMap((s) => s.alternatives));
}
