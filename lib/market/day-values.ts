import type Database from "better-sqlite3";
import { z } from "zod";
import { shiftDays, shiftYears } from "@/lib/calendar";
import { ConnectionCache } from "@/lib/db/connection-cache";
import { type Anchors, DAY_VALUE_COLUMNS, type DayValues, FIVE_YEARS_AGO_MEMBERS, type ValuationInputs, YEAR_AGO_MEMBERS, classValues, marketMetrics, valuation } from "./market-metrics";
import { PRICE_ROW_COLUMNS, PRICE_ROW_MEMBERS, type PriceRow } from "./price-rows";
import { BACK_MEMBERS, SMA_DAYS } from "./price-signals";

/**
 * Every company's market values and valuation on one trading day (docs/METRICS.md "Values as of
 * any date"), computed when a screen first asks for the day: a few rows of daily_prices per
 * company (the last on or before the day, a year and five years earlier: their running sums give
 * any window's return, volatility and dividends) and the fiscal-year version in force. Nothing is
 * stored per company and day.
 */

/** One company's row of a day. */
export interface CompanyDay {
  companyId: number;
  /** A price history had begun by the day (docs/METRICS.md: prices by the as-of date). */
  hasPrices: boolean;
  /** `valid_from` of the fiscal-year version in force, or null before any is public. */
  fyFrom: string | null;
  values: DayValues;
}

/** A column's declared type (better-sqlite3's `columns()`), null allowed only where the schema allows it. */
type Declared = "TEXT" | "REAL" | "INTEGER";

/** Each connection's statements of a day, prepared and checked once. */
const statements = new WeakMap<Database.Database, Map<string, Database.Statement>>();

/**
 * Rows as arrays, for the hot path of a day (three rows of every company): instead of parsing every
 * value (a zod parse of the ~20,000 rows took 30-100 ms, the query itself 15 ms), the statement's
 * columns are checked once against the declared types of the schema (lib/db/schema.ts), as
 * SqlRowids checks only the type of row ids.
 */
function rawRows(db: Database.Database, sql: string, params: Record<string, string>, declared: readonly Declared[]): unknown[][] {
  let prepared = statements.get(db);
  if (!prepared) statements.set(db, (prepared = new Map()));
  let statement = prepared.get(sql);
  if (!statement) {
    statement = db.prepare(sql).raw();
    const types = statement.columns().map((c) => c.type);
    if (types.length !== declared.length || types.some((t, i) => t !== declared[i])) throw new Error(`day values: columns ${types.join(", ")}, expected ${declared.join(", ")}`);
    prepared.set(sql, statement);
  }
  return statement.all(params) as unknown[][];
}

/** The fiscal-year versions in force on the day, offset 0: what valuation reads. */
const VERSIONS_ON = `
  SELECT company_id, valid_from, valuation_shares, eps, revenue, totalEquity, totalDebt, cash, ebit, depreciation
  FROM fiscal_year_versions WHERE fy_offset = 0 AND valid_from <= @day AND valid_to > @day`;
const VERSION_TYPES: readonly Declared[] = ["INTEGER", "TEXT", ...Array<Declared>(8).fill("REAL")];

/** The companies with a price history or a public fiscal year by the day, the primary listing of each one's issuer, the first price day. */
const COMPANIES_ON = `
  SELECT s.company_id, c.issuer_id, s.prices_from FROM company_series s JOIN companies c ON c.id = s.company_id
  WHERE s.prices_from <= @day OR s.versions_from <= @day`;

/** A row's members as columns of `p`, after the company id. */
const selectOf = (members: readonly (keyof PriceRow)[]) => `p.company_id, ${members.map((m) => `p.${PRICE_ROW_COLUMNS[m]}`).join(", ")}`;
const declaredType = (member: keyof PriceRow): Declared => (member === "date" ? "TEXT" : member === "dayIndex" || member === "dividendsUnknown" ? "INTEGER" : "REAL");

/** Every company's row on trading day @exact: one range of the table (its key starts with the date). */
const rowsOn = (select: string) => `SELECT ${select} FROM daily_prices p WHERE p.date = @exact`;

