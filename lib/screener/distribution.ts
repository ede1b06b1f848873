import { z } from "zod";
import { cachedStatement } from "@/lib/db/market-db";
import { SqlCount } from "@/lib/db/sql-rows";
import { FIELD_BY_NAME } from "./catalog";
import type { DistributionRequest, DistributionResponse } from "./distribution-schema";
import { histogram } from "./histogram";
import { typedFilters } from "./request-schema";
import { DEFAULT_SOURCE } from "./screen-source";
import { compileChecked } from "./service";

const ValueRows = z.array(z.object({ value: z.number(), matched: z.union([z.literal(0), z.literal(1)]) }));
const SectorRows = z.array(z.object({ sector: z.string().nullable(), n: SqlCount }));

/**
 * The result-set charts' data: a field's values over the screen's matches and over the whole data
 * set, binned alike, and the matches' sector mix. Two queries over at most the companies table
 * (the screen's id set computed once inside each), whatever the screen.
 */
export function screenDistribution({ filters, field, bins }: z.output<typeof DistributionRequest>): DistributionResponse {
  // The default date's values (the charts do not follow an as-of date yet).
  const compiled = compileChecked({ filters, sort: {}, page: {}, result_format: "tickers" }, DEFAULT_SOURCE);
  const sql = FIELD_BY_NAME.get(field)!.sql;
  const inScreen = `c.id IN (${compiled.idsSql})`;
  const rows = ValueRows.parse(cachedStatement(`SELECT ${sql} AS value, ${inScreen} AS matched FROM companies c WHERE ${sql} IS NOT NULL`).all(...compiled.countParams));
  const sectors = SectorRows.parse(
    cachedStatement(`SELECT c.sector AS sector, count(*) AS n FROM companies c WHERE ${inScreen} GROUP BY 1 ORDER BY n DESC, sector`).all(...compiled.countParams),
  );
  const universe = rows.map((r) => r.value);
  const matches = rows.filter((r) => r.matched === 1).map((r) => r.value);
  const range = typedFilters(filters).find((f) => f.input_type === "range" && f.def.field === field);
  const bounds = range?.input_type === "range" ? { min: range.payload.min, max: range.payload.max } : {};
  return {
    field,
    total: sectors.reduce((sum, s) => sum + s.n, 0),
    matches_with_value: matches.length,
    universe_with_value: universe.length,
    histogram: histogram(universe, matches, bins),
    bounds,
    sectors: sectors.map(({ sector, n }) => ({ sector, companies: n })),
  };
}
