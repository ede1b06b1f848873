import { formatCount } from "@/lib/screener/value-format";

/*
 * How coverage reads where a choice is made: a choice that only a handful of companies can pass
 * (or none) is marked, so that it is not offered as if it were as good as the others.
 */

/** Fewer companies than this make a choice "very little": a screen of them is barely a screen. */
const FEW_COMPANIES = 20;

export type CoverageLevel = "none" | "low" | "ok";

/** `n` against the best choice of the same picker (a twentieth of it, or fewer than 20, is low). */
export function coverageLevel(n: number, best = 0): CoverageLevel {
  if (n === 0) return "none";
  return n < FEW_COMPANIES || n < best / 20 ? "low" : "ok";
}

const companies = (n: number) => `${formatCount(n)} ${n === 1 ? "company" : "companies"}`;

/** The suffix of an option: "(2 companies, few)", "(no data)". */
export function optionCoverage(n: number | undefined, best: number): string {
  if (n === undefined) return "";
  const level = coverageLevel(n, best);
  return level === "none" ? " (no data)" : ` (${companies(n)}${level === "low" ? ", few" : ""})`;
}

/** "5 years: 2 companies have data". */
export const haveData = (choice: string, n: number) => `${choice}: ${n === 0 ? "no company has" : `${companies(n)} ${n === 1 ? "has" : "have"}`} data`;

export const COVERAGE_TEXT: Record<CoverageLevel, string> = {
  none: "text-red-700 dark:text-red-400",
  low: "text-amber-700 dark:text-amber-400",
  ok: "text-zinc-500",
};
