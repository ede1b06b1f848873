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

/**
 * Another filing holding a hit's passage: "FY2017", with its type when it differs from the hit's
 * ("FY2017 Annual report"); its id when it has no fiscal labels.
 */
export function twinFilingLabel(filing: { id: string; type: string; fiscal_year: number | null; fiscal_period: string | null }, hitType: string): string {
  const fiscal = fiscalLabel(filing);
  if (!fiscal) return filing.id;
  return filing.type === hitType ? fiscal : `${fiscal} ${filingTypeLabel(filing.type)}`;
}

export interface FiledWindowLike {
  date: string | null;
  earliest: string | null;
  latest: string | null;
}

/**
 * A filing against an as-of date: `public` when it was filed by then (at the latest), `after` when
 * it was filed after (at the earliest), `straddles` when its window (the filed date is not in the
 * data) spans the date, `unknown` without a window.
 */
export type FiledStatus = "public" | "after" | "straddles" | "unknown";

export function filedStatus(filed: FiledWindowLike, asOf: string): FiledStatus {
  if (filed.earliest === null || filed.latest === null || asOf === "") return "unknown";
  if (filed.latest <= asOf) return "public";
  if (filed.earliest > asOf) return "after";
  return "straddles";
}

/** "filed 2025-02-05", or the window where the data has no filed date ("filed 2016-12-31 to 2017-03-31, by the SEC deadline"). */
export function filedLabel(filed: FiledWindowLike): string {
  if (filed.date !== null) return `filed ${filed.date}`;
  if (filed.earliest === null || filed.latest === null) return "filed date not in the data";
  return `filed ${filed.earliest} to ${filed.latest} (by the SEC deadline; the date is not in the data)`;
}

/** The marker of a status against the screener's snapshot date. */
export function filedStatusLabel(status: FiledStatus, asOf: string): string {
  switch (status) {
    case "public":
      return `public by the snapshot (${asOf})`;
    case "after":
      return `filed after the snapshot (${asOf})`;
    case "straddles":
      return `may be filed after the snapshot (${asOf})`;
    case "unknown":
      return "filed date unknown";
  }
}

/** "2024–2025", or "2025" when both ends are the same year. */
export function yearRange(from: number | string, to: number | string): string {
  return String(from) === String(to) ? String(from) : `${from}–${to}`;
}
