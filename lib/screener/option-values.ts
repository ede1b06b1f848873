import type Database from "better-sqlite3";
import { SqlValueCount, SqlValueLabel } from "@/lib/db/sql-rows";
import { FILTERS } from "./catalog";
import { PRIMARY_LISTING } from "./primary-listing";

export interface OptionValues {
  /** List name → accepted request values, sorted. */
  lists: Record<string, string[]>;
  /** List name → value → number of companies (for pickers). */
  counts: Record<string, Record<string, number>>;
  /** List name → value → what the value stands for, where a code needs saying (`US`: no exchange named). */
  labels: Record<string, Record<string, string>>;
}

/** Filters whose values are codes, and the column that names each code. */
const LABEL_COLUMNS: Readonly<Record<string, string>> = { exchange: "exchange_name" };

const cache = new WeakMap<Database.Database, OptionValues>();

/**
 * The option lists named by `options_source` in the catalog, read from the database (the data
 * defines which countries, industries ... exist). Cached per database connection: the database is
 * read-only and replaced as a whole.
 */
export function readOptionValues(db: Database.Database): OptionValues {
  const cached = cache.get(db);
  if (cached) return cached;
  const lists: Record<string, string[]> = {};
  const counts: Record<string, Record<string, number>> = {};
  const labels: Record<string, Record<string, string>> = {};
  for (const def of FILTERS) {
    if (def.input_type !== "multi_select" || !def.options_source) continue;
    // The column is the filter's name (catalog identifiers only, never request text).
    const rows = SqlValueCount.array().parse(
      // Every listing's value is an option; the count is of companies (primary listings).
      db.prepare(`SELECT "${def.name}" AS value, sum(${PRIMARY_LISTING}) AS n FROM companies c WHERE "${def.name}" IS NOT NULL GROUP BY 1 ORDER BY 1`)
        .all(),
    );
    lists[def.options_source] = rows.map((r) => r.value);
    counts[def.options_source] = Object.fromEntries(rows.map((r) => [r.value, r.n]));
    const labelColumn = LABEL_COLUMNS[def.name];
    if (labelColumn) {
      // One code may stand for several venues (NASDAQ: its three markets).
      const named = SqlValueLabel.array().parse(
        db.prepare(
          `SELECT value, group_concat(label, '; ') AS label FROM (
             SELECT DISTINCT "${def.name}" AS value, "${labelColumn}" AS label FROM companies WHERE "${def.name}" IS NOT NULL ORDER BY 1, 2
           ) GROUP BY value`,
        ).all(),
      );
      labels[def.options_source] = Object.fromEntries(named.map((r) => [r.value, r.label]));
    }
  }
  const values = { lists, counts, labels };
  cache.set(db, values);
  return values;
}
