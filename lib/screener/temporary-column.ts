import { z } from "zod";
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
  ])
  .describe("What the column holds: a metric operand (fy, average, ttm), a growth rule, or a compared output field");
export type TemporaryColumnSource = z.output<typeof TemporaryColumnSource>;

export const fiscalYearLabel = (offset: number) => (offset === 0 ? "latest FY" : `FY−${offset}`);

/** The column's label ("ROIC 3y avg to latest FY"): sent by the server, shown by the screener page. */
export function temporaryColumnLabel(source: TemporaryColumnSource, fieldLabel: (name: string) => string): string {
  switch (source.kind) {
    case "fy":
      return `${fieldLabel(source.metric)} ${fiscalYearLabel(source.offset)}`;
    case "average":
      return `${fieldLabel(source.metric)} ${source.years}y avg to ${fiscalYearLabel(source.offset)}`;
    case "ttm":
      return `${fieldLabel(source.metric)} TTM`;
    case "growth":
      return `${fieldLabel(source.metric)} ${source.value_type === "cagr" ? "CAGR" : "growth multiple"} over ${source.horizon_years}y (${source.currency_basis})`;
    case "field":
      return fieldLabel(source.field);
  }
}
