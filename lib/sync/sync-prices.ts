import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { type BuildReport, buildDatabase } from "@/lib/ingest/build-database";
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
}

/** Every `.txt` and `.csv` file (or `.br` of one) under `dir`, recursively (Stooq's zip unpacks to `data/daily/us/<exchange> stocks/<n>/`). */
function priceFilePaths(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.(txt|csv)(\.br)?$/i.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
}

/** Reads every daily price file under `dir`; a ticker in two files is refused (which one is right?). */
export async function readPriceFiles(dir: string, progress: Progress): Promise<PriceFiles> {
  if (!existsSync(dir)) throw new SyncError(`--from ${dir}: no such directory`);
  const paths = priceFilePaths(dir);
  if (paths.length === 0) throw new SyncError(`--from ${dir}: no .txt or .csv price files`);
  const result: PriceFiles = { series: [], files: { stooq: 0, yahoo: 0 }, empty: 0, rows: 0 };
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

export interface PricesSyncReport extends PriceFiles {
  build: BuildReport;
}

/**
 * `npm run sync -- prices --from DIR`: the price files read (all of them, before anything is
 * built: a bad file stops the sync with the old database untouched), then a new database built
 * from the bundled data, the companyfacts of the last `sync sec` (`secDir/companyfacts`, when
 * there) and the synced prices, swapped in atomically (buildDatabase).
 */
export async function syncPrices(options: { from: string; secDir: string; dataDir: string; databasePath: string; progress: Progress }): Promise<PricesSyncReport> {
  const read = await readPriceFiles(options.from, options.progress);
  const companyFacts = path.join(options.secDir, "companyfacts");
  const build = buildDatabase({
    dataDir: options.dataDir,
    databasePath: options.databasePath,
    progress: options.progress,
    syncedCompanyFactsDir: existsSync(companyFacts) ? companyFacts : undefined,
    syncedPrices: read.series,
  });
  return { ...read, build };
}
