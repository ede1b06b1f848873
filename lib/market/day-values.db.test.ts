/**
 * A day computed for some columns (lib/market/day-values.ts) reads only the rows and members
 * COLUMN_READS names for them: each column computed alone equals the same column of the whole
 * day, for every company, on a day of the whole market (2016) and a day of the S&P 500 era (2020).
 * A column whose reads were declared short would come out null or NaN here.
 */
import Database from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { computeDayValues, dayValuesTable, ensureDayValues } from "./day-values";
import { DAY_VALUE_COLUMNS } from "./market-metrics";

const db = new Database("var/screener.db", { readonly: true });
afterAll(() => db.close());

const DAYS = ["2016-04-04", "2020-10-01"];

describe.each(DAYS)("computeDayValues on %s", (day) => {
  const whole = computeDayValues(db, day);

  it.each(DAY_VALUE_COLUMNS)("%s alone equals the whole day's", (column) => {
    const alone = computeDayValues(db, day, [column]);
    expect(alone.map((c) => [c.companyId, c.hasPrices, c.fyFrom, c.values[column]])).toEqual(whole.map((c) => [c.companyId, c.hasPrices, c.fyFrom, c.values[column]]));
  });

  it("has values of every column to compare", () => {
    const missing = DAY_VALUE_COLUMNS.filter((column) => whole.filter((c) => c.values[column] !== null).length < 100);
    expect(missing).toEqual([]);
  });
});

describe("ensureDayValues", () => {
  const cached = new Database("var/screener.db", { readonly: true });
  afterAll(() => cached.close());
  const day = "2016-04-04";
  const valuesOf = (column: string) => cached.prepare(`SELECT company_id AS id, "${column}" AS v FROM ${dayValuesTable(day)} ORDER BY company_id`).all();
  const expected = (column: (typeof DAY_VALUE_COLUMNS)[number]) =>
    computeDayValues(db, day)
      .map((c) => ({ id: c.companyId, v: c.values[column] }))
      .sort((a, b) => a.id - b.id);

  it("keeps the columns asked for, and adds later ones to the day's table with those it had", () => {
    ensureDayValues(cached, day, ["peRatio"]);
    const columns = () => cached.prepare(`SELECT name FROM pragma_table_info('${dayValuesTable(day)}') ORDER BY cid`).pluck().all();
    expect(columns()).toEqual(["company_id", "has_prices", "fy_from", "price", "peRatio"]);
    ensureDayValues(cached, day, ["return_1y"]);
    expect(columns()).toEqual(["company_id", "has_prices", "fy_from", "price", "return_1y", "peRatio"]);
    expect(valuesOf("peRatio")).toEqual(expected("peRatio"));
    expect(valuesOf("return_1y")).toEqual(expected("return_1y"));
  });
});
