import { readFileSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import * as sqliteVec from "sqlite-vec";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildDatabase } from "@/lib/ingest/build-database";
import { silentProgress } from "@/lib/ingest/progress";
import { filedLabel } from "@/lib/filings/filing-labels";
import { FilingDocuments } from "@/lib/filings/reader/filing-documents";
import { readRows } from "@/test/support/db/read-rows";
import { copyDataWithFilingsOf } from "@/test/support/ingest/data-copy";
import { searchV1 } from "@/test/support/filings/parsed-search";
import { type SecServer, startSecServer } from "@/test/support/sec/sec-server";
import { DEFAULT_FORMS, filingFolder, submissionsPath } from "./edgar-submissions";
import { readFilingRecords, writeFilingRecord } from "./filing-records";
import { type FilingsBuildOptions, syncFilingsIntoDatabase } from "./sync-filings";
import { SyncError } from "./sync-error";

/**
 * `npm run sync -- filings` into a built database, against a local SEC (test/support/sec/sec-server.ts) serving real EDGAR
 * files from edgartools (test/fixtures/edgar/README.md): Apple's and Nvidia's submissions as
 * data.sec.gov served them, and Apple's FY2024 10-K and Q3 10-Q and Nvidia's FY2023 10-K at their
 * archive paths. The other documents those submissions name are not recorded anywhere public, so
 * the server answers them 404, as for a filing EDGAR lacks, and the sync reports them. The filings
 * are added to the database the bundled data built, in place of a rebuild; a rebuild with the same
 * records is the reference they must match.
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
  buildDatabase({ dataDir, databasePath, progress: silentProgress });
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
}, 600_000);
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
    expect(report.index).toMatchObject({ kind: "added", alreadyIndexed: 0, added: { filings: 3, replacedBundled: ["AAPL-10-K-2024-11-01"], duplicates: [], embedding: { kind: "folded-in" } } });
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
      // The company page's filings table: the synced filings with the dates EDGAR filed them.
      const apple = query<{ id: number }>("SELECT id FROM companies WHERE full_ticker = 'NASDAQ:AAPL'")[0]!.id;
      const listed = documents.companyFilings(apple).filter((f) => f.source_name.includes("0000320193-24-"));
      expect(listed.map((f) => [f.filing_type, filedLabel({ date: f.filed_date, earliest: f.filed_earliest, latest: f.filed_latest })])).toEqual([
        ["10-K", "filed 2024-11-01"],
        ["10-Q", "filed 2024-08-02"],
      ]);
    } finally {
      db.close();
    }
  });

  it("adds nothing on a second run, and leaves the file alone", async () => {
    const built = query<{ value: string }>("SELECT value FROM meta WHERE key = 'built_at'")[0]!.value;
    const inode = statSync(databasePath).ino;
    const report = await syncFilingsIntoDatabase(options);
    expect(report).toMatchObject({ added: [], alreadyRecorded: 3, index: { kind: "added", added: null, alreadyIndexed: 3, timings: null } });
    expect(statSync(databasePath).ino).toBe(inode);
    expect(query<{ value: string }>("SELECT value FROM meta WHERE key = 'built_at'")[0]!.value).toBe(built);
  }, 120_000);

  it("records a byte copy of an indexed filing as its duplicate, once: later runs leave it alone", async () => {
    // The same document kept under a second accession (a filing made for several registrants is one document under several CIKs).
    const tenQ = readFilingRecords(options.dir).find((r) => r.accession === "0000320193-24-000081")!;
    writeFilingRecord(options.dir, { ...tenQ, accession: "0000320193-24-900081" });
    const copy = "AAPL-10-Q-2024-08-02-0000320193-24-900081";
    expect((await syncFilingsIntoDatabase(options)).index).toMatchObject({ kind: "added", alreadyIndexed: 3, added: { filings: 0, duplicates: [`${copy} = AAPL-10-Q-2024-08-02-0000320193-24-000081`] } });
    expect(query("SELECT source_name FROM filing_duplicates WHERE source_name = ?", copy)).toHaveLength(1);
    const inode = statSync(databasePath).ino;
    expect((await syncFilingsIntoDatabase(options)).index).toMatchObject({ kind: "added", added: null, alreadyIndexed: 4 });
    expect(statSync(databasePath).ino).toBe(inode);
  }, 120_000);

  it("indexes what a rebuild with the same filings indexes: filings, sections, passages, near-duplicates, counts", () => {
    const rebuilt = path.join(work, "rebuilt.db");
    buildDatabase({ dataDir: options.dataDir, databasePath: rebuilt, progress: silentProgress, syncedFilings: readFilingRecords(options.dir) });
    const both = <T>(sql: string) => [query<T>(sql), readRows<T>(rebuilt, sql)] as const;
    const [filings, rebuiltFilings] = both(`SELECT ${FILING_COLUMNS} FROM filings ORDER BY source_name`);
    expect(filings).toEqual(rebuiltFilings);
    const [sections, rebuiltSections] = both("SELECT f.source_name, s.key, s.title, s.start_offset FROM filing_sections s JOIN filings f ON f.id = s.filing_id ORDER BY 1, 4");
    expect(sections).toEqual(rebuiltSections);
    // Passages and the keyword index: the same texts under the same headings, found by the same words.
    const passageSql = "SELECT f.source_name, t.heading, t.text FROM filing_passage_texts t JOIN filing_passages p ON p.id = t.id JOIN filings f ON f.id = p.filing_id ORDER BY 1, p.start, pg.number";
    const [passages, rebuiltPassages] = both(passageSql.replace("ORDER BY", "JOIN filing_pages pg ON pg.id = p.page_id ORDER BY"));
    expect(passages).toEqual(rebuiltPassages);
    const [matched, rebuiltMatched] = both("SELECT count(*) AS n FROM filing_passage_search WHERE filing_passage_search MATCH 'iphone AND greater AND china'");
    expect(matched).toEqual(rebuiltMatched);
    // Near-duplicate groups, as sets of passage texts (ids differ: the added passages follow the built ones).
    const groupSql = `SELECT w.group_id AS groupId, f.source_name || ':' || substr(t.text, 1, 60) AS member FROM filing_passage_twins w
      JOIN filing_passage_texts t ON t.id = w.passage_id JOIN filing_passages p ON p.id = w.passage_id JOIN filings f ON f.id = p.filing_id`;
    const memberSets = (rows: { groupId: number; member: string }[]) => {
      const byGroup = new Map<number, string[]>();
      for (const { groupId, member } of rows) byGroup.set(groupId, [...(byGroup.get(groupId) ?? []), member]);
      return [...byGroup.values()].map((members) => members.sort().join(" | ")).sort();
    };
    const [groups, rebuiltGroups] = both<{ groupId: number; member: string }>(groupSql).map(memberSets) as [string[], string[]];
    expect(groups.length).toBeGreaterThan(0);
    expect(groups).toEqual(rebuiltGroups);
    const [[counts], [rebuiltCounts]] = both<{ value: string }>("SELECT value FROM meta WHERE key = 'counts'");
    expect(JSON.parse(counts!.value)).toEqual(JSON.parse(rebuiltCounts!.value));
    // Every passage has a vector from the same fit as the queries' term vectors.
    const db = new Database(databasePath, { readonly: true });
    try {
      sqliteVec.load(db);
      expect(db.prepare("SELECT count(*) FROM filing_passages WHERE id NOT IN (SELECT rowid FROM filing_passage_vectors)").pluck().get()).toBe(0);
    } finally {
      db.close();
    }
  }, 300_000);
});

const FILING_COLUMNS = `source, source_name, company_id, company_label, cik, filing_type, fiscal_year, fiscal_period, period_end, report_date, source_url,
  filed_date, filed_earliest, filed_latest, has_pages, page_count, char_count, content_sha256, unreadable_pages, search_label`;
