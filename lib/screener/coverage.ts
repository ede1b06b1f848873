import type Database from "better-sqlite3";
import { SqlCounts } from "@/lib/db/sql-rows";
import { FIELD_BY_NAME, FILTERS, type FilterDef, type GrowthRuleGroupDef, type MetricRuleGroupDef } from "./catalog";
import { countFieldValues } from "./field-coverage";
import { filterSettings } from "./filter-settings";
import { PRIMARY_LISTING, PRIMARY_LISTING_IDS } from "./primary-listing";
import type { ScreenerCoverage } from "./response-schema";

/** Setting value (offset, years or horizon, as a string key) → companies with a value for it. */
type CountBySetting = Record<string, number>;

interface RuleCoverage {
  /** Metric rule filter → fiscal-year offset → companies with the metric in that fiscal year. */
  fyOffsets: Record<string, CountBySetting>;
  /** Metric rule filter → average length N → companies with all N fiscal years to the latest one. */
  averageYears: Record<string, CountBySetting>;
  /** Growth rule filter → metric → horizon h → companies with positive values at offsets 0 and h. */
  horizons: Record<string, Record<string, CountBySetting>>;
}

const metricDefs = FILTERS.filter((f): f is MetricRuleGroupDef => f.input_type === "metric_rule_group");
const growthDefs = FILTERS.filter((f): f is GrowthRuleGroupDef => f.input_type === "growth_rule_group");

/** One row of named counts (every selected column is a count, checked as one). */
const countRow = (db: Database.Database, sql: string, ...params: unknown[]) => SqlCounts.parse(db.prepare(sql).get(...params));

/**
 * How many companies a rule setting can see, by the same definitions as the compiler
 * (`compile.ts`): a fiscal-year operand needs that year's value, an average of N years every value
 * from the latest year back (anchored at offset 0), a growth rule positive values at offsets 0 and
 * h. Read from `fiscal_years` (a few thousand rows: a handful of small aggregates). The numbers follow the data's as-of date, never the catalog.
 */
function countRuleCoverage(db: Database.Database): RuleCoverage {
  const coverage: RuleCoverage = { fyOffsets: {}, averageYears: {}, horizons: {} };
  // Column names are catalog identifiers (metric names), never request text.
  const counts = (metrics: readonly string[]) => metrics.map((m, i) => `count("${m}") AS m${i}`).join(", ");

  const depth = Math.max(...metricDefs.map((def) => filterSettings(def).max_fy_depth));
  const metrics = metricDefs.map((def) => def.metric);
  const byOffset = new Map<number, Record<string, number>>();
  for (const offset of Array.from({ length: depth }, (_, i) => i)) {
    byOffset.set(offset, countRow(db, `SELECT ${counts(metrics)} FROM fiscal_years WHERE fy_offset = ? AND company_id IN (${PRIMARY_LISTING_IDS})`, offset));
  }
  // The average's rule (compile.ts): missing when any year of the window is.
  const windowSums = metrics.map((_, i) => `coalesce(sum(m${i} = ?), 0) AS m${i}`).join(", ");
  const byYears = new Map<number, Record<string, number>>();
  for (const years of Array.from({ length: depth }, (_, i) => i + 1)) {
    const sql = `SELECT ${windowSums} FROM (SELECT ${counts(metrics)} FROM fiscal_years WHERE fy_offset BETWEEN 0 AND ? AND company_id IN (${PRIMARY_LISTING_IDS}) GROUP BY company_id)`;
    byYears.set(years, countRow(db, sql, ...metrics.map(() => years), years - 1));
  }
  metricDefs.forEach((def, i) => {
    const { max_fy_depth } = filterSettings(def);
    const pick = (rows: Map<number, Record<string, number>>, keys: number[]) => Object.fromEntries(keys.map((k) => [String(k), rows.get(k)?.[`m${i}`] ?? 0]));
    coverage.fyOffsets[def.name] = pick(byOffset, Array.from({ length: max_fy_depth }, (_, k) => k));
    coverage.averageYears[def.name] = pick(byYears, Array.from({ length: max_fy_depth }, (_, k) => k + 1));
  });

  for (const def of growthDefs) {
    const growthMetrics = Object.keys(def.value_fields);
    // Both ends positive (compile.ts compileGrowthRules), on the reported basis.
    const both = growthMetrics.map((m, i) => `coalesce(sum(a."${m}" > 0 AND b."${m}" > 0), 0) AS m${i}`).join(", ");
    const sql = `SELECT ${both} FROM fiscal_years a JOIN fiscal_years b ON b.company_id = a.company_id AND b.fy_offset = ? WHERE a.fy_offset = 0 AND a.company_id IN (${PRIMARY_LISTING_IDS})`;
    const byHorizon = filterSettings(def).horizons.map((h) => [h, countRow(db, sql, h)] as const);
    coverage.horizons[def.name] = Object.fromEntries(
      growthMetrics.map((m, i) => [m, Object.fromEntries(byHorizon.map(([h, row]) => [String(h), row[`m${i}`] ?? 0]))]),
    );
  }
  return coverage;
}

