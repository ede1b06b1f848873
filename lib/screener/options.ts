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
import { readCoverage } from "./coverage";
import { type OptionValues, readOptionValues } from "./option-values";
import type { OptionsResponse, ScreenerCoverage } from "./response-schema";

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

/** A definition without its catalog name (the options record keys filters by name), with its settings. */
function publish<D extends { name: string }, S>(def: D, settings: S): Omit<D, "name"> & S {
  const { name: _name, ...rest } = def;
  return { ...rest, ...settings };
}

/**
 * One case per input type: only a narrowed definition is paired with its own settings type (a
 * union would pair any definition with any settings).
 */
export function publicFilter(def: FilterDef): PublicFilterDef {
  switch (def.input_type) {
    case "range":
      return publish(def, filterSettings(def));
    case "multi_select": {
      const { value_columns: _columns, ...published } = def;
      return publish(published, filterSettings(def));
    }
    case "text":
      return publish(def, filterSettings(def));
    case "metric_rule_group":
      return publish(def, filterSettings(def));
    case "growth_rule_group":
      return publish(def, filterSettings(def));
    case "volatility_rule_group":
    case "composite_rule_group":
      return publish(def, filterSettings(def));
    case "field_compare":
      return publish(def, filterSettings(def));
  }
}

/** The screener options record (spec: "Screener options record") with the data's as-of date. */
export function buildOptionsRecord(optionValues: OptionValues, asOf: string, coverage: ScreenerCoverage): ScreenerOptions {
  return {
    as_of: asOf,
    result_formats: [...RESULT_FORMATS],
    page: { ...PAGE },
    sort: { fields: [...SORT_FIELDS], default: { ...DEFAULT_SORT } },
    modes: { basic: [...BASIC_FILTERS], advanced: [...ADVANCED_FILTERS] },
    filter_type_defaults: FILTER_TYPE_DEFAULTS,
    filters: Object.fromEntries(FILTERS.map((def) => [def.name, publicFilter(def)])),
    option_values: optionValues.lists,
    option_value_counts: optionValues.counts,
    option_value_labels: optionValues.labels,
    fields: FIELDS.map((f) => f.name),
    field_definitions: Object.fromEntries(
      FIELDS.map((f) => [f.name, { label: f.label, unit: f.unit, format: f.format, category: f.category, description: f.description }]),
    ),
    coverage,
  };
}


let cached: { builtAt: string; options: ScreenerOptions } | undefined;

/** The options record of the current database (rebuilt when the database is). */
export function getScreenerOptions(): ScreenerOptions {
  const db = marketDb();
  const builtAt = metaValue("built_at") ?? "";
  if (cached?.builtAt !== builtAt) {
    cached = { builtAt, options: buildOptionsRecord(readOptionValues(db), metaValue("as_of") ?? "", readCoverage(db)) };
  }
  return cached.options;
}
