import { AS_OF_DATE } from "@/lib/as-of";
import { marketDb } from "@/lib/db/market-db";
import { TTM_METRICS } from "@/lib/db/schema";
import { ensureDayValues } from "@/lib/market/day-values";
import { DAY_VALUE_COLUMNS, type DayValueColumn } from "@/lib/market/market-metrics";
import type { FieldDef } from "./catalog";
import { staleCutoff } from "./staleness";

/**
 * Where a screen reads its values. The default date's are columns of the companies row and the
 * fiscal_years table, built for it; any other trading day's are the company's row of the day's
 * table of values (computed from the stored series when first asked for, lib/market/day-values.ts) and the
 * fiscal_year_versions in force, joined to the companies row (docs/METRICS.md "Values as of any
 * date"). The compiler asks the source for every value column and fiscal-year table, so one
 * compiler serves both.
 */
/** The tables of a day's values: the day's table of values, and the latest fiscal year known that day. */
export type DayTable = "snapshot" | "latestYear";

export interface ScreenSource {
  /** The trading day read; null for the default date's columns. */
  date: string | null;
  /**
   * Joins after `FROM companies c` that bring the day's values the SQL built so far reads (call it
   * once the query's columns are known), with their parameters.
   */
  joins(required?: DayTable): { sql: string; params: unknown[] };
  /** The day's table a column is read from (a row there is then required for a value), or null for the companies row. */
  dayTable(name: string): DayTable | null;
  /** The SQL of a companies column on the day: a field's, a coverage flag's, the index membership's. */
  column(name: string): string;
  /** A fiscal-year table under `alias` (`FROM` text), and the condition (with a trailing AND) that keeps the rows of the day. */
  fiscalYears(alias: string): { table: string; scope: string; params: unknown[] };
  /** The TTM table under `alias`, and the condition (with a trailing AND) that keeps each company's TTM of the day. */
  trailing(alias: string): { table: string; scope: string; params: unknown[] };
  /** A source of the same day that has joined nothing yet, for a subquery with joins of its own. */
  fresh(): ScreenSource;
}

/** The SQL of a catalog field in a source (profile fields are the same on every date). */
export const fieldSql = (source: ScreenSource, field: FieldDef) => (field.profile ? field.sql : source.column(field.name));

/** Whether a metric rule group's metric has TTM values (ttm_versions columns). */
export const hasTrailing = (metric: string) => (TTM_METRICS as readonly string[]).includes(metric);

/**
 * The TTM versions in force on `date` whose period is not stale (a TTM ending more than 15 months
 * before the date trails nothing: docs/METRICS.md "Trailing twelve months").
 */
const trailingOn = (date: string) => (alias: string) => ({
  table: `ttm_versions ${alias}`,
  scope: `${alias}.valid_from <= ? AND ${alias}.valid_to > ? AND ${alias}.period_end >= ? AND `,
  params: [date, date, staleCutoff(date)],
});

/**
 * In the S&P 500 on `date` (`INDEX_MEMBERSHIP`), 1 or 0: its intervals of that day. A set computed
 * once per query (an EXISTS would probe the intervals per company), without the unjoined intervals
 * (a NULL in it would make "not in" NULL); the date is a literal, so the expression fits wherever
 * a column does, whatever the statement's parameter order.
 */
function indexMembership(date: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) throw new Error(`not a date: ${date}`);
  return `(c.id IN (SELECT m.company_id FROM index_membership_intervals m WHERE m.company_id IS NOT NULL AND m.start <= '${date}' AND (m."end" IS NULL OR m."end" > '${date}')))`;
}

/** The source column of S&P 500 membership on the day (companies.in_sp500 is "on any bundled list", the universe's). */
const INDEX_MEMBERSHIP = "in_sp500";

export const DEFAULT_SOURCE: ScreenSource = {
  date: null,
  joins: () => ({ sql: "", params: [] }),
  dayTable: () => null,
  column: (name) => (name === INDEX_MEMBERSHIP ? indexMembership(AS_OF_DATE) : `c."${name}"`),
  fiscalYears: (alias) => ({ table: `fiscal_years ${alias}`, scope: "", params: [] }),
  trailing: trailingOn(AS_OF_DATE),
  fresh: () => DEFAULT_SOURCE,
};

/** Market values, price signals and valuation: columns of the same name in the day's table. */
const MARKET_COLUMNS = new Set<string>(DAY_VALUE_COLUMNS);
export const isMarketColumn = (name: string): name is DayValueColumn => MARKET_COLUMNS.has(name);

/** Values of the latest fiscal year known on the day: fiscal_year_versions columns at offset 0. */
const LATEST_YEAR_COLUMNS: ReadonlyMap<string, string> = new Map([
  ...["revenue", "grossProfit", "operatingIncome", "netIncome", "eps", "ebit", "totalEquity", "totalDebt", "returnOnInvestedCapital", "grossMargin", "operatingMargin", "netMargin", "returnOnEquity", "debtToEquity", "fiscal_year", "period_end", "public_date"].map(
    (name): [string, string] => [name, `f0."${name}"`],
  ),
  ["fundamentals_source", "f0.source"],
]);

/** Coverage flags on the day. */
const DAY_FLAGS: ReadonlyMap<string, string> = new Map([
  ["has_prices", "coalesce(s.has_prices, 0)"],
  ["has_fundamentals", "(s.fy_from IS NOT NULL)"],
]);

/**
 * The values of trading day `date` (already snapped to one: see `tradingDayOn`), computed on this
 * thread's connection if it has not computed them yet: `columns` at once (every one by default; a
 * caller that runs many days asks for those it reads), any other the first time a query reads it. The source
 * remembers which of its tables a query read, and joins only those: a left join on the whole key
 * still costs one probe per company (SQLite does not drop it here), and most screens filter on
 * the companies row alone.
 */
export function asOfSource(date: string, columns: readonly DayValueColumn[] = DAY_VALUE_COLUMNS): ScreenSource {
  const table = ensureDayValues(marketDb(), date, columns);
  let snapshot = false;
  let latestYear = false;
  return {
    date,
    // A query that needs a value from a table may join it inner: SQLite can then read the day's
    // few hundred rows first instead of probing them once per company.
    joins: (required) => ({
      sql:
        (snapshot || latestYear ? `${required ? "" : "LEFT "}JOIN ${table} s ON s.company_id = c.id ` : "") +
        (latestYear ? `${required === "latestYear" ? "" : "LEFT "}JOIN fiscal_year_versions f0 ON f0.company_id = c.id AND f0.valid_from = s.fy_from AND f0.fy_offset = 0` : ""),
      params: [],
    }),
    dayTable: (name) => (isMarketColumn(name) ? "snapshot" : LATEST_YEAR_COLUMNS.has(name) ? "latestYear" : null),
    column: (name) => {
      if (isMarketColumn(name)) {
        // A column beyond those the source was made for is computed now, before any statement reads it.
        ensureDayValues(marketDb(), date, [name]);
        snapshot = true;
        return `s."${name}"`;
      }
      const latest = LATEST_YEAR_COLUMNS.get(name);
      if (latest) {
        latestYear = true;
        return latest;
      }
      if (name === INDEX_MEMBERSHIP) return indexMembership(date);
      const flag = DAY_FLAGS.get(name);
      if (flag) snapshot = true;
      return flag ?? `c."${name}"`;
    },
    fiscalYears: (alias) => ({ table: `fiscal_year_versions ${alias}`, scope: `${alias}.valid_from <= ? AND ${alias}.valid_to > ? AND `, params: [date, date] }),
    trailing: trailingOn(date),
    fresh: () => asOfSource(date, columns),
  };
}
