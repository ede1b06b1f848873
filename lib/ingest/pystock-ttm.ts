import { daysBetween as days, shiftDays as shift } from "@/lib/calendar";
import { ratio } from "@/lib/market/market-metrics";
import { type PystockReport, isPlausibleRevenue } from "./pystock-reports";

/**
 * Trailing-twelve-month values from the 10-Ks and 10-Qs of the pystock archives (docs/METRICS.md
 * "Trailing twelve months"), as known on any date. A 10-Q's income lines cover its quarter, so the
 * TTM at a 10-Q is the last annual report plus this fiscal year's quarters to date minus the same
 * quarters of the year before; at a 10-K it is the 10-K. Equity is the latest period's. Each version
 * holds from the filing day that changed what was known until the next: the TTM of the latest period
 * filed, or nothing when that period's TTM cannot be computed (an older TTM is not carried on).
 */

export interface TrailingValues {
  revenue: number | null;
  operatingIncome: number | null;
  netIncome: number | null;
  /** At the period's end (a balance, not a sum). */
  totalEquity: number | null;
  operatingMargin: number | null;
  netMargin: number | null;
  returnOnEquity: number | null;
}

export interface TrailingVersion extends TrailingValues {
  validFrom: string;
  /** The latest period filed on validFrom, whose TTM this is. */
  periodEnd: string;
  basis: "10-K" | "10-Q";
}

type Line = "revenue" | "operatingIncome" | "netIncome";
const LINES: readonly Line[] = ["revenue", "operatingIncome", "netIncome"];

/** One period's values as known on a day: its first filing with each later amendment's values laid over it. */
interface Period {
  docType: "10-K" | "10-Q";
  endDate: string;
  revenue: number | null;
  operatingIncome: number | null;
  netIncome: number | null;
  totalEquity: number | null;
}

/** The period's revenue where it can be the total (lib/ingest/pystock-reports.ts `isPlausibleRevenue`). */
const plausibleRevenue = (p: Pick<Period, "revenue" | "operatingIncome" | "netIncome">) =>
  p.revenue !== null && isPlausibleRevenue(p.revenue, p.operatingIncome, p.netIncome) ? p.revenue : null;

/** The sum of the line over the periods, null when any lacks it. */
function sum(periods: readonly Period[], line: Line): number | null {
  let total = 0;
  for (const p of periods) {
    const value = line === "revenue" ? plausibleRevenue(p) : p[line];
    if (value === null) return null;
    total += value;
  }
  return total;
}

/** The quarters (10-Qs) ending in (from, to], oldest first. */
const quartersIn = (periods: readonly Period[], from: string, to: string) =>
  periods.filter((p) => p.docType === "10-Q" && p.endDate > from && p.endDate <= to).sort((a, b) => (a.endDate < b.endDate ? -1 : 1));

/** The income lines of the twelve months to `latest`, or null when the reports known do not give them. */
function trailingLines(latest: Period, periods: readonly Period[]): Record<Line, number | null> | null {
  if (latest.docType === "10-K") return { revenue: plausibleRevenue(latest), operatingIncome: latest.operatingIncome, netIncome: latest.netIncome };
  // The last fiscal year ended two to ten months before this quarter.
  const annual = periods
    .filter((p) => p.docType === "10-K" && days(p.endDate, latest.endDate) >= 60 && days(p.endDate, latest.endDate) <= 300)
    .sort((a, b) => (a.endDate < b.endDate ? 1 : -1))[0];
  if (!annual) return null;
  const count = Math.round(days(annual.endDate, latest.endDate) / 91.3);
  const current = quartersIn(periods, annual.endDate, latest.endDate);
  // The year before's quarters to the same point: ending a year (give or take three weeks) before these.
  const before = quartersIn(periods, shift(annual.endDate, -345), shift(latest.endDate, -345));
  if (current.length !== count || before.length !== count) return null;
  const lines = Object.fromEntries(
    LINES.map((line) => {
      const values = [sum([annual], line), sum(current, line), sum(before, line)];
      return [line, values.includes(null) ? null : values[0]! + values[1]! - values[2]!];
    }),
  ) as Record<Line, number | null>;
  return { ...lines, revenue: plausibleRevenue(lines) };
}

function trailingValues(latest: Period, periods: readonly Period[]): TrailingValues | null {
  const lines = trailingLines(latest, periods);
  if (!lines) return null;
  return {
    ...lines,
    totalEquity: latest.totalEquity,
    operatingMargin: ratio(lines.operatingIncome, lines.revenue),
    netMargin: ratio(lines.netIncome, lines.revenue),
    returnOnEquity: ratio(lines.netIncome, latest.totalEquity),
  };
}

/** One symbol's TTM versions from its reports (any order), oldest first; a day without a computable TTM ends the one before. */
function symbolVersions(reports: readonly PystockReport[]): TrailingVersion[] {
  const byFiled = [...reports].sort((a, b) => (a.filed < b.filed ? -1 : a.filed > b.filed ? 1 : 0));
  const known = new Map<string, Period>();
  const versions: TrailingVersion[] = [];
  let lastValues: string | null = null;
  for (let i = 0; i < byFiled.length; i++) {
    const report = byFiled[i]!;
    const key = `${report.docType} ${report.endDate}`;
    const earlier = known.get(key);
    const pick = (value: number | null, before: number | null | undefined) => value ?? before ?? null;
    known.set(key, {
      docType: report.docType,
      endDate: report.endDate,
      revenue: pick(report.revenues, earlier?.revenue),
      operatingIncome: pick(report.operatingIncome, earlier?.operatingIncome),
      netIncome: pick(report.netIncome, earlier?.netIncome),
      totalEquity: pick(report.equity, earlier?.totalEquity),
    });
    // A day's filings are read together.
    if (byFiled[i + 1]?.filed === report.filed) continue;
    const periods = [...known.values()];
    const latest = periods.reduce((a, b) => (b.endDate > a.endDate || (b.endDate === a.endDate && b.docType === "10-K") ? b : a));
    const values = trailingValues(latest, periods);
    const text = values && JSON.stringify([latest.endDate, values]);
    if (text === lastValues) continue;
    lastValues = text;
    if (values) versions.push({ validFrom: report.filed, periodEnd: latest.endDate, basis: latest.docType, ...values });
    else if (versions.length > 0) versions.push({ validFrom: report.filed, periodEnd: latest.endDate, basis: latest.docType, ...NO_VALUES });
  }
  return versions;
}

const NO_VALUES: TrailingValues = {
  revenue: null, operatingIncome: null, netIncome: null, totalEquity: null, operatingMargin: null, netMargin: null, returnOnEquity: null,
};

/** Each symbol's TTM versions. A report filed for several share classes ("GOOG/GOOGL") belongs to each. */
export function pystockTrailingVersions(reports: readonly PystockReport[]): Map<string, TrailingVersion[]> {
  const bySymbol = new Map<string, PystockReport[]>();
  for (const report of reports) {
    for (const symbol of report.symbols) {
      const list = bySymbol.get(symbol) ?? [];
      list.push(report);
      bySymbol.set(symbol, list);
    }
  }
  return new Map([...bySymbol].map(([symbol, list]) => [symbol, symbolVersions(list)]));
}
