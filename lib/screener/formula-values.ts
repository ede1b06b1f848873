import { ConnectionCache } from "@/lib/db/connection-cache";
import { marketDb } from "@/lib/db/market-db";

/**
 * The values of a request's formulas on a day, kept in temporary tables of the connection (as the
 * days' values are, lib/market/day-values.ts): a screen runs its count, its pages and its charts as
 * separate statements, and the page asks again for each page; the formulas' percentiles rank the
 * whole market once per day and formulas instead of once per statement.
 */

/** Tables a connection keeps, least recently used dropped first. */
export const MAX_CACHED_FORMULA_TABLES = 32;

/** Each connection's tables, by key. */
const tables = new ConnectionCache<string>(MAX_CACHED_FORMULA_TABLES);
/** Table names are numbered: a key is too long to be one. */
let created = 0;

/**
 * The temporary table holding `query`'s rows (`company_id` first, unique, then `columns`) for
 * `key`: created on this thread's connection the first time the key is asked for.
 */
export function formulaValuesTable(key: string, query: () => { sql: string; params: unknown[]; columns: readonly string[] }): string {
  const db = marketDb();
  const known = tables.get(db, key);
  if (known) return known;
  const table = `formula_values_${created++}`;
  const { sql, params, columns } = query();
  db.transaction(() => {
    for (const [, old] of tables.overflow(db, key)) db.exec(`DROP TABLE temp.${old}`);
    // Keyed by the company id itself (the rowid): rows arrive in its order, no index to build after.
    db.exec(`CREATE TEMP TABLE ${table} (company_id INTEGER PRIMARY KEY, ${columns.map((c) => `"${c}"`).join(", ")})`);
    db.prepare(`INSERT INTO ${table} ${sql}`).run(...params);
  })();
  tables.set(db, key, table);
  return table;
}
