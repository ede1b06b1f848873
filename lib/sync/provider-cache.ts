import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import type { PriceDay } from "@/lib/market/price-rows";
import { SyncError } from "./sync-error";
import { TiingoBar, barsToDays } from "./tiingo";

/**
 * The market-data provider's bars as `npm run sync -- prices` keeps them (var/prices-provider/):
 * one file per ticker, every bar since its first fetch, so that an interrupted run resumes and a
 * rebuild (`sync sec`, or `sync prices` itself) carries every day the provider gave.
 */

/** A ticker's cached bars: every bar fetched from `from` on, for the company `fullTicker`, the last fetch on `fetchedOn`. */
export const CachedSeries = z.object({ fullTicker: z.string(), ticker: z.string(), from: z.iso.date(), fetchedOn: z.iso.date(), bars: TiingoBar.array() });
export type CachedSeries = z.output<typeof CachedSeries>;

export const cacheFile = (dir: string, ticker: string) => path.join(dir, `${ticker.replace(/[^A-Za-z0-9.-]/g, "_")}.json`);

export function readCache(file: string): CachedSeries | null {
  if (!existsSync(file)) return null;
  const refuse = (why: string) => new SyncError(`${file}: not a cached price series (${why}); delete it to fetch the ticker again`);
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(file, "utf8"));
  } catch (error) {
    throw refuse((error as Error).message);
  }
  const parsed = CachedSeries.safeParse(json);
  if (!parsed.success) throw refuse(parsed.error.issues[0]!.message);
  return parsed.data;
}

/** Written whole or not at all (a run stopped mid-write leaves the previous file). */
export function writeCache(file: string, series: CachedSeries): void {
  writeFileSync(`${file}.part`, JSON.stringify(series));
  renameSync(`${file}.part`, file);
}

/** Every cached series of `dir` as price days by full ticker, each on its own adjusted basis (the build chains them at the overlap). */
export function cachedProviderPrices(dir: string): Map<string, PriceDay[]> {
  if (!existsSync(dir)) return new Map();
  const series = readdirSync(dir)
    .filter((f) => f.endsWith(".json"))
    .flatMap((f) => readCache(path.join(dir, f)) ?? []);
  return new Map(series.filter((s) => s.bars.length > 0).map((s) => [s.fullTicker, barsToDays(s.bars)]));
}
