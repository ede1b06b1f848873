import type { PriceDay } from "@/lib/market/price-rows";
import { type FiscalYearRow, fiscalYearRows } from "./company-metrics";
import type { FiscalYearInputs } from "./fiscal-years";

/**
 * A company's fiscal years on every date of the as-of range (docs/METRICS.md with D = that date),
 * from the same pure functions as the default date's: they change only on the days a fiscal year
 * becomes public (or a filing changes what the SEC has) and on split days, so they are stored as
 * versions. Market values are computed per day from the stored price series (lib/market/day-values.ts).
 */

/** The last date a version can be valid on (versions are valid in [from, to)). */
export const OPEN_END = "9999-12-31";

/** The fiscal years known on the dates [validFrom, validTo). */
export interface FiscalYearVersion {
  validFrom: string;
  validTo: string;
  rows: FiscalYearRow[];
}

/** How a company's fiscal years read on a date, and the dates on which that can change besides split days. */
export interface FiscalYearHistory {
  yearsAt: (asOf: string) => readonly FiscalYearInputs[];
  changeDates: readonly string[];
}

/** Fiscal years whose only change is becoming public (a fixed list with public dates). */
export function fixedYears(years: readonly FiscalYearInputs[]): FiscalYearHistory {
  return { yearsAt: () => years, changeDates: years.map((fy) => fy.publicDate) };
}

/**
 * The versions of a company's fiscal years from `start` on: one per date on which they change
 * (a public date, a split that restates per-share values), consecutive equal versions merged,
 * none before the first fiscal year is public.
 */
export function fiscalYearVersions(history: FiscalYearHistory, days: readonly PriceDay[] | undefined, start: string): FiscalYearVersion[] {
  const splitDates = (days ?? []).filter((d) => d.split !== 1).map((d) => d.date);
  const dates = [...new Set([start, ...history.changeDates, ...splitDates].filter((d) => d >= start))].sort();
  const versions: FiscalYearVersion[] = [];
  let previous = "";
  for (const date of dates) {
    const rows = fiscalYearRows(history.yearsAt(date), days, date);
    const key = JSON.stringify(rows);
    if (key === previous) continue;
    previous = key;
    const last = versions.at(-1);
    if (last) last.validTo = date;
    if (rows.length > 0) versions.push({ validFrom: date, validTo: OPEN_END, rows });
  }
  return versions;
}

/** The share count a version's market cap multiplies: that of its latest fiscal year that has one (rows sorted by offset). */
export const valuationShares = (rows: readonly FiscalYearRow[]): number | null => rows.find((fy) => fy.sharesOutstanding !== null)?.sharesOutstanding ?? null;

