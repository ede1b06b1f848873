import { execFile, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runAlerts } from "@/lib/alerts/run-alerts";
import { sqliteAlertStore } from "@/lib/alerts/sqlite-alert-store";
import { openApiStateDb } from "@/lib/db/api-state-db";
import { SavedScreenInput } from "@/lib/screens/saved-screen-schema";
import { sqliteSavedScreenStore } from "@/lib/screens/sqlite-saved-screen-store";
import { buildDatabase } from "@/lib/ingest/build-database";
import { readBrotliText, writeBrotli } from "@/lib/ingest/compressed-files";
import { silentProgress } from "@/lib/ingest/progress";
import { AdvancedScreenRequestV2 } from "@/lib/screener/request-schema";
import type { RowsResponse } from "@/lib/screener/response-schema";
import { readFreshness } from "@/lib/screener/freshness";
import { runScreen } from "@/lib/screener/service";
import { checkSignature, startWebhookReceiver } from "@/test/support/alerts/webhook-receiver";
import { readRows } from "@/test/support/db/read-rows";
import { copyDataWithFilingsOf } from "@/test/support/ingest/data-copy";
import { type TiingoServer, recordedBars, startTiingoServer } from "@/test/support/tiingo/tiingo-server";
import { type ProviderSyncOptions, syncProviderPrices } from "./provider-prices";
import { SyncError } from "./sync-error";
import { TiingoClient } from "./tiingo";
import { type SupportedTicker, fetchSupportedTickers } from "./tiingo-tickers";

/**
 * `npm run sync -- prices` against a local Tiingo (test/support/tiingo/tiingo-server.ts) into a
 * database built from the bundled data as it would stand on 2018-01-05: the S&P 500 price file cut
 * there, Netflix's cut on 2015-07-14 (the day before its 7-for-1 split) and Alphabet's GOOGL left
 * out. GOOGL's bars are Tiingo's recorded ones (2015-01-02, 2015-01-05, 2018-01-05 to 2018-01-19);
 * no recorded Tiingo response with a split is public under a licence that allows shipping it, so
 * Netflix's bars around its split are the bundled archives' real closes (data/pystock/prices.csv.br)
 * written as Tiingo writes bars, the split on the day the close fell by a seventh.
 */
const KEY = "f00dfeedf00dfeedf00dfeedf00dfeedf00dfeed";
const work = mkdtempSync(path.join(tmpdir(), "provider-prices-"));
const databasePath = path.join(work, "screener.db");
// The screens below read the database the sync writes; the alerts, a state file of their own, and
// deliver to a receiver on this machine.
process.env.DATABASE_PATH = databasePath;
const statePath = path.join(work, "api-state.db");
process.env.API_STATE_PATH = statePath;
process.env.ALERT_WEBHOOK_PRIVATE_ADDRESSES = "allow";
const cacheDir = path.join(work, "prices-provider");
let server: TiingoServer;
let dataDir: string;

/** The bundled data with the S&P 500 price file as of 2018-01-05, without GOOGL, and Netflix's through 2015-07-14. */
function dataOf2018(): string {
  const dir = copyDataWithFilingsOf(path.join(work, "data"), ["AAPL"], ["Apple"], { marketSymbols: ["AAPL", "KO", "DE"] });
  const file = path.join(dir, "prices", "daily-2011-2021.csv.br");
  const [header, ...lines] = readBrotliText(file).split("\n");
  const kept = lines.filter((line) => {
    const [ticker, date] = line.split(",");
    return line !== "" && date! <= "2018-01-05" && ticker !== "GOOGL" && !(ticker === "NFLX" && date! > "2015-07-14");
  });
  writeBrotli(file, `${[header, ...kept].join("\n")}\n`);
  return dir;
}

/** Netflix's closes of 2015-07-14 to 2015-07-31 from the bundled archives, as Tiingo bars. */
function netflixBars() {
  const rows = readBrotliText("data/pystock/prices.csv.br")
    .split("\n")
    .filter((line) => line.startsWith("NFLX,2015-07-"))
    .map((line) => line.split(","))
    .filter(([, date]) => date! >= "2015-07-14");
  return rows.map(([, date, close, , volume]) => ({
    date: `${date}T00:00:00.000Z`,
    close: Number(close),
    adjClose: Number(close),
    volume: Number(volume),
    divCash: 0,
    splitFactor: date === "2015-07-15" ? 7 : 1,
  }));
}

