/** Dates as filings write them ("December 31, 2015", "Dec. 08, 2022", "MAY 29, 2022"). */

const MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];

/** A regular-expression source matching one written date (month name, day, year). */
export const DATE_PATTERN = String.raw`(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?\s*\d{1,2}\s*,?\s*(?:19|20)\d{2}`;

/** ISO date of a written date, or null when it is not one. */
export function parseWrittenDate(text: string): string | null {
  const match = /^([a-z]+)\.?\s*(\d{1,2})\s*,?\s*(\d{4})$/i.exec(text.trim());
  if (!match) return null;
  const month = MONTHS.indexOf(match[1]!.slice(0, 3).toLowerCase()) + 1;
  const day = Number(match[2]);
  const year = Number(match[3]);
  if (month === 0 || day < 1 || day > 31) return null;
  return `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

export interface DateParts {
  year: number;
  month: number;
  day: number;
}

export function dateParts(iso: string): DateParts {
  const [year, month, day] = iso.split("-").map(Number) as [number, number, number];
  return { year, month, day };
}

export const toTime = (iso: string) => Date.parse(`${iso}T00:00:00Z`);
export const DAY_MS = 86_400_000;
