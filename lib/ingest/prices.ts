import type { PriceDay } from "@/lib/market/price-rows";
import { BundledFileError } from "./compressed-files";


const HEADER = "ticker,date,close,adjusted_close,volume,dividend_amount,split_coefficient";
const COLUMNS = HEADER.split(",");

/** A numeric cell; every one is filled in the bundled file, so a blank is an error (`Number("")` would read it as 0). */
function priceNumber(file: string, value: string, row: number, column: string): number {
  const n = value.trim() === "" ? NaN : Number(value);
  if (!Number.isFinite(n)) throw new BundledFileError(file, `row ${row}: ${column} ${JSON.stringify(value)} is not a number`);
  return n;
}

/**
 * Parses the bundled daily price CSV (plain numeric columns, no quoting) into per-ticker series
 * sorted by date. A malformed row stops the ingest with its row (line) number.
 */
export function parsePrices(file: string, csv: string): Map<string, PriceDay[]> {
  const lines = csv.split("\n");
  if (lines[0]?.trim() !== HEADER) throw new BundledFileError(file, `unexpected header (want ${HEADER})`);
  const series = new Map<string, PriceDay[]>();
  for (let i = 1; i < lines.length; i++) {
    const line = lines[i]!;
    if (line === "") continue;
    const cells = line.split(",");
    const [ticker, date] = cells;
    if (cells.length !== COLUMNS.length || !ticker || !/^\d{4}-\d{2}-\d{2}$/.test(date ?? "")) {
      throw new BundledFileError(file, `row ${i + 1} is not a valid price row: ${line.slice(0, 80)}`);
    }
    const numbers = cells.slice(2).map((cell, j) => priceNumber(file, cell, i + 1, COLUMNS[j + 2]!));
    const [close, adjustedClose, volume, dividend, split] = numbers as [number, number, number, number, number];
    const day = { date: date!, close, adjustedClose, volume, dividend, split };
    const days = series.get(ticker);
    if (days) days.push(day);
    else series.set(ticker, [day]);
  }
  for (const days of series.values()) days.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  return series;
}

/** Index of the last day on or before `date` in a series sorted by date, or -1. */
export function lastIndexOnOrBefore(days: readonly { date: string }[], date: string): number {
  let lo = 0;
  let hi = days.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (days[mid]!.date <= date) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found;
}

/**
 * Product of the split coefficients of the days after `date` up to the as-of date: the factor that
 * restates a share count of `date` to the share basis of the as-of date (per-share values divide by it).
 */
export function splitFactorAfter(days: readonly PriceDay[], date: string, asOf: string): number {
  let factor = 1;
  for (const day of days) if (day.date > date && day.date <= asOf) factor *= day.split;
  return factor;
}
