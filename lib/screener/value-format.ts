import type { Unit } from "./catalog";

/**
 * Table cells: the unit is written once in the column header (`unitLabel`), cells carry the
 * number alone (compact magnitudes for dollars). Negatives get a true minus sign so they read as
 * negative without colour. Pure.
 */

const MINUS = "\u2212";
const compact = new Intl.NumberFormat("en-US", { notation: "compact", maximumFractionDigits: 2, minimumFractionDigits: 2 });
const percent = new Intl.NumberFormat("en-US", { minimumFractionDigits: 1, maximumFractionDigits: 1 });
const decimal = new Intl.NumberFormat("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const full = new Intl.NumberFormat("en-US", { maximumFractionDigits: 6 });

/** The unit as a column header shows it, or "" when the values speak for themselves. */
export function unitLabel(unit: Unit): string {
  return unit === "percent" ? "%" : unit === "usd" ? "USD" : "";
}

const signed = (n: number, format: (abs: number) => string) => (n < 0 ? MINUS : "") + format(Math.abs(n));

/** Units whose cells are numbers: right-aligned, in tabular figures. */
export const isNumericUnit = (unit: Unit) => unit === "percent" || unit === "usd" || unit === "number" || unit === "integer";

/** A value for a table cell; "" for a missing value (the cell shows a dash). */
export function formatCell(value: unknown, unit: Unit): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "boolean") return value ? "yes" : "no";
  if (Array.isArray(value)) return value.length > 0 ? value.join(", ") : "none";
  if (typeof value !== "number") return String(value);
  switch (unit) {
    case "percent":
      return signed(value, (abs) => percent.format(abs * 100));
    case "usd":
      return signed(value, (abs) => (abs < 1000 ? decimal.format(abs) : compact.format(abs)));
    case "integer":
      return String(value);
    case "number":
      return signed(value, (abs) => decimal.format(abs));
    default:
      return String(value);
  }
}

/** The exact value, for a cell's tooltip. */
export function formatExact(value: unknown, unit: Unit): string {
  if (typeof value !== "number") return value === null || value === undefined ? "no data" : formatCell(value, unit);
  if (unit === "percent") return `${full.format(value * 100)}%`;
  if (unit === "usd") return `$${full.format(value)}`;
  return full.format(value);
}

/** A count of companies, "1,234". */
export const formatCount = (n: number) => new Intl.NumberFormat("en-US").format(n);

/** A value standing alone (not under a header that names its unit): "12.3%", "$617.59B", "—" when missing. */
export function formatValue(value: unknown, unit: Unit): string {
  const cell = formatCell(value, unit);
  if (cell === "") return "\u2014";
  if (typeof value !== "number") return cell;
  if (unit === "percent") return `${cell}%`;
  if (unit === "usd") return cell.startsWith(MINUS) ? `${MINUS}$${cell.slice(1)}` : `$${cell}`;
  return cell;
}

/** A count with its noun: "1 year", "3 years", "1 company" (with `many` for irregular plurals). */
export const plural = (n: number | bigint, one: string, many = `${one}s`) => `${n} ${Number(n) === 1 ? one : many}`;
