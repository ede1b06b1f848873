import { marketDb, metaValue } from "@/lib/db/market-db";
import {
  ADVANCED_FILTERS,
  BASIC_FILTERS,
  DEFAULT_SORT,
  FIELDS,
  FILTERS,
  type FilterDef,
  PAGE,
  RESULT_FORMATS,
  SORT_FIELDS,
} from "./catalog";
import type { z } from "zod";
import { FILTER_TYPE_DEFAULTS, filterSettings, type InputType, type SettingsByInputType } from "./filter-settings";
import { readOptionValues } from "./option-values";
import type { OptionsResponse } from "./response-schema";

export type ScreenerOptions = z.output<typeof OptionsResponse>;

type Published<F extends FilterDef> = Omit<F, "name" | "value_columns" | keyof SettingsByInputType[F["input_type"]]> & SettingsByInputType[F["input_type"]];

/**
 * A filter definition as the options record publishes it: catalog-internal members left out, and
 * its effective settings (its own values over `filter_type_defaults[input_type]`) spelled out, so
 * that clients and the screener page read one definition.
 */
export type PublicFilterDef = FilterDef extends infer F ? (F extends FilterDef ? Published<F> : never) : never;
export type PublicFilterOf<T extends InputType> = Extract<PublicFilterDef, { input_type: T }>;

/**
 * The options record as `buildOptionsRecord` makes it, each filter definition typed by its input
 * type (the response schema types filters loosely): what the screener page renders from.
 */
export type TypedScreenerOptions = Omit<ScreenerOptions, "filters"> & { filters: Record<string, PublicFilterDef> };

export function publicFilter(def: FilterDef): PublicFilterDef {
  const { name: _name, value_columns: _columns, ...rest } = def as FilterDef & { value_columns?: unknown };
  return { ...rest, ...filterSettings(def) } as PublicFilterDef;
}

/** The screener options record (spec: "Screener options record") with the data's as-of date. */
export function buildOptionsRecord(
  optionLists: Record<string, string[]>,
  optionCounts: Record<string, Record<string, number>>,
  asOf: string,
  optionLabels: Record<string, Record<string, string>>,
): ScreenerOptions {
  return {
    as_of: asOf,
    result_formats: [...RESULT_FORMATS],
    page: { ...PAGE },
    sort: { fields: [...SORT_FIELDS], default: { ...DEFAULT_SORT } },
    modes: { basic: [...BASIC_FILTERS], advanced: [...ADVANCED_FILTERS] },
    filter_type_defaults: FILTER_TYPE_DEFAULTS,
    filters: Object.fromEntries(FILTERS.map((def) => [def.name, publicFilter(def)])),
    option_values: optionLists,
    option_value_counts: optionCounts,
    option_value_labels: optionLabels,
    fields: FIELDS.map((f) => f.name),
    field_definitions: Object.fromEntries(
      FIELDS.map((f) => [f.name, { label: f.label, unit: f.unit, format: f.format, category: f.category, description: f.description }]),
    ),
  };
}


let cached: { builtAt: string; options: ScreenerOptions } | undefined;

/** The options record of the current database (rebuilt when the database is). */
export function getScreenerOptions(): ScreenerOptions {
  const db = marketDb();
  const builtAt = metaValue("built_at") ?? "";
  if (cached?.builtAt !== builtAt) {
    const { lists, counts, labels } = readOptionValues(db);
    cached = { builtAt, options: buildOptionsRecord(lists, counts, metaValue("as_of") ?? "", labels) };
  }
  return cached.options;
}
