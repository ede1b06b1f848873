import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { z } from "zod";
import type { Progress } from "@/lib/ingest/progress";
import type { SyncedSeries } from "@/lib/ingest/synced-prices";
import { type PriceLayout, readPriceFile } from "./price-files";
import { SyncError } from "./sync-error";

export interface PriceFiles {
  series: SyncedSeries[];
  files: Record<PriceLayout, number>;
  /** Empty files (Stooq's bulk zip has some) left out. */
  empty: number;
  rows: number;
  /** Tickers left out while reading: no priced company of the current database has them (they could extend nothing). */
  leftOut: number;
}

/** Every `.txt` and `.csv` file (or `.br` of one) under `dir`, recursively (Stooq's zip unpacks to `data/daily/us/<exchange> stocks/<n>/`). */
function priceFilePaths(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.(txt|csv)(\.br)?$/i.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
}

/**
 * The symbols of the companies with bundled prices in the database at `databasePath` (the ones a
 * price file can extend), or null when there is no readable database. Reading a whole Stooq bulk
 * folder keeps only these tickers' rows in memory.
 */
export function pricedSymbols(databasePath: string): Set<string> | null {
  if (!existsSync(databasePath)) return null;
  const db = new Database(databasePath, { readonly: true });
  try {
    const rows = db
      .prepare(
        `SELECT price_ticker FROM companies WHERE price_ticker IS NOT NULL
         UNION SELECT s.symbol FROM company_symbols s JOIN companies c ON c.id = s.company_id WHERE c.price_ticker IS NOT NULL`,
      )
      .pluck()
      .all();
    return new Set(z.string().array().parse(rows));
  } catch {
    // A database of another schema: read every ticker, the build decides.
    return null;
  } finally {
    db.close();
  }
}

/**
 * Reads every daily price file under `dir`; a ticker in two files is refused (which one is right?).
 * With `keep`, tickers outside it are counted and dropped as each file is read.
 */
export async function readPriceFiles(dir: string, progress: Progress, keep: Set<string> | null = null): Promise<PriceFiles> {
  if (!existsSync(dir)) throw new SyncError(`--from ${dir}: no such directory`);
  const paths = priceFilePaths(dir);
  if (paths.length === 0) throw new SyncError(`--from ${dir}: no .txt or .csv price files`);
  const result: PriceFiles = { series: [], files: { stooq: 0, yahoo: 0 }, empty: 0, rows: 0, leftOut: 0 };
  const seen = new Map<string, string>();
  for (const [i, file] of paths.entries()) {
    const read = await readPriceFile(file);
    if (read === null) {
      result.empty++;
      continue;
    }
    result.files[read.layout]++;
    result.rows += read.rows;
    for (const series of read.series) {
      if (keep !== null && !keep.has(series.ticker)) {
        result.leftOut++;
        continue;
      }
      const other = seen.get(series.ticker);
      if (other !== undefined) throw new SyncError(`${series.ticker} is in two files, ${other} and ${file}: keep one`);
      seen.set(series.ticker, file);
      result.series.push(series);
    }
    if ((i + 1) % 1000 === 0) progress(`prices: ${i + 1} of ${paths.length} files read`);
  }
  progress(`prices: ${paths.length} files, ${result.rows} rows, ${result.series.length} tickers`);
  return result;
}

/** The price files a `sync prices` kept (`var/prices`), read for a rebuild; undefined when there are none. */
export async function keptPrices(pricesDir: string, databasePath: string, progress: Progress): Promise<SyncedSeries[] | undefined> {
  if (!existsSync(pricesDir)) return undefined;
  progress(`prices: the files kept by the last sync prices, in ${pricesDir}`);
  return (await readPriceFiles(pricesDir, progress, pricedSymbols(databasePath))).series;
}

