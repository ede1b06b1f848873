import { existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { AS_OF_DATE, AS_OF_RANGE_START } from "@/lib/as-of";
import { buildingMarker } from "@/lib/db/build-marker";
import { FILINGS_SCHEMA } from "@/lib/db/filings-schema";
import { MARKET_SCHEMA, SCHEMA_VERSION } from "@/lib/db/schema";
import { SqlCount } from "@/lib/db/sql-rows";
import { screenerIndexStatements } from "@/lib/screener/indexes";
import { bundledPaths } from "./bundled-paths";
import { type SecFilersReport, runCompaniesStage } from "./companies-stage";
import { runFilingsStage } from "./filings/filings-stage";
import type { SyncedFiling } from "./filings/filing-sources";
import type { PriceDay } from "@/lib/market/price-rows";
import type { Progress } from "./progress";
import type { SecTickerFiles } from "./read-sources";
import type { MappingCounts } from "./sec-mapping-report";
import type { SyncedPricesReport, SyncedSeries } from "./synced-prices";

export interface BuildOptions {
  dataDir: string;
  databasePath: string;
  progress: Progress;
  /** Companyfacts downloaded by `npm run sync -- sec`, added to (and replacing) the bundled ones. */
  syncedCompanyFactsDir?: string;
  /** Price series read by `npm run sync -- prices`, extending the bundled ones. */
  syncedPrices?: readonly SyncedSeries[];
  /** SEC's tickers files downloaded by the sync (names, tickers and exchanges of filers the universe lacks). */
  syncedTickers?: SecTickerFiles;
  /** A market-data provider's days by full ticker (`npm run sync -- prices`), continuing each company's series. */
  providerPrices?: ReadonlyMap<string, PriceDay[]>;
  /** Filings downloaded by `npm run sync -- filings` (lib/sync/sync-filings.ts records), indexed beside the bundled ones. */
  syncedFilings?: readonly SyncedFiling[];
}

export interface BuildReport {
  databasePath: string;
  seconds: number;
  bytes: number;
  counts: Record<string, number>;
  mapping: MappingCounts;
  /** What synced price files added, when given. */
  prices: SyncedPricesReport | null;
  secFilers: SecFilersReport;
  /** The as-of range: the first and last trading day. */
  asOfRange: { min: string; max: string };
}

/** Sources of the bundled data, for the metadata table (see data/SOURCES.md). */
const SOURCES = {
  financedatabase: "JerBouma/FinanceDatabase @268be5d2 (NYQ @a35edebf7), MIT, 2026-08",
  sp500: "datasets/s-and-p-500-companies @56509dd8, ODC-PDDL-1.0, 2026-08",
  fundamentals: "Kaggle dgawlik/nyse fundamentals via harisbarki/4767-F17-Project @8bcc4b39, CC0, FY2012-2016",
  prices: "Pooksoft/PooksoftSP500EquityPriceDataSet @19a3f02f, MIT (prices from AlphaVantage), 2011-01-03 to 2021-04-21",
  sec: "SEC EDGAR companyfacts via dgunning/edgartools @ca5a7009, public domain",
  filings: "FinanceBench (patronus-ai/financebench @cc39aeb4) and edgartools fixtures, SEC filings, public domain",
};

/**
 * Builds the market database into a temporary file and renames it into place only when complete,
 * so a failed build leaves the previous database untouched.
 */
export function buildDatabase({ dataDir, databasePath, progress, syncedCompanyFactsDir, syncedPrices, syncedTickers, providerPrices, syncedFilings }: BuildOptions): BuildReport {
  const started = Date.now();
  mkdirSync(path.dirname(databasePath), { recursive: true });
  const temporary = `${databasePath}.tmp-${process.pid}`;
  const marker = buildingMarker(databasePath);
  writeFileSync(marker, String(process.pid));
  rmSync(temporary, { force: true });
  const db = new Database(temporary);
  try {
    db.pragma("journal_mode = OFF");
    db.pragma("synchronous = OFF");
    db.pragma("temp_store = MEMORY");
    db.exec(MARKET_SCHEMA + FILINGS_SCHEMA);
    const paths = bundledPaths(dataDir);
    const { tradingDays, mapping, prices, bundledPricesEnd, secFilers } = runCompaniesStage(db, paths, AS_OF_DATE, AS_OF_RANGE_START, progress, {
      syncedCompanyFactsDir,
      syncedPrices,
      syncedTickers,
      providerPrices,
    });
    for (const statement of screenerIndexStatements()) db.exec(statement);
    progress("screener indexes created");
    runFilingsStage(db, paths, progress, syncedFilings ?? []);

    const counts = tableCounts(db);
    const meta = db.prepare("INSERT INTO meta (key, value) VALUES (?, ?)");
    meta.run("schema_version", String(SCHEMA_VERSION));
    meta.run("as_of", AS_OF_DATE);
    meta.run("as_of_min", tradingDays[0]!);
    meta.run("as_of_max", tradingDays.at(-1)!);
    meta.run("bundled_prices_end", bundledPricesEnd);
    meta.run("built_at", new Date().toISOString());
    meta.run(
      "sources",
      JSON.stringify({
        ...SOURCES,
        ...(syncedCompanyFactsDir ? { sec: `${SOURCES.sec}; synced from SEC EDGAR (npm run sync -- sec)` } : {}),
        ...(prices?.lastPriceDate ? { prices: `${SOURCES.prices}; extended to ${prices.lastPriceDate} from synced files (npm run sync -- prices)` } : {}),
        ...(syncedFilings?.length ? { filings: filingsSource(syncedFilings.length) } : {}),
      }),
    );
    meta.run("counts", JSON.stringify(counts));
    progress("optimizing");
    db.exec(
      "ANALYZE; INSERT INTO company_search (company_search) VALUES ('optimize'); INSERT INTO filing_passage_search (filing_passage_search) VALUES ('optimize');",
    );
    db.exec("VACUUM");
    db.close();
    renameSync(temporary, databasePath);
    const bytes = SqlCount.parse(new Database(databasePath, { readonly: true }).pragma("page_count", { simple: true })) * 4096;
    const seconds = (Date.now() - started) / 1000;
    progress(`done: ${databasePath} (${(bytes / 1e6).toFixed(0)} MB) in ${seconds.toFixed(1)} s`);
    return { databasePath, seconds, bytes, counts, mapping, prices, secFilers, asOfRange: { min: tradingDays[0]!, max: tradingDays.at(-1)! } };
  } catch (error) {
    if (db.open) db.close();
    rmSync(temporary, { force: true });
    throw error;
  } finally {
    rmSync(marker, { force: true });
  }
}

/** The filings' line of meta `sources` once `count` filings were synced from EDGAR. */
export const filingsSource = (count: number) => `${SOURCES.filings}; ${count} filings synced from SEC EDGAR (npm run sync -- filings)`;

export function tableCounts(db: Database.Database): Record<string, number> {
  const count = (sql: string) => SqlCount.parse(db.prepare(sql).pluck().get());
  return {
    /** Listings (a row each; a company with several share classes or venues has several). */
    companies: count("SELECT count(*) FROM companies"),
    /** Companies: the issuers behind the listings. */
    issuers: count("SELECT count(DISTINCT issuer_id) FROM companies"),
    countries: count("SELECT count(DISTINCT country) FROM companies WHERE country IS NOT NULL"),
    with_profile: count("SELECT count(*) FROM companies WHERE has_profile = 1"),
    with_prices: count("SELECT count(*) FROM companies WHERE price IS NOT NULL"),
    with_return_and_volatility: count(
      "SELECT count(*) FROM companies WHERE price IS NOT NULL AND return_1y IS NOT NULL AND daily_return_vol_1y_annualized IS NOT NULL",
    ),
    with_market_cap: count("SELECT count(*) FROM companies WHERE marketCap_usd IS NOT NULL"),
    with_fundamentals: count("SELECT count(*) FROM companies WHERE has_fundamentals = 1"),
    fiscal_years: count("SELECT count(*) FROM fiscal_years"),
    filings: count("SELECT count(*) FROM filings"),
    filing_companies: count("SELECT count(DISTINCT company_id) FROM filings"),
    filing_passages: count("SELECT count(*) FROM filing_passages"),
  };
}

export const databaseExists = (databasePath: string) => existsSync(databasePath);
