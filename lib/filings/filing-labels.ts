import type { FilingType } from "./filing-types";

/** How pages name filings. Pure: safe to import from client components. */

export const FILING_TYPE_LABELS: Record<FilingType, string> = {
  "10-K": "10-K",
  "10-Q": "10-Q",
  "8-K": "8-K",
  "earnings-release": "Earnings release",
  "annual-report": "Annual report",
};

export const filingTypeLabel = (type: string) => FILING_TYPE_LABELS[type as FilingType] ?? type;

/** "FY2018", "FY2024 Q2" (the company's own fiscal labels), or "" when the filing has none. */
export function fiscalLabel(filing: { fiscal_year: number | null; fiscal_period: string | null }): string {
  if (filing.fiscal_year === null) return "";
  return filing.fiscal_period && filing.fiscal_period !== "FY" ? `FY${filing.fiscal_year} ${filing.fiscal_period}` : `FY${filing.fiscal_year}`;
}
