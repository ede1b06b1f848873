import { readFileSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { silentProgress } from "@/lib/ingest/progress";
import { FilingDocuments } from "@/lib/filings/reader/filing-documents";
import { readRows } from "@/test/support/db/read-rows";
import { copyDataWithFilingsOf } from "@/test/support/ingest/data-copy";
import { searchV1 } from "@/test/support/filings/parsed-search";
import { type SecServer, startSecServer } from "@/test/support/sec/sec-server";
import { DEFAULT_FORMS, filingFolder, submissionsPath } from "./edgar-submissions";
import { readFilingRecords } from "./filing-records";
import { type FilingsBuildOptions, syncFilingsIntoDatabase } from "./sync-filings";
import { SyncError } from "./sync-error";

/**
 * `npm run sync -- filings` against a local SEC (test/support/sec/sec-server.ts) serving real EDGAR
 * files from edgartools (test/fixtures/edgar/README.md): Apple's and Nvidia's submissions as
 * data.sec.gov served them, and Apple's FY2024 10-K and Q3 10-Q and Nvidia's FY2023 10-K at their
 * archive paths. The other documents those submissions name are not recorded anywhere public, so
 * the server answers them 404, as for a filing EDGAR lacks, and the sync reports them.
 */
const APPLE = 320193;
const NVIDIA = 1045810;
const ORACLE = 1341439;
const EDGAR = "test/fixtures/edgar";
const DOCUMENTS = [
  { cik: APPLE, accession: "0000320193-24-000123", name: "aapl-20240928.htm", fixture: "Apple.10-K.html" },
  { cik: APPLE, accession: "0000320193-24-000081", name: "aapl-20240629.htm", fixture: "Apple.10-Q.html" },
  { cik: NVIDIA, accession: "0001045810-23-000017", name: "nvda-20230129.htm", fixture: "Nvidia.10-K.html" },
] as const;
const documentPath = (d: (typeof DOCUMENTS)[number]) => `${filingFolder(d)}${d.name}`;

const work = mkdtempSync(path.join(tmpdir(), "sync-filings-"));
const databasePath = path.join(work, "screener.db");
process.env.DATABASE_PATH = databasePath;
let server: SecServer;
let options: FilingsBuildOptions;

const query = <T>(sql: string, ...params: unknown[]) => readRows<T>(databasePath, sql, ...params);

beforeAll(async () => {
  server = await startSecServer();
  for (const [cik, file] of [[APPLE, "CIK0000320193.json"], [NVIDIA, "CIK0001045810.json"]] as const) server.serve(submissionsPath(cik), readFileSync(path.join(EDGAR, file)));
  for (const d of DOCUMENTS) server.serve(documentPath(d), readFileSync(path.join(EDGAR, d.fixture)));
  const dataDir = copyDataWithFilingsOf(path.join(work, "data"), ["AAPL"], ["Apple"], { marketSymbols: ["AAPL", "NVDA"] });
  options = {
    userAgent: "Filing Screener tests tests@example.com",
    archivesUrl: server.url,
    dataUrl: server.url,
    retryBaseMs: 1,
    throttleWaitMs: 5,
    dir: path.join(work, "filings"),
    ciks: [APPLE, NVIDIA, ORACLE],
    choice: { forms: DEFAULT_FORMS, years: 3 },
    dataDir,
    databasePath,
    secDir: path.join(work, "sec"),
    pricesDir: path.join(work, "prices"),
    providerCacheDir: path.join(work, "prices-provider"),
    progress: silentProgress,
  };
}, 120_000);
afterAll(async () => {
  await server.stop();
  rmSync(work, { recursive: true, force: true });
});

describe("npm run sync -- filings", () => {
  it("waits out SEC's throttle page, stops on a failing document, and resumes from the filings it recorded", async () => {
    // Apple's 10-Q (filed 2024-08-02) comes before its 10-K (2024-11-01): the first behind a throttle page, the second failing.
    server.throttleNext(documentPath(DOCUMENTS[1]), 403, 1);
    server.failNext(documentPath(DOCUMENTS[0]), 500, 6);
    await expect(syncFilingsIntoDatabase(options)).rejects.toThrow(SyncError);
    expect(readFilingRecords(options.dir).map((r) => r.accession)).toEqual(["0000320193-24-000081"]);
    const asked = server.requests.length;
    const report = await syncFilingsIntoDatabase(options);
    expect(server.requests.slice(asked).some((r) => r.path === documentPath(DOCUMENTS[1]))).toBe(false);
    expect(report.added.map((a) => a.accession).sort()).toEqual(["0000320193-24-000123", "0001045810-23-000017"]);
    expect(report.alreadyRecorded).toBe(1);
    expect(report.missing).toContainEqual({ accession: "CIK0001341439", reason: "EDGAR has no submissions for this CIK" });
    expect(report.missing.some((m) => m.reason.endsWith("HTTP 404"))).toBe(true);
    expect(report.build).not.toBeNull();
  }, 600_000);

  it("indexes each filing with its own form, fiscal year, period and filed date, in place of the bundled copy", () => {
    const rows = query<Record<string, unknown>>(
      `SELECT f.source_name, c.full_ticker, f.filing_type, f.fiscal_year, f.fiscal_period, f.period_end, f.filed_date, f.source_url
       FROM filings f LEFT JOIN companies c ON c.id = f.company_id WHERE f.source = 'edgar' ORDER BY f.filed_date`,
    );
    expect(rows).toEqual([
      expect.objectContaining({ full_ticker: "NASDAQ:NVDA", filing_type: "10-K", fiscal_year: 2023, fiscal_period: "FY", period_end: "2023-01-29", filed_date: "2023-02-24" }),
      expect.objectContaining({ full_ticker: "NASDAQ:AAPL", filing_type: "10-Q", fiscal_year: 2024, fiscal_period: "Q3", period_end: "2024-06-29", filed_date: "2024-08-02" }),
      expect.objectContaining({
        full_ticker: "NASDAQ:AAPL", filing_type: "10-K", fiscal_year: 2024, fiscal_period: "FY", period_end: "2024-09-28", filed_date: "2024-11-01",
        source_url: `${server.url}/Archives/edgar/data/320193/000032019324000123/aapl-20240928.htm`,
      }),
    ]);
    // The bundled edgartools copy of Apple's FY2024 10-K gave way to the synced one.
    expect(query("SELECT source_name FROM filings WHERE source = 'edgartools' AND filed_date = '2024-11-01'")).toEqual([]);
  });

  it("finds the synced filings' passages and tables, and the reader shows their sections", async () => {
    const response = await searchV1({ queries: ["net sales by reportable segment Americas Europe Greater China"], ticker: "AAPL", fiscal_year: 2024, filing_type: "10-K", results: 3 });
    const top = response.results[0]!;
    expect(top.filing.id).toBe("AAPL-10-K-2024-11-01-0000320193-24-000123");
    const db = new Database(databasePath, { readonly: true });
    try {
      const documents = new FilingDocuments(db);
      const filing = documents.filing("AAPL-10-K-2024-11-01-0000320193-24-000123")!;
      const keys = documents.sections(filing.id).map((s) => s.key);
      expect(keys).toEqual(expect.arrayContaining(["PART I ITEM 1", "PART I ITEM 1A", "PART II ITEM 7", "PART II ITEM 7A", "PART II ITEM 8"]));
      const text = documents.pages(filing.id, 1, 10_000).map((p) => p.text).join("");
      expect(text).toMatch(/Total net sales \$ 391,035/);
    } finally {
      db.close();
    }
  });

  it("adds nothing on a second run, and does not rebuild", async () => {
    const built = query<{ value: string }>("SELECT value FROM meta WHERE key = 'built_at'")[0]!.value;
    const report = await syncFilingsIntoDatabase(options);
    expect(report).toMatchObject({ added: [], alreadyRecorded: 3, build: null });
    expect(query<{ value: string }>("SELECT value FROM meta WHERE key = 'built_at'")[0]!.value).toBe(built);
  }, 120_000);
});
