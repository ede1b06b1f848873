import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { companyFactsFiledDates } from "@/lib/ingest/companyfacts";
import { readBrotliText, writeBrotli } from "@/lib/ingest/compressed-files";
import { silentProgress } from "@/lib/ingest/progress";
import { readCompanyFacts } from "@/lib/ingest/read-sources";
import { readOptionValues } from "@/lib/screener/option-values";
import { AdvancedScreenRequestV2 } from "@/lib/screener/request-schema";
import type { RowsResponse } from "@/lib/screener/response-schema";
import { runScreen } from "@/lib/screener/service";
import { type SecServer, startSecServer } from "@/test/support/sec/sec-server";
import { type SecSyncReport, syncSec } from "./sync-sec";

/** One full sync (download and database build, about two minutes) against the local SEC. */
const SNOWFLAKE = 1640147;
const LPA = 1997711;
const CIKS = [320193, 1045810, 1652044, SNOWFLAKE, LPA];
let server: SecServer;
let report: SecSyncReport;
let db: Database.Database;
const work = mkdtempSync(path.join(tmpdir(), "sec-sync-build-"));
// The screens below read the database this sync builds.
process.env.DATABASE_PATH = path.join(work, "screener.db");

/**
 * The bundled data without FinanceDatabase's listing of Snowflake (NYSE:SNOW, which lends it a CIK
 * by ticker and name): a universe that lacks a filer, as FinanceDatabase lacks every NASDAQ Global
 * Select company outside the S&P 500. Snowflake's synced filing then matches no company.
 */
function dataWithoutSnowflakeListing(): string {
  const dataDir = path.join(work, "data");
  cpSync("data", dataDir, { recursive: true });
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
    const priced = (from: string) => db.prepare("SELECT count(*) FROM company_snapshots WHERE date >= ? AND price IS NOT NULL").pluck().get(from);
    expect(priced("2021-04-28")).toBe(0);
    expect(priced("2021-04-27")).toBeGreaterThan(0);
    expect(db.prepare("SELECT count(*) FROM company_snapshots WHERE date = ? AND fy_from IS NOT NULL").pluck().get(report.build.asOfRange.max)).toBeGreaterThan(0);
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
