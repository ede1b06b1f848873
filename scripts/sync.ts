/** `npm run sync -- sec` / `prices`: current fundamentals from SEC EDGAR, prices from files (see docs/operations.md "Keeping the data current"). */
import { spawnSync } from "node:child_process";
import path from "node:path";
import { Command, InvalidArgumentError } from "commander";
import { env } from "@/lib/env";
import { BundledFileError } from "@/lib/ingest/compressed-files";
import { JoinAuditError } from "@/lib/ingest/join-audit";
import { consoleProgress } from "@/lib/ingest/progress";
import { SyncError } from "@/lib/sync/sync-error";
import { appendPrices } from "@/lib/sync/append-prices";
import { syncPrices } from "@/lib/sync/sync-prices";
import { syncProviderPrices } from "@/lib/sync/provider-prices";
import { TiingoClient } from "@/lib/sync/tiingo";
import { fetchSupportedTickers } from "@/lib/sync/tiingo-tickers";
import { syncSec } from "@/lib/sync/sync-sec";
import { DEFAULT_FORMS } from "@/lib/sync/edgar-submissions";
import { companyCiks } from "@/lib/sync/company-ciks";
import { syncFilingsIntoDatabase } from "@/lib/sync/sync-filings";

function parseCiks(value: string): number[] {
  const ciks = value.split(",").map((part) => part.trim());
  const bad = ciks.filter((cik) => !/^\d{1,10}$/.test(cik) || Number(cik) === 0);
  if (bad.length > 0) throw new InvalidArgumentError(`not a CIK: ${bad.join(", ")} (give numbers such as 320193,1045810)`);
  return ciks.map(Number);
}

const program = new Command("sync").description("Bring the data up to date from its public sources.");
program
  .command("sec")
  .description("Download SEC EDGAR companyfacts (the bulk zip, or --ciks per company) and rebuild the database with them.")
  .option("--ciks <list>", "comma-separated CIKs: per-company files instead of the bulk zip", parseCiks)
  .option("--from <dir>", "use files already downloaded (companyfacts.zip or CIK##########.json files); no network")
  .option("--dir <dir>", "where downloads go", "var/sec")
  .option("--prices-dir <dir>", "where `sync prices` kept its price files, kept in the rebuilt database", "var/prices")
  .option("--provider-cache-dir <dir>", "where `sync prices` keeps the provider's bars, kept in the rebuilt database", "var/prices-provider")
  .action(async (options: SecOptions) => {
    try {
      await secSync(options, Date.now());
    } catch (error) {
      fail(error);
    }
  });

program
  .command("prices")
  .description(
    "Bring prices up to date from the market-data provider (PRICES_API_KEY; new days appended in place, a rebuild for first prices or a split), or with --from, rebuild with daily price files (Stooq daily ASCII or Yahoo/yfinance CSV) extending the bundled prices.",
  )
  .option("--from <dir>", "directory of price files, read recursively (e.g. Stooq's unpacked bulk zip), instead of the provider")
  .option("--tickers <list>", "provider only: these tickers (comma-separated) instead of every US listing", (value: string) => value.split(",").map((t) => t.trim().toUpperCase()).filter(Boolean))
  .option("--cache-dir <dir>", "provider only: where fetched bars are kept (resuming an interrupted run; kept for rebuilds)", "var/prices-provider")
  .option("--sec-dir <dir>", "where `sync sec` put its companyfacts and tickers files, kept in the rebuilt database", "var/sec")
  .option("--prices-dir <dir>", "where the files used are kept for later syncs (replacing the previous set)", "var/prices")
  .option("--append", "add the files' days after each company's last stored day to the database in place, without a rebuild (files not kept)")
  .action(async (options: { from?: string; tickers?: string[]; cacheDir: string; secDir: string; pricesDir: string; append?: boolean }) => {
    const settings = env();
    const started = Date.now();
    try {
      if (options.from === undefined) {
        await providerPrices(options, started);
        return;
      }
      if (options.append) {
        const report = await appendPrices({ from: path.resolve(options.from), databasePath: settings.DATABASE_PATH, progress: consoleProgress(started, "sync") });
        const { append, prices } = report;
        console.log(
          JSON.stringify({
            files: report.files,
            rows: report.rows,
            tickers: report.series.length,
            tickers_no_priced_company_has: report.leftOut,
            not_extended: prices.notExtended,
            disagreements: prices.disagreements,
            appended: { companies: append.companies, rows: append.rows, new_trading_days: { count: append.newTradingDays.length, first: append.newTradingDays[0] ?? null, last: append.newTradingDays.at(-1) ?? null }, as_of_max: append.asOfMax, refused: append.refused },
            milliseconds: append.timings,
            seconds: (Date.now() - started) / 1000,
          }),
        );
        return;
      }
      const report = await syncPrices({
        from: path.resolve(options.from),
        secDir: path.resolve(options.secDir),
        pricesDir: path.resolve(options.pricesDir),
        dataDir: settings.DATA_DIR,
        databasePath: settings.DATABASE_PATH,
        progress: consoleProgress(started, "sync"),
      });
      const prices = report.build.prices!;
      console.log(
        JSON.stringify({
          files: report.files,
          empty_files: report.empty,
          rows: report.rows,
          tickers: report.series.length,
          tickers_no_priced_company_has: report.leftOut,
          extended: prices.extended.map(({ ticker, days, through }) => ({ ticker, days, through })),
          not_extended: prices.notExtended,
          not_in_universe: prices.notInUniverse,
          disagreements: prices.disagreements,
          as_of_range: report.build.asOfRange,
          seconds: (Date.now() - started) / 1000,
        }),
      );
    } catch (error) {
      fail(error);
    }
  });