/** Coca-Cola's rows of the bundled S&P 500 price file (date, close, adjusted close, dividend), for the dividend test. */
const cocaColaRows = () =>
  readBrotliText("data/prices/daily-2011-2021.csv.br")
    .split("\n")
    .filter((line) => line.startsWith("KO,"))
    .map((line) => {
      const [, date, close, adjusted, volume, dividend] = line.split(",");
      return { date: date!, close: Number(close), adjusted: Number(adjusted), volume: Number(volume), dividend: Number(dividend) };
    });

let supported: Map<string, SupportedTicker>;
const options = (today: string, tickers = ["GOOGL", "NFLX"]): ProviderSyncOptions => ({
  client: new TiingoClient({ apiKey: KEY, baseUrl: server.url, requestsPerHour: 3_600_000, retries: 1, retryBaseMs: 1 }),
  databasePath,
  dataDir,
  secDir: path.join(work, "sec"),
  cacheDir,
  historyFrom: "2015-01-01",
  today,
  tickers,
  supported,
  progress: silentProgress,
});

const meta = (key: string) => {
  const db = new Database(databasePath, { readonly: true });
  try {
    return db.prepare("SELECT value FROM meta WHERE key = ?").pluck().get(key);
  } finally {
    db.close();
  }
};

const query = <T>(sql: string, ...params: unknown[]) => readRows<T>(databasePath, sql, ...params);

beforeAll(async () => {
  server = await startTiingoServer(KEY);
  server.serveBars("NFLX", netflixBars());
  // Tiingo's recorded list (2019-10-20): GOOGL and NFLX priced on NASDAQ through 2019-10-18.
  supported = await fetchSupportedTickers(`${server.url}/docs/tiingo/daily/supported_tickers.zip`, path.join(work, "list"));
  dataDir = dataOf2018();
  buildDatabase({ dataDir, databasePath, progress: silentProgress });
}, 600_000);
afterAll(async () => {
  await server.stop();
  rmSync(work, { recursive: true, force: true });
});

