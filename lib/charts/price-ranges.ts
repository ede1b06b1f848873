/** The price chart's ranges: how far back from the last day each one reaches. Pure. */

export const PRICE_RANGES = [
  { name: "1M", months: 1 },
  { name: "3M", months: 3 },
  { name: "6M", months: 6 },
  { name: "1Y", months: 12 },
  { name: "5Y", months: 60 },
  { name: "Max", months: null },
] as const;

export type PriceRange = (typeof PRICE_RANGES)[number]["name"];

/** `date` (YYYY-MM-DD) moved back by whole months; a day past the month's end clamps to its last day (03-31 − 1M = 02-28). */
export function monthsBefore(date: string, months: number): string {
  const year = Number(date.slice(0, 4));
  const month = Number(date.slice(5, 7));
  const day = Number(date.slice(8, 10));
  const total = year * 12 + (month - 1) - months;
  const y = Math.floor(total / 12);
  const m = total - y * 12;
  const lastDay = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  return `${String(y).padStart(4, "0")}-${String(m + 1).padStart(2, "0")}-${String(Math.min(day, lastDay)).padStart(2, "0")}`;
}

/** The index of the first of `dates` (ascending) inside the range that ends on the last date. */
export function rangeStart(dates: readonly string[], range: PriceRange): number {
  const months = PRICE_RANGES.find((r) => r.name === range)?.months ?? null;
  const last = dates.at(-1);
  if (months === null || last === undefined) return 0;
  const from = monthsBefore(last, months);
  const index = dates.findIndex((d) => d >= from);
  return index === -1 ? 0 : index;
}
