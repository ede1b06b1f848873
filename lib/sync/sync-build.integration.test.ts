import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { ensureDayValues } from "@/lib/market/day-values";
import { tmpdir } from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { companyFactsFiledDates } from "@/lib/ingest/companyfacts";
import { readBrotliText, writeBrotli } from "@/lib/ingest/compressed-files";
import { silentProgress } from "@/lib/ingest/progress";
import { readCompanyFacts } from "@/lib/ingest/read-sources";
import { FilterOutcomesRequest, countFilterOutcomes } from "@/lib/screener/filter-outcomes";
import { readOptionValues } from "@/lib/screener/option-values";
import { AdvancedScreenRequestV2 } from "@/lib/screener/request-schema";
import type { RowsResponse } from "@/lib/screener/response-schema";
import { runScreen } from "@/lib/screener/service";
import { copyDataWithFilingsOf } from "@/test/support/ingest/data-copy";
import { type SecServer, startSecServer } from "@/test/support/sec/sec-server";
import { type AppendPricesReport, appendPrices } from "./append-prices";
import { readPriceFile } from "./price-files";
import { type PricesSyncReport, syncPrices } from "./sync-prices";
import { type SecSyncReport, syncSec } from "./sync-sec";

/**
 * One full sync (download and database build) against the local SEC, then one `sync prices` build
 * over it, then `sync sec` again from the downloaded files (the kept prices stay).
 */
const SNOWFLAKE = 1640147;
const LPA = 1997711;
const CIKS = [320193, 1045810, 1652044, SNOWFLAKE, LPA];
let server: SecServer;
let report: SecSyncReport;
let db: Database.Database;
const work = mkdtempSync(path.join(tmpdir(), "sec-sync-build-"));
// The screens below read the database this sync builds.
process.env.DATABASE_PATH = path.join(work, "screener.db");
// Where `sync prices` keeps its files for later syncs.
const PRICES_DIR = path.join(work, "prices");
/**
 * Apple's filings are the only ones each build indexes, and the whole market is the synced filers'
 * symbols (SNOW was Intrawest's then): no test here reads a filing or another company, and each
 * build takes a fraction of the time.
 */
const withAppleFilings = (dir: string) =>
  copyDataWithFilingsOf(path.join(work, dir), ["AAPL"], ["Apple"], { marketSymbols: ["AAPL", "NVDA", "GOOG", "GOOGL", "SNOW"] });
/** The bundled data as the later syncs build with it. */
const DATA_DIR = withAppleFilings("data");

/**
 * The bundled data without FinanceDatabase's listing of Snowflake (NYSE:SNOW, which lends it a CIK
 * by ticker and name): a universe that lacks a filer, as FinanceDatabase lacks every NASDAQ Global
 * Select company outside the S&P 500. Snowflake's synced filing then matches no company.
 */
function dataWithoutSnowflakeListing(): string {
  const dataDir = withAppleFilings("data-without-snow");
  const file = path.join(dataDir, "financedatabase", "equities.csv.br");
  const lines = readBrotliText(file).split("\n");
  const kept = lines.filter((line) => !line.startsWith('SNOW,"Snowflake, Inc."'));
  if (kept.length !== lines.length - 1) throw new Error("FinanceDatabase no longer has one NYSE:SNOW row");
  writeBrotli(file, kept.join("\n"));
  return dataDir;
}

beforeAll(async () => {
  server = await startSecServer();
  report = await syncSec({
    userAgent: "Filing Screener tests tests@example.com",
    archivesUrl: server.url,
    dataUrl: server.url,
    ciks: CIKS,
    dir: path.join(work, "sec"),
    pricesDir: PRICES_DIR,
    dataDir: dataWithoutSnowflakeListing(),
    databasePath: path.join(work, "screener.db"),
    progress: silentProgress,
  });
  db = new Database(report.build.databasePath, { readonly: true });
}, 600_000);
afterAll(async () => {
  db?.close();
  await server.stop();
  rmSync(work, { recursive: true, force: true });
});

