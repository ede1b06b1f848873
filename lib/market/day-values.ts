import type Database from "better-sqlite3";
import { z } from "zod";
import { shiftYears } from "@/lib/calendar";
import { Anchor, DAY_VALUE_COLUMNS, type DayValues, ValuationInputs, classValues, marketMetrics, valuation } from "./market-metrics";

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

/** daily_prices columns of an anchor, by their names in `Anchor`. */
const ANCHOR_COLUMNS: Record<keyof Anchor, string> = {
  date: "date",
  close: "close",
  adjustedClose: "adjusted_close",
  splitIndex: "split_index",
  dayIndex: "day_index",
  returnSum: "return_sum",
  returnSquareSum: "return_square_sum",
  dividendSum: "dividend_sum",
  dividendsUnknown: "dividends_unknown",
};
const ANCHORS = { p0: "@day", p1: "@yearAgo", p5: "@fiveYearsAgo" } as const;
type AnchorAlias = keyof typeof ANCHORS;

const anchorColumns = (alias: AnchorAlias) => Object.entries(ANCHOR_COLUMNS).map(([name, column]) => `${alias}.${column} AS ${alias}_${name}`);
const lastOnOrBefore = (alias: AnchorAlias) =>
  `LEFT JOIN daily_prices ${alias} ON ${alias}.company_id = s.company_id AND ${alias}.date = (SELECT max(date) FROM daily_prices WHERE company_id = s.company_id AND date <= ${ANCHORS[alias]})`;

/** Every company with a price history or a public fiscal year by the day, with its anchors and the version in force. */
const DAY_SQL = `
  SELECT s.company_id AS companyId, c.issuer_id AS issuerId, ${(Object.keys(ANCHORS) as AnchorAlias[]).flatMap(anchorColumns).join(", ")}, f.valid_from AS fyFrom,
    f.valuation_shares AS shares, f.eps, f.revenue, f.totalEquity, f.totalDebt, f.cash, f.ebit, f.depreciation
  FROM company_series s JOIN companies c ON c.id = s.company_id
  ${(Object.keys(ANCHORS) as AnchorAlias[]).map(lastOnOrBefore).join("\n  ")}
  LEFT JOIN fiscal_year_versions f ON f.company_id = s.company_id AND f.fy_offset = 0 AND f.valid_to > @day
    AND f.valid_from = (SELECT max(valid_from) FROM fiscal_year_versions WHERE company_id = s.company_id AND valid_from <= @day)
  WHERE s.prices_from <= @day OR s.versions_from <= @day`;

const DayRow = z.looseObject({ companyId: z.int(), issuerId: z.int(), fyFrom: z.string().nullable() });
const NullableAnchor = Anchor.nullable();

/** An anchor from its prefixed columns (all null when the company has no row on or before its date). */
function anchorOf(row: Record<string, unknown>, alias: AnchorAlias): Anchor | null {
  if (row[`${alias}_date`] === null) return null;
  return NullableAnchor.parse(Object.fromEntries(Object.keys(ANCHOR_COLUMNS).map((name) => [name, row[`${alias}_${name}`]])));
}

/** Every company's values on trading day `day`, read from `db`. */
export function computeDayValues(db: Database.Database, day: string): CompanyDay[] {
  const rows = DayRow.array().parse(db.prepare(DAY_SQL).all({ day, yearAgo: shiftYears(day, -1), fiveYearsAgo: shiftYears(day, -5) }));
  const days = rows.map((row) => {
    const anchors = { day: anchorOf(row, "p0"), yearAgo: anchorOf(row, "p1"), fiveYearsAgo: anchorOf(row, "p5") };
    return {
      companyId: row.companyId,
      hasPrices: anchors.day !== null,
      fyFrom: row.fyFrom,
      values: valuation(marketMetrics(anchors, day), row.fyFrom === null ? null : ValuationInputs.parse(row)),
    };
  });
  // A share class other than its issuer's primary listing carries the issuer's market cap.
  const byId = new Map(days.map((d) => [d.companyId, d]));
  return days.map((d, i) => {
    const issuerId = rows[i]!.issuerId;
    return issuerId === d.companyId ? d : { ...d, values: classValues(d.values, byId.get(issuerId)?.values) };
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

/** The days each connection holds in day_values, least recently used first. */
const cachedDays = new WeakMap<Database.Database, Set<string>>();

/**
 * Makes trading day `day` readable from `day_values` on `db`: computed and inserted the first time,
 * the least recently used day dropped past MAX_CACHED_DAYS.
 */
export function ensureDayValues(db: Database.Database, day: string): void {
  let days = cachedDays.get(db);
  if (days?.has(day)) {
    days.delete(day);
    days.add(day);
    return;
  }
  if (!days) {
    db.exec(DAY_VALUES_TABLE);
    cachedDays.set(db, (days = new Set()));
  }
  const insert = db.prepare(`INSERT INTO day_values VALUES (?, ?, ?, ?, ${DAY_VALUE_COLUMNS.map(() => "?").join(", ")})`);
  const rows = computeDayValues(db, day);
  db.transaction(() => {
    for (const oldest of [...days].slice(0, Math.max(0, days.size + 1 - MAX_CACHED_DAYS))) {
      db.prepare("DELETE FROM day_values WHERE date = ?").run(oldest);
      days.delete(oldest);
    }
    for (const row of rows) insert.run(day, row.companyId, row.hasPrices ? 1 : 0, row.fyFrom, ...DAY_VALUE_COLUMNS.map((c) => row.values[c]));
  })();
  days.add(day);
}