program
  .command("filings")
  .description(
    "Download SEC EDGAR filings (10-K, 10-Q, 20-F, 40-F and 8-K earnings releases of the last fiscal years) of the companies asked, or of every company with a CIK, and add them to the filing search (the database is changed in a copy renamed over it, not rebuilt).",
  )
  .option("--tickers <list>", "comma-separated tickers (the database's companies)", (value: string) => value.split(",").map((t) => t.trim().toUpperCase()).filter(Boolean))
  .option("--ciks <list>", "comma-separated CIKs", parseCiks)
  .option("--forms <list>", "comma-separated forms", (value: string) => value.split(",").map((f) => f.trim().toUpperCase()).filter(Boolean), [...DEFAULT_FORMS])
  .option("--years <n>", "fiscal years back from each company's latest annual report", parseYears, 3)
  .option("--dir <dir>", "where submissions, documents and filing records go", "var/filings")
  .action(async (options: { tickers?: string[]; ciks?: number[]; forms: string[]; years: number; dir: string }) => {
    const settings = env();
    const started = Date.now();
    try {
      const ciks = options.ciks ?? companyCiks(settings.DATABASE_PATH, settings.DATA_DIR, options.tickers ?? null);
      const report = await syncFilingsIntoDatabase({
        userAgent: settings.SEC_USER_AGENT,
        archivesUrl: settings.SEC_ARCHIVES_URL,
        dataUrl: settings.SEC_DATA_URL,
        dir: path.resolve(options.dir),
        ciks,
        choice: { forms: options.forms, years: options.years },
        dataDir: settings.DATA_DIR,
        databasePath: settings.DATABASE_PATH,
        secDir: path.resolve("var/sec"),
        pricesDir: path.resolve("var/prices"),
        providerCacheDir: path.resolve("var/prices-provider"),
        progress: consoleProgress(started, "sync"),
      });
      console.log(
        JSON.stringify({
          companies: report.companies,
          chosen: report.chosen,
          already_recorded: report.alreadyRecorded,
          added: report.added.length,
          added_filings: report.added.slice(0, 50),
          missing: report.missing.length,
          missing_filings: report.missing.slice(0, 50),
          bytes: report.bytes,
          index:
            report.index.kind === "built"
              ? { built: true, filings: report.index.build.counts.filings, seconds: report.index.build.seconds }
              : {
                  added_filings: report.index.added?.filings ?? 0,
                  added_passages: report.index.added?.passages ?? 0,
                  already_indexed: report.index.alreadyIndexed,
                  replaced_bundled: report.index.added?.replacedBundled ?? [],
                  duplicates: report.index.added?.duplicates ?? [],
                  embedding: report.index.added?.embedding ?? null,
                  milliseconds: report.index.timings,
                },
          seconds: (Date.now() - started) / 1000,
        }),
      );
    } catch (error) {
      fail(error);
    }
  });

function parseYears(value: string): number {
  const years = Number(value);
  if (!Number.isInteger(years) || years < 1 || years > 20) throw new InvalidArgumentError("give a number of years from 1 to 20");
  return years;
}

interface SecOptions {
  ciks?: number[];
  from?: string;
  dir: string;
  pricesDir: string;
  providerCacheDir: string;
}

