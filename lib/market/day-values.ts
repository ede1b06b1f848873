import type Database from "better-sqlite3";
import { z } from "zod";
import { shiftDays, shiftYears } from "@/lib/calendar";
import { ConnectionCache } from "@/lib/db/connection-cache";
import {
  type Anchors,
  classValues,
  DAY_VALUE_COLUMNS,
  type DayValueColumn,
  type DayValues,
  COLUMN_READS,
  DAY_ROW_BASE,
  EARLIER_ANCHORS,
  type EarlierAnchor,
  FIVE_YEARS_AGO_MEMBERS,
  marketMetrics,
  type ValuationInputs,
  valuation,
  YEAR_AGO_MEMBERS,
} from "./market-metrics";
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
function rawRows(db: Database.Database, sql: string, params: Record<string, string | number>, declared: readonly Declared[]): unknown[][] {
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

/** Each company with a price history or fiscal years: its issuer, and when its prices and versions begin and end. */
interface Series {
  companyId: number;
  issuerId: number;
  pricesFrom: string | null;
  pricesTo: string | null;
  versionsFrom: string | null;
}

/** A fiscal-year version at offset 0: when it is in force, and what valuation reads. */
interface Version extends ValuationInputs {
  validFrom: string;
  validTo: string;
}

/**
 * What every day of a database reads besides its price rows: the companies' series and their
 * fiscal-year versions at offset 0 (a few thousand rows each), read once per connection and picked
 * per day here: a query per day took longer than its price rows.
 */
interface DayInputs {
  series: Series[];
  /** Each company's versions, by valid_from. */
  versions: Map<number, Version[]>;
}

const SERIES = `SELECT s.company_id, c.issuer_id, s.prices_from, s.prices_to, s.versions_from FROM company_series s JOIN companies c ON c.id = s.company_id`;
const VERSIONS = `
  SELECT company_id, valid_from, valid_to, valuation_shares, eps, revenue, totalEquity, totalDebt, cash, ebit, depreciation
  FROM fiscal_year_versions WHERE fy_offset = 0 ORDER BY company_id, valid_from`;
const VERSION_TYPES: readonly Declared[] = ["INTEGER", "TEXT", "TEXT", ...Array<Declared>(8).fill("REAL")];

function readDayInputs(db: Database.Database): DayInputs {
  const text = (v: unknown) => v as string | null;
  const series = rawRows(db, SERIES, {}, ["INTEGER", "INTEGER", "TEXT", "TEXT", "TEXT"]).map(
    (r): Series => ({ companyId: r[0] as number, issuerId: r[1] as number, pricesFrom: text(r[2]), pricesTo: text(r[3]), versionsFrom: text(r[4]) }),
  );
  const versions = new Map<number, Version[]>();
  const n = (v: unknown) => v as number | null;
  for (const r of rawRows(db, VERSIONS, {}, VERSION_TYPES)) {
    const id = r[0] as number;
    let list = versions.get(id);
    if (!list) versions.set(id, (list = []));
    list.push({ validFrom: r[1] as string, validTo: r[2] as string, shares: n(r[3]), eps: n(r[4]), revenue: n(r[5]), totalEquity: n(r[6]), totalDebt: n(r[7]), cash: n(r[8]), ebit: n(r[9]), depreciation: n(r[10]) });
  }
  return { series, versions };
}

/**
 * A read-only connection's inputs, kept while no other connection has changed the file (`PRAGMA
 * data_version`); a connection that writes (a build, a test) reads them again each day.
 */
const dayInputs = new WeakMap<Database.Database, { version: number; inputs: DayInputs }>();
function inputsOf(db: Database.Database): DayInputs {
  if (!db.readonly) return readDayInputs(db);
  const version = z.int().parse(db.pragma("data_version", { simple: true }));
  const kept = dayInputs.get(db);
  if (kept?.version === version) return kept.inputs;
  const inputs = readDayInputs(db);
  dayInputs.set(db, { version, inputs });
  return inputs;
}

/** The version in force on `day` among a company's (valid_from <= day < valid_to), or null. */
function versionOn(versions: readonly Version[] | undefined, day: string): Version | null {
  if (!versions) return null;
  for (let i = versions.length - 1; i >= 0; i--) {
    const v = versions[i]!;
    if (v.validFrom <= day) return v.validTo > day ? v : null;
  }
  return null;
}

/** A row's members as columns of `p`, after the company id. */
const selectOf = (members: readonly (keyof PriceRow)[]) => ["p.company_id", ...members.map((m) => `p.${PRICE_ROW_COLUMNS[m]}`)].join(", ");
/** A stored member's declared type (the date is read apart). */
const declaredType = (member: keyof PriceRow): Declared => (member === "dayIndex" || member === "dividendsUnknown" ? "INTEGER" : "REAL");

/**
 * How an anchor is read: every company's row on a trading day (one range of the table: its key
 * starts with the date), and one company's last row before a day (through the company index), its
 * members' columns and how a row of them becomes an object. Each reads only the members its metrics
 * use: a day reads tens of thousands of anchors, and a backtest millions, whose cost is mostly the
 * values crossing from SQLite.
 */
interface AnchorRead<T> {
  on: RowRead<T>;
  before: RowRead<T>;
}
interface RowRead<T> {
  sql: string;
  types: readonly Declared[];
  /** A row as an object, given the date asked for. */
  decode: (row: unknown[], exact: string) => T;
}

/**
 * Rows of these members as objects, by name: a loop over the names costs a tenth of reading the
 * values (Object.fromEntries cost several times the query). The statement's column types were
 * checked against the schema once (rawRows). A row's date is the day read for the rows of a day
 * (not a string per row from SQLite), the row's own, selected last, for a row before it.
 */
function anchorRead<const M extends keyof PriceRow>(members: readonly M[]): AnchorRead<Pick<PriceRow, M>> {
  const values = members.filter((m) => m !== "date");
  const dated = values.length < members.length;
  const select = selectOf(values);
  const decode = (r: unknown[], date: string) => {
    const row: Partial<Record<keyof PriceRow, unknown>> = {};
    for (let i = 0; i < values.length; i++) row[values[i]!] = r[i + 1];
    if (dated) row.date = date;
    return row as Pick<PriceRow, M>;
  };
  const types: Declared[] = ["INTEGER", ...values.map(declaredType)];
  return {
    on: { sql: `SELECT ${select} FROM daily_prices p WHERE p.date = @exact`, types, decode },
    before: {
      sql: `SELECT ${select}, p.date FROM daily_prices p WHERE p.company_id = @company AND p.date < @exact ORDER BY p.date DESC LIMIT 1`,
      types: [...types, "TEXT"],
      decode: (r) => decode(r, r[values.length + 1] as string),
    },
  };
}

const YEAR_AGO_ROW = anchorRead(YEAR_AGO_MEMBERS);
const FIVE_YEARS_AGO_ROW = anchorRead(FIVE_YEARS_AGO_MEMBERS);
const BACK_ROW = anchorRead(BACK_MEMBERS);

/**
 * Each company's last row on or before `date`, among those priced in the week to the day: the
 * day's rows, then the last row before it of the few whose history has a gap at `date` (begun
 * before it, not ended before the week).
 */
function anchorsOn<T>(db: Database.Database, read: AnchorRead<T>, date: string | null, weekBefore: string, series: readonly Series[]): Map<number, T> {
  const anchors = new Map<number, T>();
  if (date === null) return anchors;
  const { on, before } = read;
  for (const r of rawRows(db, on.sql, { exact: date }, on.types)) anchors.set(r[0] as number, on.decode(r, date));
  for (const s of series) {
    if (s.pricesFrom === null || s.pricesFrom >= date || s.pricesTo! <= weekBefore || anchors.has(s.companyId)) continue;
    const [row] = rawRows(db, before.sql, { exact: date, company: s.companyId }, before.types);
    if (row) anchors.set(s.companyId, before.decode(row, date));
  }
  return anchors;
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

/**
 * The day row's members and the earlier anchors the columns read (market-metrics.ts COLUMN_READS);
 * every member and anchor for every column, so that a whole day never depends on the table (its
 * test compares each column alone with the whole day).
 */
function readsOf(columns: readonly DayValueColumn[]): { day: AnchorRead<PriceRow>; earlier: Set<EarlierAnchor> } {
  const whole = DAY_VALUE_COLUMNS.every((c) => columns.includes(c));
  const members = new Set<keyof PriceRow>(whole ? PRICE_ROW_MEMBERS : [...DAY_ROW_BASE, ...columns.flatMap((c) => COLUMN_READS[c].day)]);
  // In the row's order, so that one set of members is one statement.
  const key = PRICE_ROW_MEMBERS.filter((m) => members.has(m));
  let day = dayRows.get(key.join());
  // Partial rows: the columns not asked for read missing members, and are not read.
  if (!day) dayRows.set(key.join(), (day = anchorRead(key) as AnchorRead<PriceRow>));
  return { day, earlier: new Set(whole ? EARLIER_ANCHORS : columns.flatMap((c) => COLUMN_READS[c].earlier)) };
}
const dayRows = new Map<string, AnchorRead<PriceRow>>();

/**
 * Every company's values on trading day `day`, read from `db`: of `columns` only (the others are
 * then not to be read), which read only the anchors they need.
 */
export function computeDayValues(db: Database.Database, day: string, columns: readonly DayValueColumn[] = DAY_VALUE_COLUMNS): CompanyDay[] {
  const { series, versions } = inputsOf(db);
  const weekBefore = shiftDays(day, -7);
  const reads = readsOf(columns);
  const anchorsAt = <T>(read: AnchorRead<T>, anchor: EarlierAnchor | "day", date: () => string | null) =>
    anchor === "day" || reads.earlier.has(anchor) ? anchorsOn(db, read, date(), weekBefore, series) : new Map<number, T>();
  const onDay = anchorsAt(reads.day, "day", () => tradingDayOnOrBefore(db, day));
  const yearAgo = anchorsAt(YEAR_AGO_ROW, "yearAgo", () => tradingDayOnOrBefore(db, shiftYears(day, -1)));
  const fiveYearsAgo = anchorsAt(FIVE_YEARS_AGO_ROW, "fiveYearsAgo", () => tradingDayOnOrBefore(db, shiftYears(day, -5)));
  const [back20, back50, back200] = SMA_DAYS.map((n) => anchorsAt(BACK_ROW, `back${n}`, () => tradingDaysBefore(db, day, n)));
  const result: CompanyDay[] = [];
  const issuers = new Map<number, DayValues>();
  const classes: [number, number][] = [];
  const anchors: Anchors = { day: null, yearAgo: null, fiveYearsAgo: null, back: { 20: null, 50: null, 200: null } };
  for (const { companyId, issuerId, pricesFrom, versionsFrom } of series) {
    const hasPrices = pricesFrom !== null && pricesFrom <= day;
    if (!hasPrices && (versionsFrom === null || versionsFrom > day)) continue;
    const version = versionOn(versions.get(companyId), day);
    // One object for every company: marketMetrics reads it and keeps nothing of it.
    anchors.day = onDay.get(companyId) ?? null;
    anchors.yearAgo = yearAgo.get(companyId) ?? null;
    anchors.fiveYearsAgo = fiveYearsAgo.get(companyId) ?? null;
    anchors.back[20] = back20!.get(companyId) ?? null;
    anchors.back[50] = back50!.get(companyId) ?? null;
    anchors.back[200] = back200!.get(companyId) ?? null;
    const values = valuation(marketMetrics(anchors, day, weekBefore), version);
    if (issuerId === companyId) issuers.set(companyId, values);
    else classes.push([result.length, issuerId]);
    result.push({ companyId, hasPrices, fyFrom: version?.validFrom ?? null, values });
  }
  // A share class other than its issuer's primary listing carries the issuer's market cap.
  for (const [i, issuerId] of classes) result[i] = { ...result[i]!, values: classValues(result[i]!.values, issuers.get(issuerId)) };
  return result;
}

/** The temporary table of a day's values on a connection (one per day, of the columns computed for it), joined by screens on company_id. */
export function dayValuesTable(day: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) throw new Error(`not a date: ${day}`);
  return `day_values_${day.replaceAll("-", "_")}`;
}

/** Days a connection keeps (a 28-quarter backtest reads 29). */
export const MAX_CACHED_DAYS = 40;

const INSERT_ROWS = 100;

/** Computed with any columns: every match of a screen reads it (whether a company is priced). */
const ALWAYS: DayValueColumn = "price";

/** The days each connection holds, with the columns computed for each. */
const cachedDays = new ConnectionCache<ReadonlySet<DayValueColumn>>(MAX_CACHED_DAYS);

/**
 * Makes `columns` of trading day `day` readable from its table on `db` (`dayValuesTable`), and
 * returns the table's name: computed the first time they are asked for (with the columns the day
 * had, in a new table of the same name), the least recently used day dropped past MAX_CACHED_DAYS.
 * A table of the columns computed, not of every column: rows of 30 columns, most of them null, took
 * twice as long to insert.
 */
export function ensureDayValues(db: Database.Database, day: string, columns: readonly DayValueColumn[] = DAY_VALUE_COLUMNS): string {
  const table = dayValuesTable(day);
  const cached = cachedDays.get(db, day);
  if (cached && columns.every((c) => cached.has(c))) return table;
  const wanted = DAY_VALUE_COLUMNS.filter((c) => c === ALWAYS || columns.includes(c) || cached?.has(c));
  const rows = computeDayValues(db, day, wanted);
  // Rows a hundred to a statement: one statement per row cost half again as much.
  const into = `INSERT INTO temp.${table} (company_id, has_prices, fy_from, ${wanted.map((c) => `"${c}"`).join(", ")}) VALUES `;
  const tuple = `(?, ?, ?, ${wanted.map(() => "?").join(", ")})`;
  const width = 3 + wanted.length;
  db.transaction(() => {
    for (const [oldest] of cachedDays.overflow(db, day)) db.exec(`DROP TABLE IF EXISTS temp.${dayValuesTable(oldest)}`);
    db.exec(`DROP TABLE IF EXISTS temp.${table}`);
    db.exec(`CREATE TEMP TABLE ${table} (company_id INTEGER PRIMARY KEY, has_prices INTEGER NOT NULL, fy_from TEXT, ${wanted.map((c) => `"${c}" REAL`).join(", ")})`);
    const insertOf = (n: number) => db.prepare(into + Array<string>(n).fill(tuple).join(", "));
    const full = insertOf(INSERT_ROWS);
    const params: unknown[] = [];
    for (let start = 0; start < rows.length; start += INSERT_ROWS) {
      const n = Math.min(INSERT_ROWS, rows.length - start);
      params.length = n * width;
      for (let i = 0; i < n; i++) {
        const row = rows[start + i]!;
        let at = i * width;
        params[at++] = row.companyId;
        params[at++] = row.hasPrices ? 1 : 0;
        params[at++] = row.fyFrom;
        for (const c of wanted) params[at++] = row.values[c];
      }
      (n === INSERT_ROWS ? full : insertOf(n)).run(params);
    }
    db.exec(`ANALYZE temp.${table}`);
  })();
  cachedDays.set(db, day, new Set(wanted));
  return table;
}
