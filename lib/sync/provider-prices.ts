import { mkdirSync } from "node:fs";
import Database from "better-sqlite3";
import { z } from "zod";
import { US_VENUES } from "@/lib/companies/us-venues";
import { type BuildReport, buildDatabase } from "@/lib/ingest/build-database";
import type { Progress } from "@/lib/ingest/progress";
import type { PriceDay } from "@/lib/market/price-rows";
import { type AppendReport, appendDays } from "./append-days";
import type { CompanyDays } from "./append-plan";
import { SyncError } from "./sync-error";
import { keptSec } from "./sync-sec";
import { cacheFile, cachedProviderPrices, readCache, writeCache } from "./provider-cache";
import { readFilingRecords } from "./filing-records";
import { type TiingoBar, type TiingoClient, barsToDays } from "./tiingo";
import { type SupportedTicker, carries } from "./tiingo-tickers";

/**
 * `npm run sync -- prices` from the market-data provider (docs/operations.md "Keeping the data
 * current"). Every listing on a US venue is asked for its bars from its last stored day (the
 * overlap, checked) or, without stored prices, from the history's start. Each ticker's bars are
 * kept in the cache directory as they arrive, so an interrupted run resumes where it stopped (a
 * ticker fetched today is not asked again), and a later rebuild (`sync sec`) keeps them.
 *
 * Then the store: new days of companies already priced, without a split, are appended in place
 * (lib/sync/append-days.ts: atomic, the app keeps serving); a company priced for the first time or
 * a split among the new days needs a rebuild (a split restates fiscal-year share counts), which
 * takes every cached series.
 */

const Listing = z.object({
  companyId: z.int(),
  fullTicker: z.string(),
  ticker: z.string(),
  lastDate: z.string().nullable(),
  lastClose: z.number().nullable(),
  lastAdjusted: z.number().nullable(),
});
export type Listing = z.output<typeof Listing>;

/** The listings on US venues with each one's last stored close (null: no stored prices), by ticker (today's symbol). */
export function usListings(databasePath: string, only: ReadonlySet<string> | null): Listing[] {
  let db: Database.Database;
  try {
    db = new Database(databasePath, { readonly: true, fileMustExist: true });
  } catch {
    throw new SyncError(`${databasePath}: no database to sync into (build one: npm run ingest)`);
  }
  try {
    const rows = Listing.array().parse(
      db
        .prepare(`
          SELECT c.id AS companyId, c.full_ticker AS fullTicker, coalesce(c.current_symbol, c.symbol) AS ticker,
            s.prices_to AS lastDate, p.close AS lastClose, p.adjusted_close AS lastAdjusted
          FROM companies c LEFT JOIN company_series s ON s.company_id = c.id
            LEFT JOIN daily_prices p ON p.company_id = c.id AND p.date = s.prices_to
          WHERE c.exchange IN (SELECT value FROM json_each(?)) ORDER BY ticker, s.prices_to IS NULL, s.prices_to DESC, c.id`)
        .all(JSON.stringify(US_VENUES)),
    );
    // One listing per ticker: the one priced latest, whose series the provider's bars continue (a
    // listing of the same ticker on another venue or without prices, a duplicate in the sources,
    // and a former name's row, which keeps its own history, are not asked for).
    const seen = new Set<string>();
    return rows.filter((r) => (only === null || only.has(r.ticker)) && !seen.has(r.ticker) && seen.add(r.ticker));
  } finally {
    db.close();
  }
}

export interface ProviderSyncOptions {
  client: Pick<TiingoClient, "dailyBars">;
  databasePath: string;
  dataDir: string;
  /** Where `sync sec` keeps its files, taken into a rebuild. */
  secDir: string;
  /** Where fetched bars are kept (var/prices-provider). */
  cacheDir: string;
  /** Where `sync filings` keeps its filings, taken into a rebuild. */
  filingsDir?: string;
  /** The first day asked for a ticker without stored prices. */
  historyFrom: string;
  /** The run's day (UTC): a ticker fetched on it is not asked again. */
  today: string;
  /** Only these tickers (the CLI's --tickers); all US listings otherwise. */
  tickers?: readonly string[];
  /** The provider's list of what it prices (lib/sync/tiingo-tickers.ts): a listing it does not carry is not asked for. */
  supported?: ReadonlyMap<string, SupportedTicker>;
  progress: Progress;
}

export interface ProviderSyncReport {
  listings: number;
  /** Listings the provider's list does not carry from the day they would be asked from (not asked). */
  notCarried: number;
  /** Tickers asked of the provider in this run, and those taken from today's cache instead. */
  requested: number;
  fromCache: number;
  /** Tickers the provider does not know (404). */
  unknown: string[];
  /** Series whose overlap day disagrees or is missing: not extended. */
  refused: { ticker: string; reason: string }[];
  /** Tickers with their first prices, and splits among new days: why a rebuild ran. */
  newlyPriced: string[];
  splits: { ticker: string; date: string; factor: number }[];
  appended: AppendReport | null;
  rebuilt: BuildReport | null;
}

