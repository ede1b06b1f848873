import type { CompareOperator } from "@/lib/screener/catalog";

/** How operators and fiscal-year offsets read in the filter form. */
export const OPERATOR_LABELS: Record<CompareOperator, string> = { lt: "<", lte: "≤", gt: ">", gte: "≥" };

export const fiscalYearLabel = (offset: number) => (offset === 0 ? "latest FY" : `FY−${offset}`);

export const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
