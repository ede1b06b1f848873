/**
 * The append round trip (lib/sync/append-days.ts): trading days removed from a copy of the built
 * database, to be appended back from the removed rows (real values), and the comparison of the
 * result with the original, column by column.
 */
import { copyFileSync } from "node:fs";
import Database from "better-sqlite3";
import { z } from "zod";
import type { CompanyDays } from "@/lib/sync/append-plan";

const Row = z.object({
  companyId: z.int(),
  date: z.string(),
  close: z.number(),
  adjustedClose: z.number(),
  volume: z.number(),
  splitIndex: z.number(),
  dividendSum: z.number(),
  dividendsUnknown: z.int(),
});
const COLUMNS = `company_id AS companyId, date, close, adjusted_close AS adjustedClose, volume, split_index AS splitIndex,
  dividend_sum AS dividendSum, dividends_unknown AS dividendsUnknown`;

/** The day that most companies' series end on (the whole-market archive's last day). */
export function wholeMarketDay(databasePath: string): string {
  const db = new Database(databasePath, { readonly: true });
  try {
    return z.string().parse(db.prepare("SELECT prices_to FROM company_series GROUP BY prices_to ORDER BY count(*) DESC LIMIT 1").pluck().get());
  } finally {
    db.close();
  }
}

/**
 * Copies `original` to `copy` and removes from the copy every price row from `day` on (of the
 * companies priced before it), its trading days and benchmark rows. Returns `day`'s rows as the
 * days to append: the source's values, with the split and dividend read back from the running
 * sums against each company's previous row.
 */
export function copyWithoutDaysFrom(original: string, copy: string, day: string): CompanyDays[] {
  copyFileSync(original, copy);
  const db = new Database(copy);
  try {
    const previous = db.prepare(`SELECT ${COLUMNS} FROM daily_prices WHERE company_id = ? AND date < ? ORDER BY date DESC LIMIT 1`);
    const removed = Row.array().parse(db.prepare(`SELECT ${COLUMNS} FROM daily_prices WHERE date = ? ORDER BY company_id`).all(day));
    const input: CompanyDays[] = [];
    for (const row of removed) {
      const before = Row.optional().parse(previous.get(row.companyId, day));
      if (before === undefined) continue;
      const split = row.splitIndex / before.splitIndex;
      const dividend = row.dividendsUnknown > before.dividendsUnknown ? null : (row.dividendSum - before.dividendSum) / row.splitIndex;
      input.push({ companyId: row.companyId, days: [{ date: day, close: row.close, adjustedClose: row.adjustedClose, volume: row.volume, dividend, split }] });
    }
    const companies = z.int().array().parse(db.prepare("SELECT company_id FROM company_series WHERE prices_from < ?").pluck().all(day));
    const remove = db.prepare("DELETE FROM daily_prices WHERE company_id = ? AND date >= ?");
    const pricesTo = db.prepare("UPDATE company_series SET prices_to = (SELECT max(date) FROM daily_prices WHERE company_id = ?) WHERE company_id = ?");
    db.transaction(() => {
      for (const id of companies) if (remove.run(id, day).changes > 0) pricesTo.run(id, id);
      db.prepare("DELETE FROM trading_days WHERE date >= ?").run(day);
      db.prepare("DELETE FROM benchmark_index WHERE date >= ?").run(day);
      db.prepare("UPDATE meta SET value = (SELECT max(date) FROM trading_days) WHERE key = 'as_of_max'").run();
    })();
    return input;
  } finally {
    db.close();
  }
}

/** Rows of `sql` (with `?` for the day) that differ between `database` and `original`, both ways. */
function differing(db: Database.Database, sql: (schema: string) => string, day: string): unknown[] {
  return db.prepare(`SELECT * FROM (${sql("main")} EXCEPT ${sql("o")}) UNION ALL SELECT * FROM (${sql("o")} EXCEPT ${sql("main")})`).all(day, day, day, day);
}

/**
 * What differs between `database` (the copy after the append) and `original` on `day`: every column
 * of its price rows, its benchmark row, the trading day, and the companies' last priced day.
 */
export function differencesOn(database: string, original: string, day: string) {
  const db = new Database(database, { readonly: true });
  try {
    db.prepare("ATTACH ? AS o").run(original);
    return {
      prices: differing(db, (s) => `SELECT * FROM ${s}.daily_prices WHERE date = ?`, day),
      benchmark: differing(db, (s) => `SELECT * FROM ${s}.benchmark_index WHERE date = ?`, day),
      tradingDays: differing(db, (s) => `SELECT * FROM ${s}.trading_days WHERE date = ?`, day),
      // The original's series may go on after the day: its last day is `day` once cut there.
      pricesTo: differing(db, (s) => `SELECT company_id, min(prices_to, ?) FROM ${s}.company_series WHERE prices_to IS NOT NULL`, day),
    };
  } finally {
    db.close();
  }
}
