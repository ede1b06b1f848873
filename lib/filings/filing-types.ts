/** Filing types as the product names them; `filing_type` filters accept any spelling listed here. */
export const FILING_TYPES = ["10-K", "10-Q", "8-K", "earnings-release", "annual-report"] as const;
export type FilingType = (typeof FILING_TYPES)[number];

const ALIASES: Record<string, FilingType> = {
  "10K": "10-K",
  "10Q": "10-Q",
  "8K": "8-K",
  EARNINGSRELEASE: "earnings-release",
  EARNINGS: "earnings-release",
  PRESSRELEASE: "earnings-release",
  ANNUALREPORT: "annual-report",
  "10KANNUALREPORT": "annual-report",
  ARS: "annual-report",
};

/** A spelling's comparison key: `10-K`, `10K`, `10-k` and `10 k` are the same. */
export const filingTypeKey = (value: string) => value.toUpperCase().replace(/[^A-Z0-9]/g, "");

/**
 * The product's filing type for a user's or a source's spelling; an unknown type (`20-F`) keeps its
 * own key so a filter on it matches nothing rather than failing.
 */
export function normaliseFilingType(value: string): FilingType | string {
  const key = filingTypeKey(value);
  return ALIASES[key] ?? key;
}
