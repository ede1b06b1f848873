import type Database from "better-sqlite3";
import { marketDb } from "@/lib/db/market-db";
import { SqlCounts } from "@/lib/db/sql-rows";
import { FIELDS } from "./catalog";

const cache = new WeakMap<Database.Database, Record<string, number>>();

/**
 * How many companies have a value in each output field: the screener shows it next to filters and
 * columns, so an analyst sees that P/E exists for hundreds of companies, not for the whole universe.
 * One pass over the table, cached per database connection (the database is replaced as a whole).
 */
export function countFieldValues(): Record<string, number> {
  const db = marketDb();
  const cached = cache.get(db);
  if (cached) return cached;
  // Identifiers and expressions come from the catalog only.
  const columns = FIELDS.map((f) => `count(${f.sql}) AS "${f.name}"`).join(", ");
  const counts = SqlCounts.parse(db.prepare(`SELECT ${columns} FROM companies c LEFT JOIN company_profiles p ON p.company_id = c.id`).get());
  cache.set(db, counts);
  return counts;
}
