import { type FilingType, FILING_TYPES, normaliseFilingType } from "@/lib/filings/filing-types";
import { type FiscalCalendar, CALENDAR_YEAR, fiscalQuarter, fiscalYearEndAfter, fiscalYearLabel } from "./fiscal-calendar";
import { DATE_PATTERN, dateParts, parseWrittenDate } from "./filing-dates";

export type FiscalPeriod = "FY" | "Q1" | "Q2" | "Q3" | "Q4";

/** What a document's own text (cover page, headline) says, before the company's calendar is applied. */
export interface CoverFacts {
  filingType: FilingType;
  /** End of the reported fiscal year or quarter. */
  periodEnd: string | null;
  /** Date of an 8-K's event ("Date of Report"), or of an edgartools filing. */
  reportDate: string | null;
  /** Quarter and year named in an earnings release headline ("Fourth Quarter Fiscal 2022"). */
  headline: { quarter: number; year: number } | null;
  /** The text the fiscal-year label is judged on (the whole document: "fiscal 2021 represented ..."). */
  labelText: string;
}

export interface FiscalFacts {
  fiscalYear: number | null;
  fiscalPeriod: FiscalPeriod | null;
}

const QUARTER_WORDS: Record<string, number> = { first: 1, second: 2, third: 3, fourth: 4, "1st": 1, "2nd": 2, "3rd": 3, "4th": 4 };

const collapse = (text: string) => text.replace(/\s+/g, " ");

/** The source's own type label (`10k`, `Earnings`, `10k_annualreport`) or the one in its file name. */
function sourceKind(sourceType: string | null, sourceName: string): FilingType | null {
  const fromLabel = sourceType ? normaliseFilingType(sourceType) : null;
  if (fromLabel !== null && (FILING_TYPES as readonly string[]).includes(fromLabel)) return fromLabel as FilingType;
  const name = sourceName.toUpperCase();
  if (name.includes("ANNUALREPORT")) return "annual-report";
  if (name.includes("EARNINGS")) return "earnings-release";
  if (/(^|_)10K(_|$)/.test(name)) return "10-K";
  if (/(^|_|\d)10Q(_|$)/.test(name)) return "10-Q";
  if (/(^|_|\d)8K(_|$)/.test(name)) return "8-K";
  return null;
}

const EARNINGS_HEADLINE =
  /\b(?:reports?|reported|announces?|delivers?|posts?)\b[^.]{0,100}?\b(?:first|second|third|fourth|1st|2nd|3rd|4th|q[1-4]|quarter(?:ly)?|full[- ]year|annual)\b[^.]{0,60}?\bresults\b/i;

/** Reads form, period end, event date and headline quarter from a document's first pages. */
export function readCoverFacts(pages: string[], sourceType: string | null, sourceName: string, filingDate: string | null): CoverFacts {
  const cover = collapse(pages.slice(0, 3).join(" ")).slice(0, 20_000);
  const opening = collapse(pages.slice(0, 6).join(" ")).slice(0, 40_000);
  const kind = sourceKind(sourceType, sourceName);
  const periodic = /\b(annual|quarterly) report\s+pursuant to section 13/i.exec(opening);
  const currentReport = /\bcurrent report\b.{0,40}pursuant to section 13|\bform 8-k\b/i.test(cover.slice(0, 3000));
  const earnings = EARNINGS_HEADLINE.test(cover.slice(0, 2500));

  let filingType: FilingType;
  if (periodic) {
    const form = periodic[1]!.toLowerCase() === "annual" ? "10-K" : "10-Q";
    filingType = kind === "annual-report" && form === "10-K" ? "annual-report" : form;
  } else if (kind === "8-K" && currentReport) {
    filingType = "8-K";
  } else if (earnings) {
    filingType = "earnings-release";
  } else if (currentReport) {
    filingType = "8-K";
  } else {
    filingType = kind ?? "8-K";
  }

  let periodEnd: string | null = null;
  if (filingType === "10-K" || filingType === "10-Q" || filingType === "annual-report") {
    const match = new RegExp(String.raw`for the (?:fiscal )?(?:year|quarterly period|quarter|period)\s+ended:?\s*(${DATE_PATTERN})`, "i").exec(opening);
    periodEnd = match ? parseWrittenDate(match[1]!) : null;
  } else if (filingType === "earnings-release") {
    const match = new RegExp(String.raw`(?:three months|quarter|13 weeks|thirteen weeks|14 weeks|fourteen weeks)\s+ended\s+(${DATE_PATTERN})`, "i").exec(cover);
    periodEnd = match ? parseWrittenDate(match[1]!) : null;
  }

  let reportDate = filingDate;
  if (filingType === "8-K") {
    const match = new RegExp(String.raw`date of report[^:]{0,60}:\s*(${DATE_PATTERN})`, "i").exec(cover);
    const named = /dated[-_](\d{4}-\d{2}-\d{2})/.exec(sourceName);
    reportDate = (match ? parseWrittenDate(match[1]!) : null) ?? named?.[1] ?? filingDate;
  }

  return {
    filingType,
    periodEnd,
    reportDate,
    headline: filingType === "earnings-release" ? headlineQuarter(cover.slice(0, 4000)) : null,
    labelText: pages.join("\n"),
  };
}