/** `sync sec`: the report as one JSON line. */
async function secSync(options: SecOptions, started: number): Promise<void> {
  const settings = env();
  const report = await syncSec({
    userAgent: settings.SEC_USER_AGENT,
    archivesUrl: settings.SEC_ARCHIVES_URL,
    dataUrl: settings.SEC_DATA_URL,
    ciks: options.ciks,
    from: options.from,
    dir: path.resolve(options.dir),
    pricesDir: path.resolve(options.pricesDir),
    providerCacheDir: path.resolve(options.providerCacheDir),
    filingsDir: path.resolve("var/filings"),
    dataDir: settings.DATA_DIR,
    databasePath: settings.DATABASE_PATH,
    progress: consoleProgress(started, "sync"),
  });
  const { mapping, asOfRange, secFilers } = report.build;
  const unfilled = Object.entries(mapping.unfilled).filter(([, n]) => n > 0);
  console.log(
    JSON.stringify({
      downloads: report.downloads.map((d) => ({ url: d.url, outcome: d.outcome, bytes: d.bytes })),
      notes: report.notes,
      companyfacts_files: report.companies,
      filers: {
        matched_by_cik: secFilers.matchedByCik,
        joined_by_ticker_and_name: secFilers.joined,
        added_as_companies: secFilers.added.length,
        added: secFilers.added.slice(0, 50),
        not_added_without_ticker: secFilers.withoutTicker.length,
      },
      mapped: { companies: mapping.companies, fiscal_years: mapping.fiscalYears },
      values_not_filled: Object.fromEntries(unfilled),
      as_of_range: asOfRange,
      seconds: (Date.now() - started) / 1000,
    }),
  );
}

/** PRICES_API_KEY, or a refusal naming it. */
function pricesKey(): string {
  const key = env().PRICES_API_KEY;
  if (key) return key;
  throw new SyncError("set PRICES_API_KEY to your market-data provider's API key (Tiingo: tiingo.com, Account > API), or give --from DIR with price files");
}

/** `sync prices` from the provider: the report as one JSON line (the key appears nowhere). */
async function providerPrices(options: { tickers?: string[]; cacheDir: string; secDir: string }, started: number): Promise<void> {
  const settings = env();
  const apiKey = pricesKey();
  let bytes = 0;
  const client = new TiingoClient({ apiKey, baseUrl: settings.PRICES_API_URL, requestsPerHour: settings.PRICES_REQUESTS_PER_HOUR, onBytes: (n) => (bytes += n) });
  const progress = consoleProgress(started, "sync");
  const supported = await fetchSupportedTickers(settings.PRICES_TICKERS_URL, path.join(path.resolve(options.cacheDir), "list"));
  progress(`prices: the provider lists ${supported.size} US stocks and ETFs`);
  const report = await syncProviderPrices({
    client,
    supported,
    databasePath: settings.DATABASE_PATH,
    dataDir: settings.DATA_DIR,
    secDir: path.resolve(options.secDir),
    cacheDir: path.resolve(options.cacheDir),
    filingsDir: path.resolve("var/filings"),
    historyFrom: settings.PRICES_HISTORY_FROM,
    today: new Date().toISOString().slice(0, 10),
    tickers: options.tickers,
    progress: (line) => progress(`${line} (${(bytes / 1e6).toFixed(1)} MB received)`),
  });
  const { appended, rebuilt } = report;
  console.log(
    JSON.stringify({
      provider: settings.PRICES_PROVIDER,
      listings: report.listings,
      not_carried_by_provider: report.notCarried,
      requested: report.requested,
      from_cache: report.fromCache,
      unknown_to_provider: report.unknown.length,
      refused: report.refused,
      newly_priced: report.newlyPriced.length,
      splits: report.splits,
      appended: appended && { companies: appended.companies, rows: appended.rows, new_trading_days: appended.newTradingDays, as_of_max: appended.asOfMax, refused: appended.refused },
      rebuilt: rebuilt && { as_of_range: rebuilt.asOfRange, seconds: rebuilt.seconds },
      bytes,
      seconds: (Date.now() - started) / 1000,
    }),
  );
}

// `npm run sync` alone: SEC's fundamentals, then the provider's prices (the nightly job).
program.action(async () => {
  const started = Date.now();
  try {
    // Both parts' settings before the first download.
    pricesKey();
    await secSync({ dir: "var/sec", pricesDir: "var/prices", providerCacheDir: "var/prices-provider" }, started);
    await providerPrices({ cacheDir: "var/prices-provider", secDir: "var/sec" }, started);
  } catch (error) {
    fail(error);
  }
});

// After a sync that succeeded, the saved screens with alerts on run as of the new data, in a
// process of its own (fresh connections to the database the sync replaced), stopped a minute past
// its own deadline if it has not ended; whatever becomes of them, the sync has succeeded.
program.hook("postAction", () => {
  // One process (node with tsx's loader, not the tsx command's child), so that the timeout stops all of it.
  const alerts = spawnSync(process.execPath, ["--import", "tsx", path.join(import.meta.dirname, "alerts.ts")], {
    stdio: "inherit",
    timeout: (env().ALERTS_DEADLINE_SECONDS + 60) * 1000,
    killSignal: "SIGKILL",
  });
  if (alerts.error !== undefined) console.error(`alerts: stopped: ${alerts.error.message}`);
});

function fail(error: unknown): never {
  if (error instanceof SyncError || error instanceof BundledFileError || error instanceof JoinAuditError) {
    console.error(`sync failed: ${error.message}. The previous database, if any, is unchanged.`);
  } else {
    console.error("sync failed:", error);
  }
  process.exit(1);
}

await program.parseAsync();
