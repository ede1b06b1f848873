import { DAY_MS, dateParts, toTime } from "./filing-dates";

/**
 * How a company labels its fiscal years, in SEC's DocumentFiscalYearFocus convention: the year in
 * which the fiscal year ends, except that 52/53-week years ending in the first days of January belong
 * to the year before, and that retailers whose years end in late January or early February differ
 * (Best Buy's year ended January 28, 2023 is "fiscal 2023"; Foot Locker's ended January 29, 2022 is
 * "fiscal 2021"), which only the filing's own words tell.
 */
export interface FiscalCalendar {
  /** Month and day on which the fiscal year ends (52/53-week years end within a week of it). */
  endMonth: number;
  endDay: number;
  /** Label minus the calendar year of the end date, for years ending in January or February. */
  labelOffset: number | null;
}

export const CALENDAR_YEAR: FiscalCalendar = { endMonth: 12, endDay: 31, labelOffset: null };

/** The fiscal-year label of a year ending on `end`, given the company's known offset or the text's evidence. */
export function fiscalYearLabel(end: string, labelOffset: number | null, text = ""): number {
  const { year, month, day } = dateParts(end);
  if (month === 1 && day <= 7) return year - 1;
  if (month > 2) return year;
  if (labelOffset !== null) return year + labelOffset;
  return year + labelOffsetFromText(end, text);
}

/**
 * -1 when the filing calls the year ending on `end` by the year before ("Fiscal year 2021 ...
 * represented the 52 weeks ended January 29, 2022", or "fiscal 2021" outnumbering "fiscal 2022").
 */
export function labelOffsetFromText(end: string, text: string): number {
  const { year } = dateParts(end);
  // "2021, 2020, and 2019 represented the 52 weeks ended January 29, 2022, ...": the first year goes with the first date.
  const explicit = /\b((?:19|20)\d{2})(?:,?\s+(?:and\s+)?(?:19|20)\d{2})*,?\s+represent(?:s|ed)?\s+the\s+5[23][- ]weeks?\s+ended\s+([a-z]+\.?\s*\d{1,2},?\s*\d{4})/i.exec(text);
  if (explicit && explicit[2]!.replace(/\s+/g, " ").includes(String(year))) {
    const label = Number(explicit[1]);
    if (label === year || label === year - 1) return label - year;
  }
  const count = (label: number) => (text.match(new RegExp(String.raw`\bfiscal\s+(?:year\s+)?${label}\b`, "gi")) ?? []).length;
  return count(year - 1) > count(year) ? -1 : 0;
}

/** End date of the fiscal year that contains `date` (a year ending within ten days after it counts). */
export function fiscalYearEndAfter(date: string, calendar: FiscalCalendar): string {
  const { year } = dateParts(date);
  let end = isoDate(year, calendar.endMonth, calendar.endDay);
  if (toTime(end) < toTime(date) - 10 * DAY_MS) end = isoDate(year + 1, calendar.endMonth, calendar.endDay);
  return end;
}

/** End date of the fiscal year a company labels `label` (the inverse of fiscalYearLabel). */
export function fiscalYearEndOf(label: number, calendar: FiscalCalendar): string {
  return isoDate(calendar.endMonth <= 2 ? label - (calendar.labelOffset ?? 0) : label, calendar.endMonth, calendar.endDay);
}

/** Fiscal quarter (1-4) that ends on `quarterEnd`, counted from the previous fiscal year end. */
export function fiscalQuarter(quarterEnd: string, calendar: FiscalCalendar): number {
  const yearEnd = fiscalYearEndAfter(quarterEnd, calendar);
  const previous = toTime(isoDate(dateParts(yearEnd).year - 1, calendar.endMonth, calendar.endDay));
  const months = (toTime(quarterEnd) - previous) / (30.44 * DAY_MS);
  return Math.min(4, Math.max(1, Math.round(months / 3)));
}

function isoDate(year: number, month: number, day: number): string {
  // Clamp the day to the month (a calendar learned from "February 29" or "November 30").
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${year}-${String(month).padStart(2, "0")}-${String(Math.min(day, last)).padStart(2, "0")}`;
}
