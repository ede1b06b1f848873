import { z } from "zod";
import { UNITS } from "./catalog";
import { CURRENCY_BASES, GROWTH_VALUE_TYPES } from "./filter-settings";

/**
 * What a temporary column holds, structured so that clients need not parse its label: the metric
 * and operand of a metric rule, the growth rule, or the compared output field.
 */
export const TemporaryColumnSource = z
  .discriminatedUnion("kind", [
    z.object({ kind: z.literal("fy"), metric: z.string(), offset: z.int().describe("Fiscal-year offset, 0 the latest") }),
    z.object({ kind: z.literal("average"), metric: z.string(), years: z.int(), offset: z.int().describe("Anchor fiscal-year offset of the newest year") }),
    z.object({ kind: z.literal("ttm"), metric: z.string() }),
    z.object({
      kind: z.literal("growth"),
      metric: z.string(),
      value_type: z.enum(GROWTH_VALUE_TYPES),
      horizon_years: z.int(),
      currency_basis: z.enum(CURRENCY_BASES),
    }),
    z.object({ kind: z.literal("field"), field: z.string().describe("An output field") }),
    z.object({ kind: z.literal("formula"), name: z.string(), expression: z.string().describe("The formula's expression as the request gave it") }),
    z.object({ kind: z.literal("formula_reason"), formula: z.string().describe("The formula whose null value this column explains") }),
  ])
  .describe("What the column holds: a metric operand (fy, average, ttm), a growth rule, a compared output field, a formula (API v2), or why a formula's value is null");
export type TemporaryColumnSource = z.output<typeof TemporaryColumnSource>;

/** Response schemas of the screener operations (documented in the OpenAPI document). */

const TemporaryColumn = z
  .object({
    name: z.string().describe("Member name in each row"),
    label: z.string().describe("Display label, made from source with the output fields' labels"),
    source: TemporaryColumnSource,
    unit: z.enum(UNITS),
    filter: z.string().describe("The filter whose rule derived it; formulas for a formula's columns"),
  })
  .describe("A value a rule or formula derived (trailing average, fiscal-year value, CAGR or multiple, compared field, formula)");

export const FilterOutcome = z
  .object({
    considered: z.int().describe("Companies every other filter of the screen keeps"),
    passed: z.int().describe("Of those, companies this filter keeps too (the screen's total)"),
    failed: z.int().describe("Companies with the data this filter needs whose values fail its condition"),
    missing: z.int().describe("Companies left out because the data this filter needs is missing"),
    missing_reasons: z
      .array(z.object({ reason: z.string().describe("Why the value is missing, from the data's coverage flags"), companies: z.int() }))
      .describe("The missing companies by reason, largest first; they sum to missing"),
  })
  .describe("What one filter did to the companies the rest of the screen keeps: considered = passed + failed + missing");
export type FilterOutcome = z.output<typeof FilterOutcome>;

const Envelope = {
  as_of: z.string().describe("As-of date of the data (YYYY-MM-DD)"),
  total: z.int().describe("Number of companies matching the filters"),
  limit: z.int(),
  offset: z.int(),
};

export const RowsResponse = z
  .object({
    ...Envelope,
    loaded_fields: z.array(z.string()).describe("The output fields loaded for the rows"),
    temporary_columns: z.array(TemporaryColumn).describe("Rule-derived values added to each row; empty when no rule derives one"),
    rows: z
      .array(z.record(z.string(), z.unknown()))
      .describe(
        "One object per company with the loaded fields and temporary columns. Load fundamentals_stale and stale_fields to learn which values rest on a fiscal year that ended more than 15 months before as_of",
      ),
  })
  .describe("rows response (result_format = rows)");

export const TickersResponse = z
  .object({ ...Envelope, tickers: z.array(z.string()).describe("full_ticker of each company on the page") })
  .describe("tickers response (result_format = tickers)");

export const ScreenResponse = z.union([RowsResponse, TickersResponse]);

export type TemporaryColumn = z.output<typeof TemporaryColumn>;
export type RowsResponse = z.output<typeof RowsResponse>;
export type TickersResponse = z.output<typeof TickersResponse>;

const CountBySetting = z.record(z.string(), z.int());

export const ScreenerCoverage = z
  .object({
    companies: z.int().describe("Companies in the data"),
    fields: z.record(z.string(), z.int()).describe("Output field → companies with a value"),
    filters: z
      .record(
        z.string(),
        z.object({
          companies: z.int().describe("Companies the filter can test at all (its field or metric present)"),
          fy_offsets: CountBySetting.optional().describe("Metric rules: fiscal-year offset → companies with a value in that fiscal year"),
          average_years: CountBySetting.optional().describe(
            "Metric rules: average length N → companies with a value in each of the N fiscal years to the latest (an average is missing when any year is)",
          ),
          horizons: z
            .record(z.string(), CountBySetting)
            .optional()
            .describe("Growth rules: metric → horizon in years → companies with positive values at offsets 0 and h (reported basis)"),
        }),
      )
      .describe("Filter → the companies it and each of its settings can see"),
  })
  .describe("How many companies have the data each field, filter and rule setting needs, as of as_of: choices with few companies return few");
export type ScreenerCoverage = z.output<typeof ScreenerCoverage>;

export const OptionsResponse = z
  .object({
    as_of: z.string(),
    result_formats: z.array(z.string()),
    page: z.object({ default_limit: z.int(), default_offset: z.int(), max_limit: z.int() }),
    sort: z.object({ fields: z.array(z.string()), default: z.object({ field: z.string(), desc: z.boolean() }) }),
    modes: z.object({ basic: z.array(z.string()), advanced: z.array(z.string()) }),
    filter_type_defaults: z.record(z.string(), z.record(z.string(), z.unknown())),
    filters: z.record(
      z.string(),
      z
        .object({ label: z.string(), input_type: z.string(), category: z.string(), description: z.string(), mode: z.enum(["basic", "advanced"]) })
        .catchall(z.unknown()),
    ),
    option_values: z.record(z.string(), z.array(z.string())),
    option_value_counts: z.record(z.string(), z.record(z.string(), z.int())),
    option_value_labels: z
      .record(z.string(), z.record(z.string(), z.string()))
      .describe("What coded option values stand for (exchanges: the venue, or that the data names none)"),
    fields: z.array(z.string()),
    field_definitions: z.record(
      z.string(),
      z.object({
        label: z.string(),
        unit: z
          .enum(UNITS)
          .describe("percent: a decimal (0.10 is 10%); usd: raw dollars; boolean: true or false; fields: an array of output field names; date: YYYY-MM-DD"),
        format: z.string(),
        category: z.string(),
        description: z.string(),
      }),
    ),
    coverage: ScreenerCoverage,
  })
  .describe("The screener options record");
