import { existsSync, mkdirSync, readdirSync } from "node:fs";
import path from "node:path";
import { type BuildReport, buildDatabase } from "@/lib/ingest/build-database";
import type { Progress } from "@/lib/ingest/progress";
import type { SecTickerFiles } from "@/lib/ingest/read-sources";
import { extractCompanyFacts } from "./bulk-companyfacts";
import { keptPrices } from "./price-folder";
import { cachedProviderPrices } from "./provider-cache";
import { readFilingRecords } from "./filing-records";
import { type Download, Downloader } from "./downloader";
import { replaceDirectory } from "./replace-directory";
import { SyncError } from "./sync-error";

export interface SecSource {
  /** Required to download (SEC's fair-access policy); `--from` needs none. */
  userAgent: string | undefined;
  archivesUrl: string;
  dataUrl: string;
  requestsPerSecond?: number;
  retryBaseMs?: number;
}

export interface SecDownloadOptions extends SecSource {
  /** Where downloads go (`var/sec`): `company_tickers.json`, `companyfacts.zip`, `companyfacts/`. */
  dir: string;
  /** Per-company files instead of the bulk zip. */
  ciks?: readonly number[];
  progress: Progress;
}

export interface SecDownloads {
  downloads: Download[];
  /** The directory of companyfacts files the build adds to the bundled ones. */
  companyFactsDir: string;
  companies: number;
  /** SEC's tickers files to build with; null: the bundled company_tickers.json. */
  tickers: SecTickerFiles | null;
  /** What the report should say about the files (a tickers file missing, and what was used instead). */
  notes: string[];
}

export const BULK_COMPANYFACTS_PATH = "/Archives/edgar/daily-index/xbrl/companyfacts.zip";
export const COMPANY_TICKERS_PATH = "/files/company_tickers.json";
export const COMPANY_TICKERS_EXCHANGE_PATH = "/files/company_tickers_exchange.json";
export const companyFactsPath = (cik: number) => `/api/xbrl/companyfacts/CIK${String(cik).padStart(10, "0")}.json`;

const MISSING_USER_AGENT =
  'SEC_USER_AGENT is not set. SEC\'s fair-access policy requires every client to say who it is: set it to a name and contact, e.g. SEC_USER_AGENT="Example Research admin@example.com" npm run sync -- sec';

/** Downloads SEC's tickers list and companyfacts (per company, or the bulk zip extracted) into `dir`. */
export async function downloadSec(options: SecDownloadOptions): Promise<SecDownloads> {
  if (!options.userAgent) throw new SyncError(MISSING_USER_AGENT);
  const { dir, progress } = options;
  mkdirSync(dir, { recursive: true });
  let bytes = 0;
  let companies = 0;
  const line = () => progress(`sec: ${(bytes / 1e6).toFixed(1)} MB downloaded, ${companies} companies`);
  let lastLine = 0;
  const downloader = new Downloader({
    userAgent: options.userAgent,
    requestsPerSecond: options.requestsPerSecond,
    retryBaseMs: options.retryBaseMs,
    onBytes: (n) => {
      bytes += n;
      // One line per 50 MB of a large download.
      if (bytes - lastLine >= 50e6) {
        lastLine = bytes;
        line();
      }
    },
  });
  const downloads = [await downloader.download(new URL(COMPANY_TICKERS_PATH, options.archivesUrl).href, path.join(dir, TICKERS_FILE))];
  // Optional: SEC has not always published it; without it, new filers' exchanges are not named.
  const exchange = await downloader.download(new URL(COMPANY_TICKERS_EXCHANGE_PATH, options.archivesUrl).href, path.join(dir, TICKERS_EXCHANGE_FILE), { optional: true });
  downloads.push(exchange);
  const notes = exchange.outcome === "absent" ? [`${exchange.url}: HTTP 404, built with ${TICKERS_FILE} alone (filers added as companies get no exchange)`] : [];
  const tickers = tickerFiles(dir);
  const companyFactsDir = path.join(dir, COMPANYFACTS_DIR);
  if (options.ciks) {
    mkdirSync(companyFactsDir, { recursive: true });
    for (const cik of options.ciks) {
      downloads.push(await downloader.download(new URL(companyFactsPath(cik), options.dataUrl).href, path.join(companyFactsDir, `CIK${String(cik).padStart(10, "0")}.json`)));
      companies++;
      line();
    }
    return { downloads, companyFactsDir, companies, tickers, notes };
  }
  const zip = path.join(dir, "companyfacts.zip");
  downloads.push(await downloader.download(new URL(BULK_COMPANYFACTS_PATH, options.archivesUrl).href, zip));
  line();
  return { downloads, companyFactsDir: await extractBulk(zip, companyFactsDir, progress), companies: countCompanies(companyFactsDir), tickers, notes };
}

