import { readFileSync } from "node:fs";
import { BundledFileError } from "./compressed-files";

export interface IndustryPath {
  sector: string;
  industryGroup: string;
  industry: string;
}

/** Maps a GICS sub-industry name to its industry, industry group and sector. */
export type IndustryClassifier = (subIndustry: string | null) => IndustryPath | null;

type Tree = Record<string, Record<string, Record<string, Record<string, string>>>>;

/** A classification label as matched: lower case, punctuation as single spaces ("Oil, Gas" ~ "oil gas"). */
export const labelKey = (name: string) => name.toLowerCase().replace(/[^a-z0-9]+/g, " ").trim();

/**
 * Builds the classifier from FinanceDatabase's `categories.json` (sector → industry group →
 * industry → sub-industry → description), so S&P 500 members classified only by GICS sub-industry
 * get the same sector and industry spellings as the rest of the universe.
 */
export function loadIndustryClassifier(file: string): IndustryClassifier {
  let tree: Tree;
  try {
    tree = JSON.parse(readFileSync(file, "utf8")) as Tree;
  } catch (error) {
    throw new BundledFileError(file, `cannot be parsed (${(error as Error).message})`);
  }
  const bySubIndustry = new Map<string, IndustryPath>();
  for (const [sector, groups] of Object.entries(tree)) {
    for (const [industryGroup, industries] of Object.entries(groups)) {
      for (const [industry, subIndustries] of Object.entries(industries)) {
        for (const subIndustry of Object.keys(subIndustries)) bySubIndustry.set(labelKey(subIndustry), { sector, industryGroup, industry });
        bySubIndustry.set(labelKey(industry), { sector, industryGroup, industry });
      }
    }
  }
  return (subIndustry) => (subIndustry ? (bySubIndustry.get(labelKey(subIndustry)) ?? null) : null);
}

/** GICS sectors renamed since the older index lists were written (2018: telecoms joined media as Communication Services). */
const RENAMED_SECTORS: Readonly<Record<string, string>> = { "Telecommunications Services": "Communication Services", "Telecommunication Services": "Communication Services" };

/** A GICS sector name as the rest of the universe spells it today. */
export const currentSectorName = (sector: string | null) => (sector === null ? null : (RENAMED_SECTORS[sector] ?? sector));
