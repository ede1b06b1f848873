import { createHash } from "node:crypto";
import { marketDb, metaValue } from "@/lib/db/market-db";
import {
  ADVANCED_FILTERS,
  BASIC_FILTERS,
  FIELDS,
  FILTERS,
  FILTER_TYPE_DEFAULTS,
  type FilterDef,
  PAGE,
  RESULT_FORMATS,
  SORT_FIELDS,
} from "./catalog";
import { readOptionValues } from "./option-values";

/** A filter definition as the options record publishes it (catalog-internal members left out). */
function publicFilter(def: FilterDef) {
  const { name: _name, value_columns: _columns, ...rest } = def as FilterDef & { value_columns?: unknown };
  return rest;
}

/** The screener options record (spec: "Screener options record") with the data's as-of date. */
export function buildOptionsRecord(optionLists: Record<string, string[]>, optionCounts: Record<string, Record<string, number>>, asOf: string) {
  return {
    as_of: asOf,
    result_formats: RESULT_FORMATS,
    page: PAGE,
    sort: { fields: SORT_FIELDS, default: { field: "marketCap_usd", desc: true } },
    modes: { basic: BASIC_FILTERS, advanced: ADVANCED_FILTERS },
    filter_type_defaults: FILTER_TYPE_DEFAULTS,
    filters: Object.fromEntries(FILTERS.map((def) => [def.name, publicFilter(def)])),
    option_values: optionLists,
    option_value_counts: optionCounts,
    fields: FIELDS.map((f) => f.name),
    field_definitions: Object.fromEntries(
      FIELDS.map((f) => [f.name, { label: f.label, unit: f.unit, format: f.format, category: f.category, description: f.description }]),
    ),
  };
}

export type ScreenerOptions = ReturnType<typeof buildOptionsRecord>;

let cached: { builtAt: string; options: ScreenerOptions; etag: string } | undefined;

/**
 * The options record of the current database, with a strong ETag that changes when the database
 * is rebuilt, so clients that fetch it before every screen can revalidate with If-None-Match.
 */
export function getScreenerOptions(): { options: ScreenerOptions; etag: string } {
  const db = marketDb();
  const builtAt = metaValue("built_at") ?? "";
  if (cached?.builtAt === builtAt) return cached;
  const { lists, counts } = readOptionValues(db);
  const options = buildOptionsRecord(lists, counts, metaValue("as_of") ?? "");
  const etag = `"${createHash("sha256").update(JSON.stringify(options)).digest("base64url").slice(0, 27)}"`;
  cached = { builtAt, options, etag };
  return cached;
}