/**
 * Companies with data for each member-rule filter: every member present, as a range or compare
 * rule on either member needs (one pass over the companies).
 */
function countMemberCoverage(db: Database.Database): Record<string, number> {
  const groups = FILTERS.flatMap((def) => ("members" in def ? [def] : []));
  const present = (members: readonly string[]) => members.map((m) => `${FIELD_BY_NAME.get(m)?.sql ?? "NULL"} IS NOT NULL`).join(" AND ");
  const row = countRow(db, `SELECT ${groups.map((def, i) => `count(CASE WHEN ${present(def.members)} THEN 1 END) AS g${i}`).join(", ")} FROM companies c WHERE ${PRIMARY_LISTING}`);
  return Object.fromEntries(groups.map((def, i) => [def.name, row[`g${i}`] ?? 0]));
}

/** The companies a filter can test at all: the count shown as "n with data" beside it. */
function filterCompanies(def: FilterDef, fields: Record<string, number>, rules: RuleCoverage, members: Record<string, number>): number {
  const all = fields.full_ticker ?? 0;
  switch (def.input_type) {
    case "range":
      return fields[def.field] ?? 0;
    case "multi_select":
      // A data-set filter (coverage) tests flags every company has.
      return def.value_columns ? all : (fields[def.name] ?? 0);
    case "text":
      // Names are searched too, and every company has one.
      return all;
    case "metric_rule_group":
      return rules.fyOffsets[def.name]?.["0"] ?? 0;
    case "growth_rule_group":
      return Math.max(0, ...Object.values(rules.horizons[def.name] ?? {}).flatMap((byHorizon) => Object.values(byHorizon)));
    case "volatility_rule_group":
    case "composite_rule_group":
    case "field_compare":
      return members[def.name] ?? 0;
  }
}

/**
 * The options record's `coverage`: companies with a value per output field, per filter, and per
 * rule setting (fiscal-year offset, average length, growth horizon). The options record it goes
 * into is cached per database build (options.ts).
 */
export function readCoverage(db: Database.Database): ScreenerCoverage {
  const fields = countFieldValues(db);
  const rules = countRuleCoverage(db);
  const members = countMemberCoverage(db);
  const coverage: ScreenerCoverage = {
    companies: fields.full_ticker ?? 0,
    fields,
    filters: Object.fromEntries(
      FILTERS.map((def) => [
        def.name,
        {
          companies: filterCompanies(def, fields, rules, members),
          ...(rules.fyOffsets[def.name] && { fy_offsets: rules.fyOffsets[def.name], average_years: rules.averageYears[def.name] }),
          ...(rules.horizons[def.name] && { horizons: rules.horizons[def.name] }),
        },
      ]),
    ),
  };
  return coverage;
}
