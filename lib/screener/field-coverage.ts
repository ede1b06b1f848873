import type Database from "better-sqlite3";
import { SqlCounts } from "@/lib/db/sql-rows";
import { FIELDS } from "./catalog";
import { PRIMARY_LISTING } from "./primary-listing";

/**
 * How many companies have a value in each output field: the screener shows it next to filters and
 * columns, so an analyst sees that P/E exists for hundreds of companies, not for the whole universe.
 * One pass over the table (the options record's coverage caches it per connection).
 */
export function countFieldValues(db: Database.Database): Record<string, number> {
  // Identifiers and expressions come from the catalog only.
  const columns = FIELDS.map((f) => `count(${f.sql}) AS "${f.name}"`).join(", ");
  return SqlCounts.parse(db.prepare(`SELECT ${columns} FROM companies c LEFT JOIN company_profiles p ON p.company_id = c.id WHERE ${PRIMARY_LISTING}`).get());
}
