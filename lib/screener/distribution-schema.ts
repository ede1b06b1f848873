import { z } from "zod";
import { FIELDS } from "./catalog";
import { AdvancedScreenRequest } from "./request-schema";

/** The result-set charts' request and answer (POST /api/ui/screener/distribution/); shared with the browser. */

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
