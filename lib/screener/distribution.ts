import { z } from "zod";
import { cachedStatement } from "@/lib/db/market-db";
import { SqlCount } from "@/lib/db/sql-rows";
import { FIELD_BY_NAME, FIELDS } from "./catalog";
import { histogram } from "./histogram";
import { AdvancedScreenRequest, typedFilters } from "./request-schema";
import { compileChecked } from "./service";

/** The fields a distribution can be drawn of: the numeric ones (not identifiers such as the CIK). */
export const DISTRIBUTION_FIELDS = FIELDS.filter((f) => ["percent", "usd", "number", "integer"].includes(f.unit) && f.category !== "Company").map((f) => f.name);
const DistributionField = z.enum(DISTRIBUTION_FIELDS);

export const DistributionRequest = AdvancedScreenRequest.pick({ filters: true }).extend({
  field: DistributionField.describe("The numeric field whose distribution to count"),
  bins: z.int().min(4).max(60).default(24).describe("How many bins"),
});

export const DistributionResponse = z.object({
  field: z.string(),
  total: z.int().describe("Companies matching every filter"),
  matches_with_value: z.int().describe("Of them, those with a value in the field (the ones binned)"),
  universe_with_value: z.int().describe("Companies of the whole data set with a value in the field"),
  histogram: z.object({
    scale: z.enum(["linear", "log"]),
    edges: z.array(z.number()).describe("bins + 1 ascending bin edges"),
    universe: z.array(z.int()).describe("Companies of the whole data set per bin"),
    matches: z.array(z.int()).describe("Matching companies per bin"),
    open_below: z.boolean().describe("The first bin also holds the values below its lower edge (under the 1st percentile)"),
    open_above: z.boolean().describe("The last bin also holds the values above its top edge (over the 99th percentile)"),
  }),
  bounds: z.object({ min: z.number().optional(), max: z.number().optional() }).describe("The screen's range filter on this field, if any"),
  sectors: z.array(z.object({ sector: z.string().nullable(), companies: z.int() })).describe("Matching companies per sector, most first (null: no sector)"),
});
export type DistributionResponse = z.output<typeof DistributionResponse>;

const ValueRows = z.array(z.object({ value: z.number(), matched: z.union([z.literal(0), z.literal(1)]) }));
const SectorRows = z.array(z.object({ sector: z.string().nullable(), n: SqlCount }));

/**
 * The result-set charts' data: a field's values over the screen's matches and over the whole data
 * set, binned alike, and the matches' sector mix. Two queries over at most the companies table
 * (the screen's id set computed once inside each), whatever the screen.
 */
export function screenDistribution({ filters, field, bins }: z.output<typeof DistributionRequest>): DistributionResponse {
  const compiled = compileChecked({ filters, sort: {}, page: {}, result_format: "tickers" });
  const sql = FIELD_BY_NAME.get(field)!.sql;
  const inScreen = `c.id IN (${compiled.idsSql})`;
  const rows = ValueRows.parse(cachedStatement(`SELECT ${sql} AS value, ${inScreen} AS matched FROM companies c WHERE ${sql} IS NOT NULL`).all(...compiled.params));
  const sectors = SectorRows.parse(
    cachedStatement(`SELECT c.sector AS sector, count(*) AS n FROM companies c WHERE ${inScreen} GROUP BY 1 ORDER BY n DESC, sector`).all(...compiled.params),
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
