import type { PriceDay } from "@/lib/market/price-rows";
import { lastIndexOnOrBefore } from "./prices";

/**
 * One day of a synced price file (`npm run sync -- prices`). Stooq and yfinance files give closes
 * adjusted for the splits and dividends up to the file's last day, so `close` is exact on that day
 * only (docs/METRICS.md "Synced prices"); `adjustedClose` is the file's most adjusted close.
 */
export interface SyncedPriceDay {
  date: string;
  close: number;
  adjustedClose: number;
  volume: number;
}

/** A ticker's days from one file, sorted by date. */
export interface SyncedSeries {
  ticker: string;
  file: string;
  days: SyncedPriceDay[];
}

/** Overlap days whose adjusted closes differ from the bundled ones beyond this (relative, after scaling at the bundled last day). */
export const AGREEMENT_TOLERANCE = 0.01;
/**
 * Bundled close over synced close on the bundled last day: dividends paid since make it a little
 * above 1 (each lowers earlier adjusted closes), a split after it makes it 1.5 or more (3-for-2 and up)
 * or below 1 (a reverse split); the file cannot say on which day a split happened.
 */
const DIVIDENDS_ONLY = { min: 0.995, max: 1.45 };

export interface PriceDisagreement {
  ticker: string;
  days: number;
  largest: number;
  largestOn: string;
}

export interface SyncedPricesReport {
  /** Tickers whose bundled series the synced days extend, with the last synced day. */
  extended: { ticker: string; file: string; days: number; through: string }[];
  /** Overlap checks (the bundled history stays the source in its range). */
  disagreements: PriceDisagreement[];
  /** Synced tickers not extended, with why. */
  notExtended: { ticker: string; file: string; reason: string }[];
  /** Tickers no company of the universe has (counted, not added). */
  notInUniverse: number;
  /** The last synced day used, or null. */
  lastPriceDate: string | null;
}

/** Index of the day `date` in a series sorted by date, or -1. */
function indexOf(days: readonly { date: string }[], date: string): number {
  const i = lastIndexOnOrBefore(days, date);
  return i >= 0 && days[i]!.date === date ? i : -1;
}

/** The overlap days (up to the bundled last day) whose adjusted close disagrees with the bundled one, scaled to agree on that last day. */
export function overlapDisagreement(bundled: readonly PriceDay[], synced: readonly SyncedPriceDay[], ticker: string): PriceDisagreement {
  const last = bundled.at(-1)!;
  const scale = last.adjustedClose / synced[indexOf(synced, last.date)]!.adjustedClose;
  const result: PriceDisagreement = { ticker, days: 0, largest: 0, largestOn: last.date };
  for (const day of synced) {
    if (day.date > last.date) break;
    const i = indexOf(bundled, day.date);
    if (i < 0) continue;
    const difference = Math.abs((day.adjustedClose * scale) / bundled[i]!.adjustedClose - 1);
    if (difference > AGREEMENT_TOLERANCE) result.days++;
    if (difference > result.largest) Object.assign(result, { largest: difference, largestOn: day.date });
  }
  return result;
}

/**
 * The bundled series with synced days appended after each one's last day. A synced series
 * extends a bundled one only when it holds that last day (to check it and chain the adjusted
 * closes there) and shows no split since. `priceTickerOf` gives the bundled price ticker of the
 * company with the file's ticker: undefined when none has it, null when it has no bundled prices.
 */
export function extendPrices(
  bundled: ReadonlyMap<string, PriceDay[]>,
  synced: readonly SyncedSeries[],
  priceTickerOf: (ticker: string) => string | null | undefined,
): { prices: Map<string, PriceDay[]>; report: SyncedPricesReport } {
  const prices = new Map(bundled);
  const report: SyncedPricesReport = { extended: [], disagreements: [], notExtended: [], notInUniverse: 0, lastPriceDate: null };
  for (const { ticker: fileTicker, file, days } of synced) {
    const ticker = priceTickerOf(fileTicker);
    if (ticker === undefined) {
      report.notInUniverse++;
      continue;
    }
    const history = ticker === null ? undefined : bundled.get(ticker);
    const skip = (reason: string) => report.notExtended.push({ ticker: fileTicker, file, reason });
    if (ticker === null || !history) {
      skip("no bundled prices to check the file's split adjustment against");
      continue;
    }
    const last = history.at(-1)!;
    const at = indexOf(days, last.date);
    if (at < 0) {
      skip(`the file has no row on the bundled last day ${last.date}`);
      continue;
    }
    const ratio = last.close / days[at]!.close;
    if (ratio < DIVIDENDS_ONLY.min || ratio >= DIVIDENDS_ONLY.max) {
      skip(`close on ${last.date} is ${days[at]!.close} against the bundled ${last.close}: a split after it that the file cannot date`);
      continue;
    }
    const disagreement = overlapDisagreement(history, days, fileTicker);
    if (disagreement.days > 0) report.disagreements.push(disagreement);
    const chain = last.adjustedClose / days[at]!.adjustedClose;
    const after = days.slice(at + 1).map((day) => ({ ...day, adjustedClose: day.adjustedClose * chain, dividend: null, split: 1 }));
    if (after.length === 0) continue;
    prices.set(ticker, [...history, ...after]);
    const through = after.at(-1)!.date;
    report.extended.push({ ticker: fileTicker, file, days: after.length, through });
    if (report.lastPriceDate === null || through > report.lastPriceDate) report.lastPriceDate = through;
  }
  return { prices, report };
}

/**
 * A stored series continued by a market-data provider's days (`npm run sync -- prices`,
 * lib/sync/provider-prices.ts), which date their splits and dividends and give unadjusted closes:
 * the provider's days after the stored last day, their adjusted closes chained there, when the
 * provider has that day and its close agrees within 1%; the provider's whole series for a company
 * without stored prices. Null when the provider's days cannot continue the stored ones (kept as
 * they are).
 */
export function continueSeries(stored: readonly PriceDay[] | undefined, provider: readonly PriceDay[]): PriceDay[] | null {
  if (stored === undefined || stored.length === 0) return [...provider];
  const last = stored.at(-1)!;
  const at = indexOf(provider, last.date);
  if (at < 0 || Math.abs(provider[at]!.close / last.close - 1) > AGREEMENT_TOLERANCE) return null;
  const chain = last.adjustedClose / provider[at]!.adjustedClose;
  return [...stored, ...provider.slice(at + 1).map((day) => ({ ...day, adjustedClose: day.adjustedClose * chain }))];
}