/** A stored close and the provider's for the same day agree within 1% (the synced-file rule). */
const agrees = (a: number, b: number) => Math.abs(a / b - 1) <= 0.01;

export async function syncProviderPrices(options: ProviderSyncOptions): Promise<ProviderSyncReport> {
  const listings = usListings(options.databasePath, options.tickers ? new Set(options.tickers) : null);
  mkdirSync(options.cacheDir, { recursive: true });
  const report: ProviderSyncReport = { listings: listings.length, notCarried: 0, requested: 0, fromCache: 0, unknown: [], refused: [], newlyPriced: [], splits: [], appended: null, rebuilt: null };
  const append: CompanyDays[] = [];
  for (const [i, listing] of listings.entries()) {
    const file = cacheFile(options.cacheDir, listing.ticker);
    const cached = readCache(file);
    const start = listing.lastDate ?? options.historyFrom;
    if (options.supported && !carries(options.supported, listing.ticker, start)) {
      report.notCarried++;
      continue;
    }
    let bars: TiingoBar[];
    if (cached?.fetchedOn === options.today && cached.from <= start) {
      report.fromCache++;
      bars = cached.bars.filter((b) => b.date.slice(0, 10) >= start);
    } else {
      report.requested++;
      const fetched = await options.client.dailyBars(listing.ticker, start);
      if (fetched === null) {
        report.unknown.push(listing.ticker);
        continue;
      }
      bars = fetched;
      // The bars before this fetch's start stay: a rebuild needs every day since the bundled history ends.
      const kept = (cached?.bars ?? []).filter((b) => b.date.slice(0, 10) < start);
      writeCache(file, { fullTicker: listing.fullTicker, ticker: listing.ticker, from: cached && cached.from < start ? cached.from : start, fetchedOn: options.today, bars: [...kept, ...bars] });
    }
    if ((i + 1) % 100 === 0) options.progress(`prices: ${i + 1} of ${listings.length} tickers (${report.requested} asked, ${report.fromCache} from today's cache)`);
    const step = planListing(listing, bars);
    if ("refused" in step) report.refused.push({ ticker: listing.ticker, reason: step.refused });
    else if (step.rebuild) {
      if (listing.lastDate === null) report.newlyPriced.push(listing.ticker);
      report.splits.push(...step.splits.map((s) => ({ ticker: listing.ticker, ...s })));
    } else if (step.days.length > 0) append.push({ companyId: listing.companyId, days: step.days });
  }
  options.progress(
    `prices: ${listings.length} tickers, ${report.notCarried} not carried by the provider, ${report.requested} asked of it, ${report.fromCache} from today's cache, ${report.unknown.length} unknown to it, ${report.refused.length} refused`,
  );
  if (report.newlyPriced.length > 0 || report.splits.length > 0) {
    options.progress(`prices: rebuilding (${report.newlyPriced.length} tickers priced for the first time, ${report.splits.length} splits among the new days)`);
    report.rebuilt = buildDatabase({
      dataDir: options.dataDir,
      databasePath: options.databasePath,
      progress: options.progress,
      ...keptSec(options.secDir),
      providerPrices: cachedProviderPrices(options.cacheDir),
      syncedFilings: options.filingsDir ? readFilingRecords(options.filingsDir) : undefined,
    });
  } else {
    report.appended = appendDays(options.databasePath, append, options.progress);
  }
  return report;
}

type ListingStep = { refused: string } | { rebuild: true; splits: { date: string; factor: number }[] } | { rebuild: false; days: PriceDay[] };

/** What a listing's bars do: days to append after its last stored day, a rebuild (first prices, a split), or a refusal. */
function planListing(listing: Listing, bars: readonly TiingoBar[]): ListingStep {
  if (listing.lastDate === null || listing.lastClose === null || listing.lastAdjusted === null) {
    return bars.length > 0 ? { rebuild: true, splits: [] } : { rebuild: false, days: [] };
  }
  const overlap = bars[0];
  if (overlap?.date.slice(0, 10) !== listing.lastDate) return { refused: `no bar on the last stored day ${listing.lastDate} to check the provider's closes against` };
  if (!agrees(overlap.close, listing.lastClose)) return { refused: `close ${overlap.close} on ${listing.lastDate} against the stored ${listing.lastClose}` };
  const days = barsToDays(bars, listing.lastAdjusted).slice(1);
  const splits = days.filter((d) => d.split !== 1).map((d) => ({ date: d.date, factor: d.split }));
  return splits.length > 0 ? { rebuild: true, splits } : { rebuild: false, days };
}
