import { z } from "zod";
import { cachedStatement } from "@/lib/db/market-db";
import { SqlCount } from "@/lib/db/sql-rows";
import { ValidationError } from "@/lib/errors";
import { FIELD_BY_NAME, type Unit } from "./catalog";
import { compileRuleColumnValues } from "./compile";
import { DISTRIBUTION_FIELDS, type DistributionRequest, type DistributionResponse } from "./distribution-schema";
import { histogram } from "./histogram";
import { PRIMARY_LISTING } from "./primary-listing";
import { type ScreenRequest, typedFilters } from "./request-schema";
import { screenSource } from "./as-of-range";
import { asOfSource, DEFAULT_SOURCE, fieldSql, type ScreenSource } from "./screen-source";
import { compileChecked } from "./service";

const ValueRows = z.array(z.object({ value: z.number(), matched: z.union([z.literal(0), z.literal(1)]) }));
const SectorRows = z.array(z.object({ sector: z.string().nullable(), n: SqlCount }));

/**
 * The result-set charts' data: a field's values over the screen's matches and over the whole data
 * set, binned alike, and the matches' sector mix. Two queries over at most the companies table
 * (the screen's id set computed once inside each), whatever the screen.
 */
export function screenDistribution({ filters, field, bins, as_of }: z.output<typeof DistributionRequest>): DistributionResponse {
  const request = { filters, sort: {}, page: {}, result_format: "tickers" } as const;
  const source = screenSource(as_of);
  const compiled = compileChecked(request, source);
  const inScreen = `c.id IN (${compiled.idsSql})`;
  // A source of its own for the same day (a source joins what its queries read): the field's query reads other columns.
  const values = fieldValues(request, field, source.date === null ? DEFAULT_SOURCE : asOfSource(source.date), inScreen, compiled.countParams);
  const rows = ValueRows.parse(cachedStatement(values.sql).all(...values.params));
  const sectors = SectorRows.parse(
    cachedStatement(`SELECT c.sector AS sector, count(*) AS n FROM companies c WHERE ${inScreen} GROUP BY 1 ORDER BY n DESC, sector`).all(...compiled.countParams),
  );
  const universe = rows.map((r) => r.value);
  const matches = rows.filter((r) => r.matched === 1).map((r) => r.value);
  const range = typedFilters(filters).find((f) => f.input_type === "range" && f.def.field === field);
  const bounds = range?.input_type === "range" ? { min: range.payload.min, max: range.payload.max } : {};
  return {
    field,
    label: values.label,
    unit: values.unit,
    total: sectors.reduce((sum, s) => sum + s.n, 0),
    matches_with_value: matches.length,
    universe_with_value: universe.length,
    histogram: histogram(universe, matches, bins),
    bounds,
    sectors: sectors.map(({ sector, n }) => ({ sector, companies: n })),
  };
}

/** The query of a catalog field's or a rule column's values over every company with one, each marked matched or not. */
function fieldValues(
  request: ScreenRequest,
  field: string,
  source: ScreenSource,
  inScreen: string,
  screenParams: unknown[],
): { sql: string; params: unknown[]; label: string; unit: Unit } {
  if (DISTRIBUTION_FIELDS.includes(field)) {
    const def = FIELD_BY_NAME.get(field)!;
    const value = fieldSql(source, def);
    const joins = source.joins(source.dayTable(def.name) ?? undefined);
    return {
      sql: `SELECT ${value} AS value, ${inScreen} AS matched FROM companies c ${joins.sql} WHERE ${PRIMARY_LISTING} AND ${value} IS NOT NULL`,
      params: [...screenParams, ...joins.params],
      label: def.label,
      unit: def.unit,
    };
  }
  const rule = compileRuleColumnValues(request, field, source);
  if (rule === null) {
    throw new ValidationError([{ pointer: "/field", message: `"${field}" is neither a numeric field nor a column this screen's rules compute` }]);
  }
  return { sql: rule.sql, params: rule.params, label: rule.column.label, unit: rule.column.unit };
}
