import { FIELDS, FILTERS } from "./catalog";

const COMBINED_PROFILE_FILTERS = [
  ["country", "sector"],
  ["country", "industry_group"],
  ["country", "industry"],
  ["sector", "industry"],
] as const;

/**
 * Indexes that keep screens fast over the whole universe: one per sortable column, ending in
 * full_ticker so that sorted pages (ties broken on full_ticker) read straight from the index, and
 * one per multi-select column and coverage flag, a few pairs of profile columns, and the primary
 * listings. Generated from the catalog, created by the ingest.
 */
export function screenerIndexStatements(): string[] {
  const columns = new Set<string>();
  for (const field of FIELDS) if (field.sortable && !field.profile && field.name !== "full_ticker") columns.add(field.name);
  for (const filter of FILTERS) if (filter.input_type === "multi_select" && !filter.value_columns) columns.add(filter.name);
  const statements = [...columns].map((column) => `CREATE INDEX IF NOT EXISTS screen_${column} ON companies ("${column}", full_ticker)`);
  // The profile filters most often combined: the pair then counts from the index alone.
  for (const [a, b] of COMBINED_PROFILE_FILTERS) {
    statements.push(`CREATE INDEX IF NOT EXISTS screen_${a}_${b} ON companies ("${a}", "${b}", full_ticker)`);
  }
  for (const flag of ["has_profile", "has_prices", "has_fundamentals", "has_filings"]) {
    statements.push(`CREATE INDEX IF NOT EXISTS screen_${flag} ON companies (${flag})`);
  }
  // The primary listings alone (every screen's universe): an unfiltered screen counts them from this
  // instead of reading all 48,868 listings' rows (5.3 ms → 0.8 ms).
  statements.push("CREATE INDEX IF NOT EXISTS screen_primary_listing ON companies (id) WHERE id = issuer_id");
  return statements;
}