/** "Fourth Quarter Fiscal 2022", "second quarter 2023", "Fiscal 2023 First Quarter", "Q2 FY24". */
export function headlineQuarter(text: string): { quarter: number; year: number } | null {
  const patterns: [RegExp, (m: RegExpExecArray) => [string, string]][] = [
    [/\b(first|second|third|fourth|1st|2nd|3rd|4th)[- ]quarter(?:\s+(?:and|&)\s+(?:full[- ]year|fiscal year|year[- ]to[- ]date)[a-z ]*?)?(?:\s+of)?(?:\s+(?:fiscal|fy))?(?:\s+year)?[\s,]+((?:19|20)\d{2})\b/i, (m) => [m[1]!, m[2]!]],
    [/\bfiscal(?:\s+year)?\s+((?:19|20)\d{2})\s+(first|second|third|fourth)[- ]quarter/i, (m) => [m[2]!, m[1]!]],
    [/\bQ([1-4])\s*(?:(?:FY|F)\s*'?(\d{2})|((?:19|20)\d{2}))\b/, (m) => [m[1]!, m[2] ?? m[3]!]],
  ];
  for (const [pattern, pick] of patterns) {
    const match = pattern.exec(text);
    if (!match) continue;
    const [quarterText, yearText] = pick(match);
    const quarter = QUARTER_WORDS[quarterText.toLowerCase()] ?? Number(quarterText);
    const year = yearText.length === 2 ? 2000 + Number(yearText) : Number(yearText);
    if (quarter >= 1 && quarter <= 4 && year >= 1990 && year <= 2100) return { quarter, year };
  }
  return null;
}

/** The calendar a company's annual filings show (their latest fiscal year end and how they label it). */
export function learnCalendar(annual: CoverFacts[]): FiscalCalendar {
  const ends = annual.filter((f) => f.periodEnd !== null).sort((a, b) => (a.periodEnd! < b.periodEnd! ? 1 : -1));
  const latest = ends[0];
  if (!latest) return CALENDAR_YEAR;
  const { month, day } = dateParts(latest.periodEnd!);
  // A 52/53-week year ending January 1-7 belongs with December year ends.
  const calendar: FiscalCalendar = month === 1 && day <= 7 ? { ...CALENDAR_YEAR } : { endMonth: month, endDay: day, labelOffset: null };
  if (calendar.endMonth <= 2) {
    const offsets = ends.map((f) => fiscalYearLabel(f.periodEnd!, null, f.labelText) - dateParts(f.periodEnd!).year);
    calendar.labelOffset = offsets.filter((o) => o === -1).length > offsets.length / 2 ? -1 : 0;
  }
  return calendar;
}

/**
 * The period end an earnings release states, kept only when it is the quarter its headline names
 * (a release also cites the year-ago quarter and guidance periods).
 */
export function consistentPeriodEnd(facts: CoverFacts, fiscal: FiscalFacts, calendar: FiscalCalendar): string | null {
  if (facts.filingType !== "earnings-release" || !facts.periodEnd) return facts.periodEnd;
  const year = fiscalYearLabel(fiscalYearEndAfter(facts.periodEnd, calendar), calendar.labelOffset, facts.labelText);
  const quarter = quarterLabel(fiscalQuarter(facts.periodEnd, calendar));
  return year === fiscal.fiscalYear && quarter === fiscal.fiscalPeriod ? facts.periodEnd : null;
}

/** Fiscal year and period of one document, with its company's calendar. */
export function fiscalFacts(facts: CoverFacts, calendar: FiscalCalendar, namePeriod: { year: number; quarter: number | null } | null): FiscalFacts {
  const labelOf = (end: string) => fiscalYearLabel(end, calendar.labelOffset, facts.labelText);
  switch (facts.filingType) {
    case "10-K":
    case "annual-report":
      return { fiscalYear: facts.periodEnd ? labelOf(facts.periodEnd) : (namePeriod?.year ?? null), fiscalPeriod: "FY" };
    case "10-Q":
      if (!facts.periodEnd) return { fiscalYear: namePeriod?.year ?? null, fiscalPeriod: namePeriod?.quarter ? quarterLabel(namePeriod.quarter) : null };
      return { fiscalYear: labelOf(fiscalYearEndAfter(facts.periodEnd, calendar)), fiscalPeriod: quarterLabel(fiscalQuarter(facts.periodEnd, calendar)) };
    case "earnings-release": {
      // A garbled headline can read as any quarter of any year; trust it only near the named year.
      const headline = facts.headline && (!namePeriod || Math.abs(facts.headline.year - namePeriod.year) <= 1) ? facts.headline : null;
      const fromEnd = facts.periodEnd
        ? { fiscalYear: labelOf(fiscalYearEndAfter(facts.periodEnd, calendar)), fiscalPeriod: quarterLabel(fiscalQuarter(facts.periodEnd, calendar)) }
        : null;
      if (headline) return { fiscalYear: headline.year, fiscalPeriod: quarterLabel(headline.quarter) };
      return fromEnd ?? { fiscalYear: namePeriod?.year ?? null, fiscalPeriod: namePeriod?.quarter ? quarterLabel(namePeriod.quarter) : null };
    }
    case "8-K":
      return { fiscalYear: facts.reportDate ? labelOf(fiscalYearEndAfter(facts.reportDate, calendar)) : (namePeriod?.year ?? null), fiscalPeriod: null };
  }
}

const quarterLabel = (quarter: number) => `Q${quarter}` as FiscalPeriod;

/** Year and quarter a FinanceBench file name claims (`BESTBUY_2024Q2_10Q`): a last resort only. */
export function namedPeriod(sourceName: string): { year: number; quarter: number | null } | null {
  const match = /_((?:19|20)\d{2})(?:Q([1-4]))?(?:_|$)/.exec(sourceName);
  return match ? { year: Number(match[1]), quarter: match[2] ? Number(match[2]) : null } : null;
}