/**
 * The last row before @exact of the companies priced within the week to the day (@weekBefore)
 * whose history has a gap at @exact or ended before it: few, each found through the company index.
 */
const rowsBefore = (select: string) => `
  SELECT ${select} FROM company_series s
  JOIN daily_prices p ON p.company_id = s.company_id AND p.date = (SELECT max(date) FROM daily_prices WHERE company_id = s.company_id AND date < @exact)
  WHERE s.prices_from < @exact AND s.prices_to > @weekBefore
    AND NOT EXISTS (SELECT 1 FROM daily_prices x WHERE x.date = @exact AND x.company_id = s.company_id)`;

/**
 * How an anchor is read: its members' columns and how a row of them becomes an object. Each reads
 * only the members its metrics use: a day reads tens of thousands of anchors, and a backtest
 * millions, whose cost is mostly the values crossing from SQLite.
 */
interface AnchorRead<T> {
  on: string;
  before: string;
  types: readonly Declared[];
  decode: (row: unknown[]) => T;
}

/**
 * Rows of these members as objects, by name: a loop over the names costs a tenth of reading the
 * values (Object.fromEntries cost several times the query). The statement's column types were
 * checked against the schema once (rawRows).
 */
function anchorRead<const M extends keyof PriceRow>(members: readonly M[]): AnchorRead<Pick<PriceRow, M>> {
  const select = selectOf(members);
  const decode = (r: unknown[]) => {
    const row: Partial<Record<M, unknown>> = {};
    members.forEach((m, i) => (row[m] = r[i + 1]));
    return row as Pick<PriceRow, M>;
  };
  return { on: rowsOn(select), before: rowsBefore(select), types: ["INTEGER", ...members.map(declaredType)], decode };
}

const DAY_ROW = anchorRead(PRICE_ROW_MEMBERS);
const YEAR_AGO_ROW = anchorRead(YEAR_AGO_MEMBERS);
const FIVE_YEARS_AGO_ROW = anchorRead(FIVE_YEARS_AGO_MEMBERS);
const BACK_ROW = anchorRead(BACK_MEMBERS);

/** Each company's last row on or before `date`, among those priced in the week to `day`. */
function anchorsOn<T>(db: Database.Database, read: AnchorRead<T>, date: string | null, weekBefore: string): Map<number, T> {
  const anchors = new Map<number, T>();
  if (date === null) return anchors;
  for (const sql of [read.on, read.before]) {
    for (const r of rawRows(db, sql, { exact: date, weekBefore }, read.types)) anchors.set(r[0] as number, read.decode(r));
  }
  return anchors;
}

/** Each company's fiscal-year version in force on the day: its `valid_from` and what valuation reads. */
function versionsOn(db: Database.Database, day: string): Map<number, ValuationInputs & { fyFrom: string }> {
  const n = (v: unknown) => v as number | null;
  return new Map(
    rawRows(db, VERSIONS_ON, { day }, VERSION_TYPES).map((r) => [
      r[0] as number,
      { fyFrom: r[1] as string, shares: n(r[2]), eps: n(r[3]), revenue: n(r[4]), totalEquity: n(r[5]), totalDebt: n(r[6]), cash: n(r[7]), ebit: n(r[8]), depreciation: n(r[9]) },
    ]),
  );
}

/** The last day with a price on or before `date`, or null before the first (the as-of range starts later than the prices). */
const tradingDayOnOrBefore = (db: Database.Database, date: string) =>
  z.string().nullable().parse(db.prepare("SELECT max(date) FROM daily_prices WHERE date <= ?").pluck().get(date));

/**
 * The trading day `n` trading days before `day` (a day with any price row), or null before the
 * prices: n steps back, each one seek of the table's key (its first column is the date).
 */
const TRADING_DAYS_BEFORE = `
  WITH RECURSIVE back (date, n) AS (
    SELECT max(date), 0 FROM daily_prices WHERE date <= @day
    UNION ALL SELECT (SELECT max(date) FROM daily_prices WHERE date < back.date), n + 1 FROM back WHERE n < @n AND back.date IS NOT NULL
  ) SELECT date FROM back WHERE n = @n`;
