import type { TemporaryColumnSource } from "./response-schema";

// Pure on purpose: the screener page's first load imports these labels, not zod.

export const fiscalYearLabel = (offset: number) => (offset === 0 ? "latest FY" : `FY−${offset}`);

/** The column's label ("ROIC 3y avg to latest FY"): sent by the server, shown by the screener page. */
export function temporaryColumnLabel(source: TemporaryColumnSource, label: (name: string) => string): string {
  // A metric's catalog label names its default year ("ROIC (latest FY)"); the column names its own.
  const fieldLabel = (name: string) => label(name).replace(/\s*\(latest FY\)$/, "");
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
      return label(source.field);
    case "formula":
      return source.name;
    case "formula_reason":
      return `Why ${source.formula} is empty`;
  }
}