const company = (cik: number) => db.prepare("SELECT full_ticker, companyName, sector, has_fundamentals FROM companies WHERE cik = ?").all(cik);

/** The fiscal year in force on `date` (offset 0) of the company with `cik`, as a v2 screen as of that date reads it. */
const latestYearOn = (cik: number, date: string) =>
  db
    .prepare(
      `SELECT v.fiscal_year, v.period_end, v.public_date, v.revenue FROM fiscal_year_versions v JOIN companies c ON c.id = v.company_id
       WHERE c.cik = ? AND v.fy_offset = 0 AND v.valid_from <= ? AND v.valid_to > ? ORDER BY c.id LIMIT 1`,
    )
    .get(cik, date, date);

describe("npm run sync -- sec --ciks, built into a new database", () => {
  it("extends the as-of range to the latest synced filed date, as weekdays without prices", () => {
    const latestFiled = CIKS.map((cik) => companyFactsFiledDates(readCompanyFacts(path.join(report.companyFactsDir, `CIK${String(cik).padStart(10, "0")}.json`))).at(-1)!)
      .sort()
      .at(-1)!;
    expect(report.build.asOfRange.max).toBe(latestFiled);
    const meta = (key: string) => db.prepare("SELECT value FROM meta WHERE key = ?").pluck().get(key);
    expect(meta("as_of_max")).toBe(latestFiled);
    // The price file ends on 2021-04-21: a week later no day has a price (none in the week up to it).
    const on = (date: string, condition: string) => db.prepare(`SELECT count(*) FROM ${ensureDayValues(db, date)} WHERE ${condition}`).pluck().get();
    const later = db.prepare("SELECT date FROM trading_days WHERE date >= '2021-04-28' ORDER BY date LIMIT 10").pluck().all() as string[];
    expect(later.map((date) => on(date, "price IS NOT NULL"))).toEqual(later.map(() => 0));
    expect(on("2021-04-27", "price IS NOT NULL")).toBeGreaterThan(0);
    expect(on(report.build.asOfRange.max, "fy_from IS NOT NULL")).toBeGreaterThan(0);
    const weekdays = db.prepare("SELECT date FROM trading_days WHERE date > '2021-04-21'").pluck().all();
    expect(weekdays.length).toBeGreaterThan(0);
    expect(weekdays.every((d) => ![0, 6].includes(new Date(`${String(d)}T00:00:00Z`).getUTCDay()))).toBe(true);
  });

  it("shows Apple's fiscal year 2025 as of that date, and NVIDIA's latest from its file", () => {
    const max = report.build.asOfRange.max;
    expect(latestYearOn(320193, max)).toEqual({ fiscal_year: 2025, period_end: "2025-09-27", public_date: "2025-10-31", revenue: 416_161_000_000 });
    // NVIDIA's 10-K for the year ended 2026-01-25, filed 2026-02-25 (Revenues in its companyfacts).
    expect(latestYearOn(1045810, max)).toEqual({ fiscal_year: 2026, period_end: "2026-01-25", public_date: "2026-02-25", revenue: 215_938_000_000 });
    // The day before Apple's 10-K was filed, its fiscal year 2024 was the latest.
    expect(latestYearOn(320193, "2025-10-30")).toMatchObject({ fiscal_year: 2024 });
  });

  it("joins filers no index list names to their listings by ticker and name, a 20-F filer's IFRS years included", () => {
    expect(company(LPA)).toEqual([{ full_ticker: "NYSEAMERICAN:LPA", companyName: "Logistic Properties of the Americas", sector: "Real Estate", has_fundamentals: 0 }]);
    // Its 20-F filed 2025-04-02: ifrs-full Revenue, in USD.
    expect(latestYearOn(LPA, report.build.asOfRange.max)).toEqual({ fiscal_year: 2024, period_end: "2024-12-31", public_date: "2025-04-02", revenue: 43_862_372 });
    expect(report.build.secFilers).toMatchObject({ joined: [`NYSEAMERICAN:LPA (CIK ${LPA})`] });
  });

  it("adds a filer that matches no company, named and listed as SEC's tickers files say, without a sector", () => {
    // company_tickers_exchange.json: [1640147, "Snowflake Inc.", "SNOW", "NYSE"].
    expect(company(SNOWFLAKE)).toEqual([{ full_ticker: "NYSE:SNOW", companyName: "Snowflake Inc.", sector: null, has_fundamentals: 0 }]);
    // Apple, NVIDIA, Alphabet and Marvell by CIK (the bundled Marvell file with the synced ones); every synced filer has a ticker.
    expect(report.build.secFilers).toEqual({
      matchedByCik: 4,
      joined: [`NYSEAMERICAN:LPA (CIK ${LPA})`],
      added: [`NYSE:SNOW Snowflake Inc. (CIK ${SNOWFLAKE})`],
      withoutTicker: [],
    });
    // Snowflake's 10-K for the year ended 2025-01-31 (RevenueFromContractWithCustomerExcludingAssessedTax), filed 2025-03-21.
    const snowflakeFy2025 = { fiscal_year: 2025, period_end: "2025-01-31", public_date: "2025-03-21", revenue: 3_626_396_000 };
    expect(latestYearOn(SNOWFLAKE, report.build.asOfRange.max)).toEqual(snowflakeFy2025);
    // A v2 screen as of the latest synced date finds it by name, with that fiscal year; at the
    // default date none of its fiscal years was public: listed, without values.
    const screen = (asOf?: string) =>
      (
        runScreen(
          AdvancedScreenRequestV2.parse({
            filters: { description_keywords: { fts: "snowflake" }, exchange: { values: ["NYSE"] } },
            fields: ["full_ticker", "companyName", "exchange", "sector", "fiscal_year", "period_end", "revenue"],
            as_of: asOf,
          }),
        ) as RowsResponse
      ).rows;
    const { public_date: _, ...screened } = snowflakeFy2025;
    expect(screen(report.build.asOfRange.max)).toEqual([{ full_ticker: "NYSE:SNOW", companyName: "Snowflake Inc.", exchange: "NYSE", sector: null, ...screened }]);
    expect(screen()).toEqual([{ full_ticker: "NYSE:SNOW", companyName: "Snowflake Inc.", exchange: "NYSE", sector: null, fiscal_year: null, period_end: null, revenue: null }]);
    // Its exchange is one the options already name: no new label.
    expect(readOptionValues(db).labels.exchanges?.NYSE).toBe("New York Stock Exchange");
  });

  it("reports the values the mapping could not fill", () => {
    expect(report.build.mapping.companies).toBeGreaterThanOrEqual(CIKS.length);
    expect(report.build.mapping.unfilled.revenue).toBe(0);
    // The 20-F filer tags no operating cash flow.
    expect(report.build.mapping.unfilled.operatingCashFlow).toBeGreaterThan(0);
  });
});