const tradingDaysBefore = (db: Database.Database, day: string, n: number) =>
  z.string().nullable().parse(db.prepare(TRADING_DAYS_BEFORE).pluck().get({ day, n }) ?? null);

/** Every company's values on trading day `day`, read from `db`. */
export function computeDayValues(db: Database.Database, day: string): CompanyDay[] {
  const weekBefore = shiftDays(day, -7);
  const onDay = anchorsOn(db, DAY_ROW, tradingDayOnOrBefore(db, day), weekBefore);
  const yearAgo = anchorsOn(db, YEAR_AGO_ROW, tradingDayOnOrBefore(db, shiftYears(day, -1)), weekBefore);
  const fiveYearsAgo = anchorsOn(db, FIVE_YEARS_AGO_ROW, tradingDayOnOrBefore(db, shiftYears(day, -5)), weekBefore);
  const [back20, back50, back200] = SMA_DAYS.map((n) => anchorsOn(db, BACK_ROW, tradingDaysBefore(db, day, n), weekBefore));
  const versions = versionsOn(db, day);
  const companies = rawRows(db, COMPANIES_ON, { day }, ["INTEGER", "INTEGER", "TEXT"]).map((r) => ({
    companyId: r[0] as number,
    issuerId: r[1] as number,
    pricedFrom: r[2] as string | null,
  }));
  const days = new Map<number, CompanyDay>();
  for (const { companyId, pricedFrom } of companies) {
    const version = versions.get(companyId) ?? null;
    const anchors = {
      day: onDay.get(companyId) ?? null,
      yearAgo: yearAgo.get(companyId) ?? null,
      fiveYearsAgo: fiveYearsAgo.get(companyId) ?? null,
      back: { 20: back20!.get(companyId) ?? null, 50: back50!.get(companyId) ?? null, 200: back200!.get(companyId) ?? null } satisfies Anchors["back"],
    };
    days.set(companyId, {
      companyId,
      hasPrices: pricedFrom !== null && pricedFrom <= day,
      fyFrom: version?.fyFrom ?? null,
      values: valuation(marketMetrics(anchors, day, weekBefore), version),
    });
  }
  // A share class other than its issuer's primary listing carries the issuer's market cap.
  return companies.map(({ companyId, issuerId }) => {
    const own = days.get(companyId)!;
    return issuerId === companyId ? own : { ...own, values: classValues(own.values, days.get(issuerId)?.values) };
  });
}

/** The temporary table a connection keeps its computed days in, joined by screens on (date, company_id). */
export const DAY_VALUES_TABLE = `CREATE TEMP TABLE IF NOT EXISTS day_values (
  date TEXT NOT NULL,
  company_id INTEGER NOT NULL,
  has_prices INTEGER NOT NULL,
  fy_from TEXT,
  ${DAY_VALUE_COLUMNS.map((c) => `"${c}" REAL`).join(", ")},
  PRIMARY KEY (date, company_id)
) WITHOUT ROWID`;

/** Days a connection keeps (a 28-quarter backtest reads 29). */
export const MAX_CACHED_DAYS = 40;

/** The days each connection holds in day_values. */
const cachedDays = new ConnectionCache<true>(MAX_CACHED_DAYS);

/**
 * Makes trading day `day` readable from `day_values` on `db`: computed and inserted the first time,
 * the least recently used day dropped past MAX_CACHED_DAYS.
 */
export function ensureDayValues(db: Database.Database, day: string): void {
  if (cachedDays.get(db, day)) return;
  db.exec(DAY_VALUES_TABLE);
  const insert = db.prepare(`INSERT INTO day_values VALUES (?, ?, ?, ?, ${DAY_VALUE_COLUMNS.map(() => "?").join(", ")})`);
  const rows = computeDayValues(db, day);
  db.transaction(() => {
    for (const [oldest] of cachedDays.overflow(db)) db.prepare("DELETE FROM day_values WHERE date = ?").run(oldest);
    for (const row of rows) insert.run(day, row.companyId, row.hasPrices ? 1 : 0, row.fyFrom, ...DAY_VALUE_COLUMNS.map((c) => row.values[c]));
  })();
  cachedDays.set(db, day, true);
}
