/**
 * `npm run bench:provider-sync`: what `npm run sync -- prices` from the provider costs on 2 cores,
 * the provider's own rate limit excluded (a local Tiingo, test/support/tiingo/tiingo-server.ts,
 * answering without a gate). Targets: the nightly update of the whole market (one new trading day)
 * within 2 minutes; the backfill's cost per ticker measured and extrapolated.
 *
 * Nightly: a copy of the built database cut before the day most series end on (the whole-market
 * archive's last day), every priced US listing asked from its last stored day, each answered with
 * its stored rows (the overlap and, for most, the removed day: real values); the provider cache
 * filled beforehand as years of nightly runs leave it (each ticker's stored rows before the day,
 * up to ten years). Backfill: sampled tickers asked for their whole history into an empty cache.
 */
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { z } from "zod";
import { env } from "@/lib/env";
import { silentProgress } from "@/lib/ingest/progress";
import { cacheFile, cachedProviderPrices, writeCache } from "@/lib/sync/provider-cache";
import { syncProviderPrices, usListings } from "@/lib/sync/provider-prices";
import { type TiingoBar, TiingoClient } from "@/lib/sync/tiingo";
import { copyWithoutDaysFrom, wholeMarketDay } from "@/test/support/sync/remove-days";
import { startTiingoServer } from "@/test/support/tiingo/tiingo-server";

const NIGHTLY_TARGET_SECONDS = 120;
const MARKET_TICKERS = 7_000;
const BACKFILL_SAMPLE = 200;
const CACHED_DAYS = 2_520;
const KEY = "bench0bench0bench0bench0bench0bench0bench";
/** Request allowances per hour of Tiingo's plans (README "Keeping the data current"). */
const PLANS = [
  { name: "free", perHour: 50 },
  { name: "Power", perHour: 5_000 },
];

const StoredRow = z.object({ date: z.string(), close: z.number(), adjustedClose: z.number(), volume: z.number(), splitIndex: z.number(), dividendSum: z.number() });
type StoredRow = z.output<typeof StoredRow>;

/** Stored rows as the provider writes bars: each day's dividend and split read back from the running sums. */
function asBars(rows: readonly StoredRow[], before?: StoredRow): TiingoBar[] {
  return rows.map((row, i) => {
    const previous = i > 0 ? rows[i - 1] : before;
    return {
      date: `${row.date}T00:00:00.000Z`,
      close: row.close,
      adjClose: row.adjustedClose,
      volume: row.volume,
      divCash: previous ? Math.max(0, (row.dividendSum - previous.dividendSum) / row.splitIndex) : 0,
      splitFactor: previous ? row.splitIndex / previous.splitIndex : 1,
    };
  });
}

