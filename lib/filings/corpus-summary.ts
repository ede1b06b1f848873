import type { CorpusCompany } from "./filing-search-repository";
import { yearRange } from "./filing-labels";

/** Companies the filings page lists by name; past that it gives the count and the search's ticker filter finds the rest. */
export const CORPUS_LISTED = 500;

/** What the filing search covers, as the filings page states it. */
export interface CorpusSummary {
  companies: number;
  filings: number;
  firstYear: number | null;
  lastYear: number | null;
  lastFiled: string | null;
  /** The first CORPUS_LISTED companies by name. */
  listed: CorpusCompany[];
}

export function corpusSummary(companies: readonly CorpusCompany[]): CorpusSummary {
  const years = companies.flatMap((c) => [c.first_year, c.last_year]).filter((y) => y !== null);
  const filed = companies.map((c) => c.last_filed).filter((d) => d !== null);
  return {
    companies: companies.length,
    filings: companies.reduce((sum, c) => sum + c.filings, 0),
    firstYear: years.length ? Math.min(...years) : null,
    lastYear: years.length ? Math.max(...years) : null,
    lastFiled: filed.length ? filed.reduce((a, b) => (a > b ? a : b)) : null,
    listed: companies.slice(0, CORPUS_LISTED),
  };
}

/** "fiscal years 2015–2025", "fiscal year 2024", or nothing when no filing states its year. */
export function yearSpan(first: number | null, last: number | null): string {
  if (first === null || last === null) return "";
  return `fiscal ${first === last ? "year" : "years"} ${yearRange(first, last)}`;
}