describe("npm run sync -- prices from the provider", () => {
  it("refuses without a key, naming PRICES_API_KEY, with exit code 1", () => {
    // `sync prices`, and `sync` alone (SEC, then prices), which checks both parts' settings before its first download.
    for (const args of [["prices"], []]) {
      const run = spawnSync("npx", ["tsx", "scripts/sync.ts", ...args], { env: { ...process.env, PRICES_API_KEY: "", DATABASE_PATH: databasePath, SEC_DATA_URL: "http://127.0.0.1:9" }, encoding: "utf8" });
      expect(run.status).toBe(1);
      expect(run.stderr).toContain("set PRICES_API_KEY");
      expect(run.stdout).toBe("");
    }
  }, 120_000);

  it("stops on a failing ticker with the database unchanged, and resumes from the bars it kept", async () => {
    server.through("2018-01-18");
    // Two failures: the first try and its one retry.
    server.failNext("NFLX", 500, 2);
    await expect(syncProviderPrices(options("2018-01-18"))).rejects.toThrow(SyncError);
    expect(meta("as_of_max")).toBe("2018-01-05");
    const asked = server.requests.length;
    const report = await syncProviderPrices(options("2018-01-18"));
    // GOOGL came from the cache the failed run wrote; only NFLX was asked again.
    expect(server.requests.slice(asked).map((r) => r.path)).toEqual(["/tiingo/daily/NFLX/prices"]);
    expect(report).toMatchObject({ requested: 1, fromCache: 1, newlyPriced: ["GOOGL"], splits: [{ ticker: "NFLX", date: "2015-07-15", factor: 7 }], appended: null });
    expect(report.rebuilt!.asOfRange.max).toBe("2018-01-18");
  }, 600_000);

  it("prices a ticker the bundle never had with the provider's bars", () => {
    const googl = recordedBars().get("GOOGL")!.filter((b) => b.date.slice(0, 10) <= "2018-01-18");
    const stored = query<{ date: string; close: number }>(
      "SELECT p.date, p.close FROM daily_prices p JOIN companies c ON c.id = p.company_id WHERE c.full_ticker = 'NASDAQ:GOOGL' ORDER BY p.date",
    );
    expect(stored).toEqual(googl.map((b) => ({ date: b.date.slice(0, 10), close: b.close })));
  });

  it("keeps a split ticker's market cap continuous across the split", () => {
    // As v2 screens read it on each side: the share count of the fiscal year restated to the day's basis.
    const cap = (date: string) => {
      const response = runScreen(
        AdvancedScreenRequestV2.parse({ filters: { exchange: { values: ["NASDAQ"] } }, fields: ["full_ticker", "marketCap_usd", "price"], sort: { field: "full_ticker", desc: false }, page: { limit: 1000 }, as_of: date }),
      ) as RowsResponse;
      return response.rows.find((r) => r.full_ticker === "NASDAQ:NFLX") as { marketCap_usd: number; price: number };
    };
    const [before, after] = [cap("2015-07-14"), cap("2015-07-15")];
    expect(after.price / before.price).toBeCloseTo(1 / 7, 1);
    // The split day moves the market cap by the day's return (its closes in the archives), not by 7.
    expect(after.marketCap_usd / before.marketCap_usd).toBeCloseTo((98.129997 * 7) / 702.599976, 6);
  });

  it("adds only the new day the next evening, in place and without a rebuild", async () => {
    server.through("2018-01-19");
    const report = await syncProviderPrices(options("2018-01-19"));
    expect(report).toMatchObject({ requested: 2, rebuilt: null, newlyPriced: [], splits: [] });
    expect(report.appended).toMatchObject({ companies: 1, rows: 1, newTradingDays: ["2018-01-19"], asOfMax: "2018-01-19" });
    expect(meta("as_of_max")).toBe("2018-01-19");
    // What health and the screener's header say: current on the next weekday, stale a week later
    // (read once the app's connection has seen the new file: it looks at most once a second, lib/db/market-db.ts).
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect(readFreshness("2018-01-22")).toMatchObject({ last_price_day: "2018-01-19", weekdays_behind: 1, prices_stale: false });
    expect(readFreshness("2018-01-26")).toMatchObject({ weekdays_behind: 5, prices_stale: true });
  }, 120_000);

  it("refuses a malformed answer and leaves the database serving what it had", async () => {
    server.answerNext("GOOGL", '[{"date":"2018-01-22T00:00:00.000Z","close":"n/a"}]');
    const before = meta("built_at");
    await expect(syncProviderPrices(options("2018-01-22", ["GOOGL"]))).rejects.toThrow(/GOOGL: malformed response at 0\.close/);
    expect(meta("built_at")).toBe(before);
    expect(meta("as_of_max")).toBe("2018-01-19");
  });

  it("feeds a dividend among the new days into the trailing yield and the total return", async () => {
    // Coca-Cola's real days after the cut, as Tiingo writes them: 0.39 went ex on 2018-03-14.
    const rows = cocaColaRows();
    server.serveBars(
      "KO",
      rows.filter((r) => r.date >= "2018-01-05" && r.date <= "2018-03-16").map((r) => ({ date: `${r.date}T00:00:00.000Z`, close: r.close, adjClose: r.adjusted, volume: r.volume, divCash: r.dividend, splitFactor: 1 })),
    );
    server.through("2018-03-16");
    const report = await syncProviderPrices(options("2018-03-16", ["KO"]));
    expect(report).toMatchObject({ rebuilt: null, refused: [] });
    expect(report.appended).toMatchObject({ companies: 1, asOfMax: "2018-03-16" });
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const ko = (
      runScreen(
        AdvancedScreenRequestV2.parse({ filters: { exchange: { values: ["NYSE"] }, price: { min: 43.4, max: 43.5 } }, fields: ["full_ticker", "dividendYieldTTM", "return_1y"], sort: { field: "full_ticker", desc: false }, page: { limit: 1000 }, as_of: "2018-03-16" }),
      ) as RowsResponse
    ).rows.find((r) => r.full_ticker === "NYSE:KO") as { dividendYieldTTM: number; return_1y: number };
    // Re-derived from the raw file: the dividends going ex after 2017-03-16 through 2018-03-16 (the
    // last, 0.39, from the sync) over that day's close; the return from the file's adjusted closes.
    const on = (date: string) => rows.find((r) => r.date === date)!;
    const paid = rows.filter((r) => r.date > "2017-03-16" && r.date <= "2018-03-16").reduce((sum, r) => sum + r.dividend, 0);
    expect(paid).toBeCloseTo(1.5, 6);
    expect(ko.dividendYieldTTM).toBeCloseTo(paid / on("2018-03-16").close, 9);
    expect(ko.return_1y).toBeCloseTo(on("2018-03-16").adjusted / on("2017-03-16").adjusted - 1, 3);
  }, 120_000);

  it("runs the saved screens' alerts after the sync: the new day's close moves Coca-Cola across a screen's bound, one signed webhook and one feed entry say so", async () => {
    const rows = cocaColaRows();
    const on = (date: string) => rows.find((r) => r.date === date)!;
    const [before, after] = [on("2018-03-16").close, on("2018-03-19").close];
    expect(after).not.toBe(before);
    // The only company priced in the week to these days is Coca-Cola (the bundle's prices end on 2018-01-05): a bound between the two closes moves it alone.
    const bound = (before + after) / 2;
    const change = after > before ? "entered" : "left";
    const receiver = await startWebhookReceiver(() => 204);
    const state = openApiStateDb(statePath);
    try {
      const saved = await sqliteSavedScreenStore(state).create(
        "key:sync-alerts",
        SavedScreenInput.parse({ name: "Price at or above the bound", request: { filters: { price: { min: bound } } }, alerts: { webhook_url: receiver.url } }),
        10,
      );
      if (saved === "full" || saved.alerts === null) throw new Error("no alerts");
      // The run after the previous sync: what the screen saw on 2018-03-16.
      expect(await runAlerts(sqliteAlertStore(state), { asOf: "2018-03-16" })).toMatchObject({ screens: 1, events: 0, failures: [] });

      server.serveBars(
        "KO",
        rows.filter((r) => r.date >= "2018-01-05" && r.date <= "2018-03-19").map((r) => ({ date: `${r.date}T00:00:00.000Z`, close: r.close, adjClose: r.adjusted, volume: r.volume, divCash: r.dividend, splitFactor: 1 })),
      );
      server.through("2018-03-19");
      // `npm run sync -- prices`, the nightly command, in a process of its own: the alerts run after it.
      const { stdout } = await promisify(execFile)(process.execPath, ["--import", "tsx", "scripts/sync.ts", "prices", "--tickers", "KO", "--cache-dir", cacheDir, "--sec-dir", path.join(work, "sec")], {
        env: { ...process.env, DATA_DIR: dataDir, PRICES_API_KEY: KEY, PRICES_API_URL: server.url, PRICES_TICKERS_URL: `${server.url}/docs/tiingo/daily/supported_tickers.zip` },
      });
      expect(stdout).toContain('"as_of_max":"2018-03-19"');
      expect(stdout).toContain("alerts as of 2018-03-19: 1 screens (0 not run), 1 new changes, 1 delivered, 0 failed deliveries, 0 screens failed");
      expect(receiver.received).toHaveLength(1);
      expect(checkSignature(receiver.received[0]!, saved.alerts.webhook_secret).signed).toBe(true);
      const body = JSON.parse(receiver.received[0]!.body) as { as_of: string; events: { full_ticker: string; change: string; as_of: string; rules: { filter: string; before: number; after: number; reason: string }[] }[] };
      expect(body.events).toEqual([expect.objectContaining({ as_of: "2018-03-19", full_ticker: "NYSE:KO", change, rules: [expect.objectContaining({ filter: "price", before, after })] })]);
      expect(body.events[0]!.rules[0]!.reason).toMatch(after > before ? /^Price rose from .+, at or above the minimum / : /^Price fell from .+, below the minimum /);
      const feed = await sqliteAlertStore(state).feed(saved.alerts.feed_path.split("/")[3]!, 10);
      expect(feed!.events.map((e) => `${e.as_of} ${e.full_ticker} ${e.change}`)).toEqual([`2018-03-19 NYSE:KO ${change}`]);
    } finally {
      state.close();
      await receiver.close();
    }
  }, 300_000);
});