const original = env().DATABASE_PATH;
const day = wholeMarketDay(original);
const work = mkdtempSync(path.join(tmpdir(), "bench-provider-"));
const copy = path.join(work, "screener.db");
const cacheDir = path.join(work, "cache");
mkdirSync(cacheDir);
const server = await startTiingoServer(KEY);
const client = (onBytes: (n: number) => void) => new TiingoClient({ apiKey: KEY, baseUrl: server.url, requestsPerHour: 1e9, retries: 1, retryBaseMs: 10, onBytes });
try {
  const removed = copyWithoutDaysFrom(original, copy, day);
  // The listings the cut left priced up to the day before (a series starting after the day is not cut).
  const listings = usListings(copy, null).filter((l) => l.lastDate !== null && l.lastDate < day);
  const db = new Database(original, { readonly: true });
  const rowsFrom = db.prepare(`SELECT date, close, adjusted_close AS adjustedClose, volume, split_index AS splitIndex, dividend_sum AS dividendSum
    FROM daily_prices WHERE company_id = ? AND date >= ? AND date <= ? ORDER BY date`);
  const rowsBefore = db.prepare(`SELECT * FROM (SELECT date, close, adjusted_close AS adjustedClose, volume, split_index AS splitIndex, dividend_sum AS dividendSum
    FROM daily_prices WHERE company_id = ? AND date < ? ORDER BY date DESC LIMIT ?) ORDER BY date`);
  let started = performance.now();
  for (const listing of listings) {
    const history = StoredRow.array().parse(rowsBefore.all(listing.companyId, listing.lastDate, CACHED_DAYS));
    server.serveBars(listing.ticker, asBars(StoredRow.array().parse(rowsFrom.all(listing.companyId, listing.lastDate, day)), history.at(-1)));
    if (history.length > 0) {
      writeCache(cacheFile(cacheDir, listing.ticker), { fullTicker: listing.fullTicker, ticker: listing.ticker, from: history[0]!.date, fetchedOn: "2000-01-01", bars: asBars(history) });
    }
  }
  console.log(`setup: ${listings.length} priced US listings, cache of up to ${CACHED_DAYS} days each, in ${((performance.now() - started) / 1000).toFixed(0)} s`);

  // Nightly.
  let bytes = 0;
  started = performance.now();
  const report = await syncProviderPrices({
    client: client((n) => (bytes += n)),
    databasePath: copy,
    dataDir: env().DATA_DIR,
    secDir: path.join(work, "sec"),
    cacheDir,
    historyFrom: "2012-01-01",
    today: day,
    tickers: listings.map((l) => l.ticker),
    progress: silentProgress,
  });
  const nightly = (performance.now() - started) / 1000;
  const append = report.appended;
  const appendSeconds = append ? Object.values(append.timings).reduce((a, b) => a + b, 0) / 1000 : 0;
  const check = new Database(copy, { readonly: true });
  check.prepare("ATTACH ? AS o").run(original);
  // The appended day against the original build: the same closes and volumes for the same companies.
  const differing = z.string().array().parse(
    check
      .prepare(`WITH a AS (SELECT company_id, close, volume FROM daily_prices WHERE date = @day), b AS (SELECT company_id, close, volume FROM o.daily_prices WHERE date = @day)
        SELECT DISTINCT c.full_ticker FROM (SELECT * FROM a EXCEPT SELECT * FROM b UNION ALL SELECT * FROM (SELECT * FROM b EXCEPT SELECT * FROM a)) d
        JOIN companies c ON c.id = d.company_id ORDER BY 1`)
      .pluck()
      .all({ day }),
  );
  check.close();
  console.log(`nightly ${day}: ${report.requested} tickers asked, ${(bytes / 1e6).toFixed(1)} MB, ${report.refused.length} refused, ${report.splits.length} splits, rebuild: ${report.rebuilt ? "yes" : "no"}`);
  console.log(
    `  ${append?.rows ?? 0} rows appended for ${append?.companies ?? 0} companies (${removed.length} removed by the cut); total ${nightly.toFixed(1)} s: ` +
      `requests and cache ${(nightly - appendSeconds).toFixed(1)} s, append ${appendSeconds.toFixed(1)} s (target ${NIGHTLY_TARGET_SECONDS} s); ${differing.length} rows of the day differ from the original build${differing.length ? ` (${differing.join(", ")})` : ""}`,
  );
  const perTicker = (nightly * 1000) / report.requested;
  console.log(`  per ticker ${perTicker.toFixed(1)} ms; ${MARKET_TICKERS} tickers ≈ ${((perTicker * MARKET_TICKERS) / 1000).toFixed(0)} s without the provider's limit`);
  for (const plan of PLANS) console.log(`  at ${plan.name}'s ${plan.perHour} requests an hour: ${(MARKET_TICKERS / plan.perHour).toFixed(1)} hours for ${MARKET_TICKERS} tickers`);
  if (report.rebuilt !== null || report.refused.length > 0 || nightly > NIGHTLY_TARGET_SECONDS) process.exitCode = 1;

  // What a rebuild reads of the cache.
  started = performance.now();
  const cached = cachedProviderPrices(cacheDir);
  console.log(`rebuild's read of the cache: ${cached.size} series in ${((performance.now() - started) / 1000).toFixed(1)} s`);

  // Backfill.
  const sample = listings.filter((_, i) => i % Math.ceil(listings.length / BACKFILL_SAMPLE) === 0);
  for (const listing of sample) server.serveBars(listing.ticker, asBars(StoredRow.array().parse(rowsFrom.all(listing.companyId, "0000", "9999"))));
  db.close();
  let backfillBytes = 0;
  let barCount = 0;
  const backfill = client((n) => (backfillBytes += n));
  const backfillDir = path.join(work, "backfill");
  mkdirSync(backfillDir);
  started = performance.now();
  for (const listing of sample) {
    const bars = (await backfill.dailyBars(listing.ticker, "2012-01-01")) ?? [];
    barCount += bars.length;
    writeCache(cacheFile(backfillDir, listing.ticker), { fullTicker: listing.fullTicker, ticker: listing.ticker, from: "2012-01-01", fetchedOn: day, bars });
  }
  const backfillMs = (performance.now() - started) / sample.length;
  const barsPerTicker = barCount / sample.length;
  const bytesPerTicker = backfillBytes / sample.length;
  console.log(`backfill: ${sample.length} tickers, ${barsPerTicker.toFixed(0)} days and ${(bytesPerTicker / 1e3).toFixed(0)} KB each, ${backfillMs.toFixed(1)} ms each (request, parse, cache)`);
  // A ticker of today's market backfilled from 2012 has about 3,700 days: bytes scale with days.
  const fullBytes = (bytesPerTicker / barsPerTicker) * 3_700;
  console.log(
    `  ${MARKET_TICKERS} tickers from 2012 (~3,700 days each): ${((MARKET_TICKERS * fullBytes) / 1e9).toFixed(1)} GB, ` +
      `${((MARKET_TICKERS * backfillMs * (3_700 / barsPerTicker)) / 60_000).toFixed(0)} min of work here; ` +
      PLANS.map((plan) => `${(MARKET_TICKERS / plan.perHour).toFixed(1)} h at ${plan.name}'s rate`).join(", ") +
      `; then one rebuild (npm run ingest's time plus the cache read)`,
  );
} finally {
  await server.stop();
  rmSync(work, { recursive: true, force: true });
}