describe("then npm run sync -- prices --from the Stooq files", () => {
  const STOOQ_DIR = "test/fixtures/prices/stooq";
  let prices: PricesSyncReport;
  let priced: Database.Database;
  const APPENDED = path.join(work, "appended.db");
  let appended: AppendPricesReport;
  const databasePath = () => report.build.databasePath;

  beforeAll(async () => {
    // A file of no known layout (the real Stooq file behind a note line) beside the good ones: refused before any build.
    const bad = path.join(work, "bad-prices");
    const stat = statSync(databasePath());
    mkdirSync(bad);
    writeFileSync(path.join(bad, "aapl.us.txt"), readBrotliText(`${STOOQ_DIR}/aapl.us.txt.br`).replace(/^[^\n]*\n/, "# Apple\n"));
    const sync = (from: string) => syncPrices({ from, secDir: path.join(work, "sec"), pricesDir: PRICES_DIR, dataDir: DATA_DIR, databasePath: databasePath(), progress: silentProgress });
    await expect(sync(bad)).rejects.toThrow(`${path.join(bad, "aapl.us.txt")}:1: not a daily price layout`);
    expect(statSync(databasePath())).toMatchObject({ ino: stat.ino, mtimeMs: stat.mtimeMs, size: stat.size });
    expect(existsSync(PRICES_DIR)).toBe(false);

    // The same files appended, without a rebuild, to a copy of the database before this sync.
    copyFileSync(databasePath(), APPENDED);
    prices = await sync(STOOQ_DIR);
    priced = new Database(databasePath(), { readonly: true });
    appended = await appendPrices({ from: STOOQ_DIR, databasePath: APPENDED, progress: silentProgress });
  }, 600_000);
  afterAll(() => priced?.close());

  it("extends Apple's prices to the file's last day and counts the ticker outside the universe", async () => {
    const stooq = (await readPriceFile(`${STOOQ_DIR}/aapl.us.txt.br`))!.series[0]!.days;
    const last = stooq.at(-1)!;
    const after = stooq.filter((d) => d.date > "2021-04-21");
    expect(prices.build.prices?.extended).toEqual([{ ticker: "AAPL", file: `${STOOQ_DIR}/aapl.us.txt.br`, days: after.length, through: last.date }]);
    // aard.us.txt holds AAPG (listed 2025), which no priced company of the database has: dropped while reading.
    expect(prices.leftOut).toBe(1);
    expect(prices.build.prices?.notInUniverse).toBe(0);
    // The file used is kept for later syncs; the other is not.
    expect(readdirSync(PRICES_DIR)).toEqual(["aapl.us.txt.br"]);
    const latestFiled = report.build.asOfRange.max;
    expect(prices.build.asOfRange.max).toBe([last.date, latestFiled].sort().at(-1));
    const tradingDays = priced.prepare("SELECT date FROM trading_days WHERE date > '2021-04-21' AND date <= ?").pluck().all(last.date);
    expect(tradingDays).toEqual(after.map((d) => d.date));
  });

  it("gives, appended to the database before it, the rebuild's prices, trading days and benchmark", () => {
    expect(appended.prices).toEqual(prices.build.prices);
    expect(appended.append).toMatchObject({ companies: 1, refused: [], replaced: true, asOfMax: prices.build.asOfRange.max });
    const db = new Database(APPENDED, { readonly: true });
    db.prepare("ATTACH ? AS rebuilt").run(databasePath());
    // The rebuild's universe has Snowflake's listing (DATA_DIR): company ids differ, so rows are compared by ticker.
    const tables = {
      daily_prices: "date, close, adjusted_close, volume, split_index, day_index, return_sum, return_square_sum, dividend_sum, dividends_unknown",
      company_series: "prices_from, prices_to",
    };
    const rows = (schema: string, table: string, columns: string) => `SELECT c.full_ticker, ${columns} FROM ${schema}.${table} JOIN ${schema}.companies c ON c.id = company_id`;
    const differing = (a: string, b: string) => db.prepare(`SELECT count(*) FROM (${a} EXCEPT ${b})`).pluck().get();
    for (const [table, columns] of Object.entries(tables)) {
      expect([table, differing(rows("main", table, columns), rows("rebuilt", table, columns)), differing(rows("rebuilt", table, columns), rows("main", table, columns))]).toEqual([table, 0, 0]);
    }
    for (const table of ["trading_days", "benchmark_index"]) {
      expect([table, differing(`SELECT * FROM main.${table}`, `SELECT * FROM rebuilt.${table}`), differing(`SELECT * FROM rebuilt.${table}`, `SELECT * FROM main.${table}`)]).toEqual([table, 0, 0]);
    }
    db.close();
    // Copies and appends to a database of the whole market: minutes on a loaded 2-core machine.
  }, 240_000);

  it("values Apple on the last price day from the Stooq close and its FY2025 10-K", async () => {
    const stooq = (await readPriceFile(`${STOOQ_DIR}/aapl.us.txt.br`))!.series[0]!.days;
    const last = stooq.at(-1)!;
    const facts = readCompanyFacts(path.join(report.companyFactsDir, "CIK0000320193.json"));
    const tenK = (f: { form?: string; filed: string }) => f.form === "10-K" && f.filed === "2025-10-31";
    const shares = facts.facts.dei!.EntityCommonStockSharesOutstanding!.units.shares!.find(tenK)!.val;
    const eps = facts.facts["us-gaap"]!.EarningsPerShareBasic!.units["USD/shares"]!.find((f) => tenK(f) && f.end === "2025-09-27")!.val;
    const row = priced
      .prepare(`SELECT s.price, s.marketCap_usd, s.peRatio, s.return_1y, s.dividendYieldTTM FROM ${ensureDayValues(priced, last.date)} s JOIN companies c ON c.id = s.company_id WHERE c.cik = 320193`)
      .get();
    // The file gives no dividends: the trailing yield is unknown, not 0.
    expect(row).toEqual({
      price: last.close,
      marketCap_usd: expect.closeTo(last.close * shares, 0),
      peRatio: expect.closeTo(last.close / eps, 9),
      return_1y: expect.any(Number),
      dividendYieldTTM: null,
    });
  });

  it("tells the screener why a company has no price after the price data ends", async () => {
    // The screener's queries read DATABASE_PATH: this build's database.
    vi.stubEnv("DATABASE_PATH", databasePath());
    const lastPrice = (await readPriceFile(`${STOOQ_DIR}/aapl.us.txt.br`))!.series[0]!.days.at(-1)!.date;
    for (const date of [lastPrice, prices.build.asOfRange.max]) {
      const outcomes = countFilterOutcomes(FilterOutcomesRequest.parse({ filters: { price: { min: 0 } }, as_of: date }));
      const reasons = Object.fromEntries(outcomes.filter_outcomes.price!.missing_reasons.map((r) => [r.reason, r.companies]));
      // Re-derived: priced by then, no price that day, a series reaching the bundled file's last day.
      const table = ensureDayValues(priced, date);
      // Companies: one row per issuer, as the screen counts them.
      const count = (condition: string) => priced.prepare(`SELECT count(*) FROM ${table} s WHERE s.company_id IN (SELECT id FROM companies WHERE id = issuer_id) AND ${condition}`).pluck().get();
      const ended = count("s.has_prices = 1 AND s.price IS NULL AND (SELECT max(p.date) FROM daily_prices p WHERE p.company_id = s.company_id) >= '2021-04-21'");
      expect(ended).toBeGreaterThan(400);
      expect(reasons["no price for the as-of date: the price data ends before it (bring newer prices with npm run sync -- prices)"]).toBe(ended);
      expect(outcomes.filter_outcomes.price!.passed).toBe(count("s.price IS NOT NULL"));
    }
    // On the Stooq file's last day Apple is priced (its only company).
    expect(priced.prepare(`SELECT count(*) FROM ${ensureDayValues(priced, lastPrice)} WHERE price IS NOT NULL`).pluck().get()).toBe(1);
  });
});

describe("then npm run sync -- sec again, from the files it downloaded", () => {
  it("rebuilds with the price files the last sync prices kept", async () => {
    const again = await syncSec({ from: path.join(work, "sec"), dir: path.join(work, "sec"), pricesDir: PRICES_DIR, userAgent: undefined, archivesUrl: server.url, dataUrl: server.url, dataDir: DATA_DIR, databasePath: report.build.databasePath, progress: silentProgress });
    const stooq = (await readPriceFile(path.join(PRICES_DIR, "aapl.us.txt.br")))!.series[0]!.days;
    expect(again.build.prices?.extended).toEqual([{ ticker: "AAPL", file: path.join(PRICES_DIR, "aapl.us.txt.br"), days: stooq.filter((d) => d.date > "2021-04-21").length, through: stooq.at(-1)!.date }]);
    expect(again.build.asOfRange).toEqual(report.build.asOfRange.max > stooq.at(-1)!.date ? report.build.asOfRange : { ...report.build.asOfRange, max: stooq.at(-1)!.date });
  }, 600_000);
});
