import type Database from "better-sqlite3";
import { marketDb } from "@/lib/db/market-db";

/**
 * The values of a request's formulas on a day, kept in temporary tables of the connection (as the
 * days' values are, lib/market/day-values.ts): a screen runs its count, its pages and its charts as
 * separate statements, and the page asks again for each page; the formulas' percentiles rank the
 * whole market once per day and formulas instead of once per statement.
 */

/** Tables a connection keeps, least recently used dropped first. */
export const MAX_CACHED_FORMULA_TABLES = 32;

interface Cache {
  tables: Map<string, string>;
  created: number;
}

const caches = new WeakMap<Database.Database, Cache>();

/**
 * The temporary table holding `query`'s rows (`company_id` first, unique, then `columns`) for
 * `key`: created on this thread's connection the first time the key is asked for.
 */
export function formulaValuesTable(key: string, query: () => { sql: string; params: unknown[]; columns: readonly string[] }): string {
  const db = marketDb();
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = { tables: new Map(), created: 0 }));
  const known = cache.tables.get(key);
  if (known) {
    cache.tables.delete(key);
    cache.tables.set(key, known);
    return known;
  }
  const table = `formula_values_${cache.created++}`;
  const { sql, params, columns } = query();
  db.transaction(() => {
    for (const [oldKey, oldTable] of [...cache.tables].slice(0, Math.max(0, cache.tables.size + 1 - MAX_CACHED_FORMULA_TABLES))) {
      db.exec(`DROP TABLE temp.${oldTable}`);
      cache.tables.delete(oldKey);
    }
    // Keyed by the company id itself (the rowid): rows arrive in its order, no index to build after.
    db.exec(`CREATE TEMP TABLE ${table} (company_id INTEGER PRIMARY KEY, ${columns.map((c) => `"${c}"`).join(", ")})`);
    db.prepare(`INSERT INTO ${table} ${sql}`).run(...params);
  })();
  cache.tables.set(key, table);
  return table;
}
