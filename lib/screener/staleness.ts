import { daysBetween, shiftMonths } from "@/lib/calendar";
import { plural } from "./value-format";

/**
 * Staleness (docs/METRICS.md "Staleness"): a fiscal year is stale as of `D` when it ended more than
 * 15 months before `D`, i.e. its period end is before `D` minus 15 months (the day kept, or clamped
 * to the month's last). Pure: the screener service, the results table and the company page share it.
 */

export const STALE_AFTER_MONTHS = 15;

/** The earliest period end that is not stale as of `asOf`. */
export const staleCutoff = (asOf: string) => shiftMonths(asOf, -STALE_AFTER_MONTHS);

export const isStale = (periodEnd: string, asOf: string) => periodEnd < staleCutoff(asOf);

/** Whole months from `start` to `end` (the last n with `start` + n months on or before `end`). */
export function monthsBetween(start: string, end: string): number {
  const index = (date: string) => Number(date.slice(0, 4)) * 12 + Number(date.slice(5, 7));
  const months = index(end) - index(start);
  return shiftMonths(start, months) <= end ? months : months - 1;
}

/**
 * Output fields whose value rests on the latest fiscal year: its values, and the market values
 * built on them (market cap's share count comes from that year or an older one).
 */
export const FISCAL_YEAR_VALUE_FIELDS: readonly string[] = [
  "marketCap_usd", "enterpriseValue_usd", "peRatio", "priceToSales", "priceToBook", "evToEbitda",
  "revenue", "grossProfit", "operatingIncome", "netIncome", "ebit", "eps", "totalEquity", "totalDebt",
  "returnOnInvestedCapital", "returnOnEquity", "grossMargin", "operatingMargin", "netMargin", "debtToEquity",
];

/** Output fields computed from the latest fiscal year's period end and the as-of date, after the query. */
export const STALENESS_FIELDS: readonly string[] = ["fundamentals_stale", "stale_fields"];

/**
 * A row's staleness fields: the query loads each of them as the latest fiscal year's period end
 * (null without one), which this replaces by the value: `fundamentals_stale`, and `stale_fields`,
 * the row's loaded fields with a value that rests on a stale fiscal year.
 */
export function withStaleness(row: Record<string, unknown>, fields: readonly string[], asOf: string): Record<string, unknown> {
  const loaded = STALENESS_FIELDS.filter((name) => fields.includes(name));
  if (loaded.length === 0) return row;
  const periodEnd = row[loaded[0]!];
  const stale = typeof periodEnd === "string" ? isStale(periodEnd, asOf) : null;
  const values: Record<string, unknown> = {
    fundamentals_stale: stale,
    stale_fields: stale === null ? null : stale ? fields.filter((f) => FISCAL_YEAR_VALUE_FIELDS.includes(f) && row[f] !== null && row[f] !== undefined) : [],
  };
  return { ...row, ...Object.fromEntries(loaded.map((name) => [name, values[name]])) };
}

/** What a stale value rests on: "FY2016, ended 2016-06-30, 57 months and 22 days before 2021-04-21". */
export function staleNote(fiscalYear: unknown, periodEnd: string, asOf: string): string {
  const year = typeof fiscalYear === "number" ? `FY${fiscalYear}, ` : "";
  const months = monthsBetween(periodEnd, asOf);
  const days = daysBetween(shiftMonths(periodEnd, months), asOf);
  return `${year}ended ${periodEnd}, ${plural(months, "month")}${days > 0 ? ` and ${plural(days, "day")}` : ""} before ${asOf}`;
}

/** Why a row's field is stale ("FY2016, ended …"), or null when `stale_fields` does not list it. */
export function staleFieldNote(row: Record<string, unknown>, field: string, asOf: string): string | null {
  const listed = Array.isArray(row.stale_fields) && row.stale_fields.includes(field);
  return listed && typeof row.period_end === "string" ? staleNote(row.fiscal_year, row.period_end, asOf) : null;
}
