import { copyFileSync, existsSync, mkdirSync, renameSync, rmSync } from "node:fs";
import path from "node:path";
import { type BuildReport, buildDatabase } from "@/lib/ingest/build-database";
import type { Progress } from "@/lib/ingest/progress";
import { type PriceFiles, pricedSymbols, readPriceFiles } from "./price-folder";
import { tickerFiles } from "./sync-sec";

export interface PricesSyncReport extends PriceFiles {
  build: BuildReport;
}

/** Copies the files that gave series into a staging folder beside `pricesDir` (swapped in once the build succeeds). */
function stagePriceFiles(read: PriceFiles, from: string, pricesDir: string): string {
  const staging = `${pricesDir}.staging`;
  rmSync(staging, { recursive: true, force: true });
  for (const file of new Set(read.series.map((s) => s.file))) {
    const target = path.join(staging, path.relative(from, file));
    mkdirSync(path.dirname(target), { recursive: true });
    copyFileSync(file, target);
  }
  return staging;
}

/**
 * `npm run sync -- prices --from DIR`: the price files read (all of them, before anything is
 * built: a bad file stops the sync with the old database untouched), then a new database built
 * from the bundled data, what the last `sync sec` left in `secDir` (companyfacts and SEC's
 * tickers files) and the synced prices, swapped in atomically (buildDatabase). The files used are
 * kept in `pricesDir`, replacing the previous set, so that a later `sync sec` rebuilds with them.
 */
export async function syncPrices(options: { from: string; secDir: string; pricesDir: string; dataDir: string; databasePath: string; progress: Progress }): Promise<PricesSyncReport> {
  const read = await readPriceFiles(options.from, options.progress, pricedSymbols(options.databasePath));
  const keeping = path.resolve(options.from) !== path.resolve(options.pricesDir);
  const staging = keeping ? stagePriceFiles(read, options.from, options.pricesDir) : null;
  const companyFacts = path.join(options.secDir, "companyfacts");
  let build: BuildReport;
  try {
    build = buildDatabase({
      dataDir: options.dataDir,
      databasePath: options.databasePath,
      progress: options.progress,
      syncedCompanyFactsDir: existsSync(companyFacts) ? companyFacts : undefined,
      syncedTickers: tickerFiles(options.secDir) ?? undefined,
      syncedPrices: read.series,
    });
  } catch (error) {
    if (staging) rmSync(staging, { recursive: true, force: true });
    throw error;
  }
  if (staging) {
    rmSync(options.pricesDir, { recursive: true, force: true });
    renameSync(staging, options.pricesDir);
  }
  return { ...read, build };
}
