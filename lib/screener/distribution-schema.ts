import { z } from "zod";
import { FIELD_BY_NAME, FIELDS, UNITS } from "./catalog";
import { AdvancedScreenRequest, AsOfDate } from "./request-schema";

/** The result-set charts' request and answer (POST /api/ui/screener/distribution/); shared with the browser. */

/** The fields a distribution can be drawn of: the numeric ones (not identifiers such as the CIK). */
export const DISTRIBUTION_FIELDS = FIELDS.filter((f) => ["percent", "usd", "number", "integer"].includes(f.unit) && f.category !== "Company").map((f) => f.name);

export const DistributionRequest = AdvancedScreenRequest.pick({ filters: true }).extend({
  field: z
    .string()
    .min(1)
    .max(120)
    .refine((name) => !FIELD_BY_NAME.has(name) || DISTRIBUTION_FIELDS.includes(name), { error: "not a numeric field" })
    .describe("The numeric field whose distribution to count (DISTRIBUTION_FIELDS), or one of the screen's rule columns (`returnOnInvestedCapital_avg3y_fy0`)"),
  bins: z.int().min(4).max(60).default(24).describe("How many bins"),
  as_of: AsOfDate.optional(),
});

export const DistributionResponse = z.object({
  field: z.string(),
  label: z.string().describe("The field's or rule column's label"),
  unit: z.enum(UNITS),
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
