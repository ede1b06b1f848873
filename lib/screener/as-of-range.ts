import { z } from "zod";
import { FORMULA_OPTIONS, FormulaOptions } from "./formula-schema";
import { ValidationError } from "@/lib/errors";
import { cachedStatement, metaValue } from "@/lib/db/market-db";
import { Freshness, readFreshness } from "./freshness";
import { getScreenerOptions } from "./options";
import { OptionsResponse } from "./response-schema";
import { asOfSource, DEFAULT_SOURCE, type ScreenSource } from "./screen-source";

/** The dates a point-in-time screen can read: the trading days of the database, and the default one. */
export const AsOfRange = z.object({
  min: z.iso.date().describe("The first trading day with values"),
  max: z.iso.date().describe("The last trading day with values (the last day of the price file)"),
  default: z.iso.date().describe("The date a screen without as_of reads (v1's as_of)"),
});
export type AsOfRange = z.infer<typeof AsOfRange>;

export function readAsOfRange(): AsOfRange {
  return AsOfRange.parse({ min: metaValue("as_of_min"), max: metaValue("as_of_max"), default: metaValue("as_of") });
}

/** The last trading day on or before `date` (inside the range). */
export function tradingDayOn(date: string): string {
  return z.iso.date().parse(cachedStatement("SELECT max(date) FROM trading_days WHERE date <= ?").pluck().get(date));
}

/**
 * Where a screen as of `asOf` reads: the default date's columns without it, else the last trading
 * day on or before it. A date outside the range is the caller's error, at `pointer`.
 */
export function screenSource(asOf: string | undefined, pointer = "/as_of"): ScreenSource {
  if (asOf === undefined) return DEFAULT_SOURCE;
  checkAsOfDates([[pointer, asOf]]);
  return asOfSource(tradingDayOn(asOf));
}

/** Refuses, each at its pointer, the dates outside the database's as-of range. */
export function checkAsOfDates(dates: readonly [pointer: string, date: string][]): void {
  const range = readAsOfRange();
  const errors = dates.flatMap(([pointer, date]) =>
    date < range.min || date > range.max
      ? [{ pointer, message: `${date} is outside the data's as-of range, ${range.min} to ${range.max} (as_of_range in GET /api/v2/screener/options/)` }]
      : [],
  );
  if (errors.length > 0) throw new ValidationError(errors);
}

/** `GET /api/v2/screener/options/`: the v1 record plus the as-of range and how current the data is. */
export const OptionsResponseV2 = OptionsResponse.extend({
  as_of_range: AsOfRange.describe("The dates as_of (and a backtest's start and end) may take"),
  freshness: Freshness.describe("How current the prices and fundamentals are"),
  formulas: FormulaOptions,
});
export type ScreenerOptionsV2 = z.output<typeof OptionsResponseV2>;

export function getScreenerOptionsV2(): ScreenerOptionsV2 {
  return { ...getScreenerOptions(), as_of_range: readAsOfRange(), freshness: readFreshness(), formulas: FORMULA_OPTIONS };
}
