import type { FilingType } from "@/lib/filings/filing-types";
import { shiftDays } from "@/lib/calendar";
import { DAY_MS, toTime } from "./filing-dates";
import { type FiscalCalendar, fiscalYearEndOf } from "./fiscal-calendar";

/**
 * When a filing became public. The edgartools documents carry their SEC filing date; FinanceBench's
 * do not, so their window runs from the end of the period they report (or an 8-K's event date) to
 * the latest date the SEC deadlines allow: 90 days after a fiscal year (10-K; large accelerated
 * filers have 60), 45 after a quarter (10-Q; 40), 4 business days after an 8-K's event. An earnings
 * release comes before the periodic report of its period, so it shares that report's deadline.
 * `latest` is what "public on or before a date" is judged by: it never admits a later filing.
 */
export interface FiledWindow {
  filed_date: string | null;
  filed_earliest: string | null;
  filed_latest: string | null;
}

export const FILING_DEADLINE_DAYS = { annual: 90, quarter: 45, currentReportBusinessDays: 4 } as const;

/**
 * Days either side of a period end estimated from the fiscal calendar: a company without an annual
 * filing in the corpus gets the calendar year, and retailers' years end up to two months after it.
 */
const ESTIMATE_SLACK_DAYS = 62;

export interface FiledWindowInput {
  filingType: FilingType;
  /** The SEC filing date, where the source gives it. */
  filingDate: string | null;
  periodEnd: string | null;
  /** An 8-K's event date. */
  reportDate: string | null;
  fiscalYear: number | null;
  fiscalPeriod: string | null;
  calendar: FiscalCalendar;
}

export function filedWindow(input: FiledWindowInput): FiledWindow {
  const { filingType, filingDate, periodEnd, reportDate, fiscalYear, fiscalPeriod, calendar } = input;
  if (filingDate !== null) return { filed_date: filingDate, filed_earliest: filingDate, filed_latest: filingDate };
  const unknown = { filed_date: null, filed_earliest: null, filed_latest: null };
  if (filingType === "8-K") {
    return reportDate === null ? unknown : { filed_date: null, filed_earliest: reportDate, filed_latest: addBusinessDays(reportDate, FILING_DEADLINE_DAYS.currentReportBusinessDays) };
  }
  const quarter = /^Q([1-3])$/.exec(fiscalPeriod ?? "");
  const deadline = quarter ? FILING_DEADLINE_DAYS.quarter : FILING_DEADLINE_DAYS.annual;
  if (periodEnd !== null) return { filed_date: null, filed_earliest: periodEnd, filed_latest: shiftDays(periodEnd, deadline) };
  if (fiscalYear === null) return unknown;
  // No stated period end: the fiscal calendar's, quarters counted back from the year end.
  const yearEnd = fiscalYearEndOf(fiscalYear, calendar);
  const estimatedEnd = quarter ? addMonths(yearEnd, 3 * (Number(quarter[1]) - 4)) : yearEnd;
  return {
    filed_date: null,
    filed_earliest: shiftDays(estimatedEnd, -ESTIMATE_SLACK_DAYS),
    filed_latest: shiftDays(estimatedEnd, deadline + ESTIMATE_SLACK_DAYS),
  };
}

const iso = (time: number) => new Date(time).toISOString().slice(0, 10);

/** Same day `months` later (clamped to the month's last day: a quarter before September 30 is June 30). */
function addMonths(date: string, months: number): string {
  const d = new Date(toTime(date));
  const target = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + months, 1));
  const last = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  return iso(Date.UTC(target.getUTCFullYear(), target.getUTCMonth(), Math.min(d.getUTCDate(), last)));
}

function addBusinessDays(date: string, days: number): string {
  let time = toTime(date);
  for (let left = days; left > 0; ) {
    time += DAY_MS;
    const weekday = new Date(time).getUTCDay();
    if (weekday !== 0 && weekday !== 6) left--;
  }
  return iso(time);
}
