import { z } from "zod";
import { TemporaryColumnSource } from "./temporary-column";

/** Response schemas of the screener operations (documented in the OpenAPI document). */

const TemporaryColumn = z
  .object({
    name: z.string().describe("Member name in each row"),
    label: z.string().describe("Display label, made from source with the output fields' labels"),
    source: TemporaryColumnSource,
    unit: z.enum(["percent", "usd", "number", "integer", "text", "date"]),
    filter: z.string().describe("The filter whose rule derived it"),
  })
  .describe("A value a rule derived (trailing average, fiscal-year value, CAGR or multiple, compared field)");

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
    rows: z.array(z.record(z.string(), z.unknown())).describe("One object per company with the loaded fields and temporary columns"),
  })
  .describe("rows response (result_format = rows)");

export const TickersResponse = z
  .object({ ...Envelope, tickers: z.array(z.string()).describe("full_ticker of each company on the page") })
  .describe("tickers response (result_format = tickers)");

export const ScreenResponse = z.union([RowsResponse, TickersResponse]);

export type TemporaryColumn = z.output<typeof TemporaryColumn>;
export type RowsResponse = z.output<typeof RowsResponse>;
export type TickersResponse = z.output<typeof TickersResponse>;

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
    fields: z.array(z.string()),
    field_definitions: z.record(
      z.string(),
      z.object({ label: z.string(), unit: z.string(), format: z.string(), category: z.string(), description: z.string() }),
    ),
  })
  .describe("The screener options record");
