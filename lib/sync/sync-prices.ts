import { copyFileSync, mkdirSync } from "node:fs";
import path from "node:path";
import { type BuildReport, buildDatabase } from "@/lib/ingest/build-database";
import type { Progress } from "@/lib/ingest/progress";
import { type PriceFiles, pricedSymbols, readPriceFiles } from "./price-folder";
import { replaceDirectory } from "./replace-directory";
import { keptSec } from "./sync-sec";

export interface PricesSyncReport extends PriceFiles {
  build: BuildReport;
}

/** Copies the files that gave series into `dir`, at their paths under `from`. */
function copyUsedFiles(read: PriceFiles, from: string, dir: string): void {
  for (const file of new Set(read.series.map((s) => s.file))) {
    const target = path.join(dir, path.relative(from, file));
    mkdirSync(path.dirname(target), { recursive: true });
    copyFileSync(file, target);
  }
}

/**
 * `npm run sync -- prices --from DIR`: the price files read (all of them, before anything is
 * built: a bad file stops the sync with the old database untouched), then a new database built
 * from the bundled data, what the last `sync sec` left in `secDir` (companyfacts and SEC's
 * tickers files) and the synced prices, swapped in atomically (buildDatabase). The files used are
 * kept in `pricesDir`, replacing the previous set once the build succeeds, so that a later
 * `sync sec` rebuilds with them.
 */
export async function syncPrices(options: { from: string; secDir: string; pricesDir: string; dataDir: string; databasePath: string; progress: Progress }): Promise<PricesSyncReport> {
  const read = await readPriceFiles(options.from, options.progress, pricedSymbols(options.databasePath));
  const build = () =>
    buildDatabase({ dataDir: options.dataDir, databasePath: options.databasePath, progress: options.progress, ...keptSec(options.secDir), syncedPrices: read.series });
  const keeping = path.resolve(options.from) !== path.resolve(options.pricesDir);
  const report = keeping
    ? await replaceDirectory(options.pricesDir, `${options.pricesDir}.staging`, (staging) => {
        copyUsedFiles(read, options.from, staging);
        return build();
      })
    : build();
  return { ...read, build: report };
}