const COMPANYFACTS_DIR = "companyfacts";
const TICKERS_FILE = "company_tickers.json";
const TICKERS_EXCHANGE_FILE = "company_tickers_exchange.json";

/** What the last `sync sec` left in its directory (`var/sec`), for another sync's rebuild: its companyfacts and tickers files, where there. */
export function keptSec(dir: string): { syncedCompanyFactsDir?: string; syncedTickers?: SecTickerFiles } {
  const companyFacts = path.join(dir, COMPANYFACTS_DIR);
  return { syncedCompanyFactsDir: existsSync(companyFacts) ? companyFacts : undefined, syncedTickers: tickerFiles(dir) ?? undefined };
}

/** The tickers files in `dir` (a sync's downloads, or `--from`), or null where there is no company_tickers.json. */
function tickerFiles(dir: string): SecTickerFiles | null {
  const at = (name: string) => (existsSync(path.join(dir, name)) ? path.join(dir, name) : null);
  const companyTickers = at(TICKERS_FILE);
  return companyTickers ? { companyTickers, tickersExchange: at(TICKERS_EXCHANGE_FILE) } : null;
}

/**
 * Extracts a bulk zip beside `companyFactsDir` and swaps it in only when complete: a corrupt zip
 * leaves the previous extraction (and the database) as they were.
 */
async function extractBulk(zip: string, companyFactsDir: string, progress: Progress): Promise<string> {
  await replaceDirectory(companyFactsDir, `${companyFactsDir}.extracting`, async (staging) => {
    const companies = await extractCompanyFacts(zip, staging, (n) => {
      if (n % 1000 === 0) progress(`sec: ${n} companies extracted`);
    });
    progress(`sec: ${companies} companies extracted from ${path.basename(zip)}`);
  });
  return companyFactsDir;
}

/**
 * `--from DIR`: files downloaded before (by a sync, or by hand from SEC): `DIR/companyfacts.zip`
 * is extracted into `DIR/companyfacts/`; otherwise `DIR/companyfacts/` or DIR itself holds the
 * `CIK##########.json` files; `DIR/company_tickers.json` and `DIR/company_tickers_exchange.json`
 * are used when there. No network.
 */
export async function localSec(dir: string, progress: Progress): Promise<SecDownloads> {
  if (!existsSync(dir)) throw new SyncError(`--from ${dir}: no such directory`);
  const zip = path.join(dir, "companyfacts.zip");
  const nested = path.join(dir, COMPANYFACTS_DIR);
  const companyFactsDir = existsSync(zip) ? await extractBulk(zip, nested, progress) : existsSync(nested) ? nested : dir;
  const companies = countCompanies(companyFactsDir);
  if (companies === 0) throw new SyncError(`--from ${dir}: no companyfacts.zip and no CIK##########.json files`);
  const tickers = tickerFiles(dir);
  const notes = tickers ? [] : [`--from ${dir}: no ${TICKERS_FILE}, built with the bundled one`];
  return { downloads: [], companyFactsDir, companies, tickers, notes };
}

const countCompanies = (dir: string) => readdirSync(dir).filter((f) => /^CIK\d{10}\.json(\.br)?$/.test(f)).length;

export interface SecSyncReport extends SecDownloads {
  build: BuildReport;
}

/**
 * `npm run sync -- sec`: the SEC files (downloaded, or `from` a directory), then a new database
 * built from the bundled data with the synced companyfacts added and replacing bundled ones of
 * the same company, the price files the last `sync prices --from` kept in `pricesDir`, the
 * provider's bars `sync prices` keeps in `providerCacheDir` and the filings `sync filings` keeps in `filingsDir`, swapped in
 * atomically (buildDatabase): any failure leaves the old one in place.
 */
export async function syncSec(
  options: Omit<SecDownloadOptions, "dir"> & { dir: string; from?: string; pricesDir: string; providerCacheDir?: string; filingsDir?: string; dataDir: string; databasePath: string },
): Promise<SecSyncReport> {
  const synced = options.from ? await localSec(options.from, options.progress) : await downloadSec(options);
  for (const note of synced.notes) options.progress(`sec: ${note}`);
  const syncedPrices = await keptPrices(options.pricesDir, options.databasePath, options.progress);
  options.progress(`sec: ${synced.companies} companyfacts files in ${synced.companyFactsDir}; building the database`);
  const build = buildDatabase({
    dataDir: options.dataDir,
    databasePath: options.databasePath,
    progress: options.progress,
    syncedCompanyFactsDir: synced.companyFactsDir,
    syncedTickers: synced.tickers ?? undefined,
    syncedPrices,
    providerPrices: options.providerCacheDir ? cachedProviderPrices(options.providerCacheDir) : undefined,
    syncedFilings: options.filingsDir ? readFilingRecords(options.filingsDir) : undefined,
  });
  return { ...synced, build };
}
