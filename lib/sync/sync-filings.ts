import { existsSync, mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { type BuildReport, buildDatabase, databaseExists } from "@/lib/ingest/build-database";
import { bundledPaths } from "@/lib/ingest/bundled-paths";
import { ADD_BATCH_FILINGS, type AddedFilings, addSyncedFilings, indexedAccessions } from "@/lib/ingest/filings/add-filings";
import type { Progress } from "@/lib/ingest/progress";
import { Downloader } from "./downloader";
import {
  type FilingChoice,
  FilingColumns,
  FilingIndex,
  type ListedFiling,
  Submissions,
  chooseFilings,
  earningsExhibit,
  filingFolder,
  listFilings,
  submissionsPath,
} from "./edgar-submissions";
import { type CopyTimings, changeInCopy } from "./database-copy";
import { filingHtmlToText } from "./filing-html";
import { type FilingRecord, readFilingRecord, readFilingRecords, recordFile, recordFiles, writeFilingRecord } from "./filing-records";
import { keptPrices } from "./price-folder";
import { cachedProviderPrices } from "./provider-cache";
import { documentFacts } from "./inline-xbrl-dei";
import { type SecSource, keptSec } from "./sync-sec";
import { SyncError } from "./sync-error";

/**
 * `npm run sync -- filings` (docs/operations.md "Filings from EDGAR"): for each company, its EDGAR
 * submissions, the filings chosen from them (lib/sync/edgar-submissions.ts), each one's primary
 * document (an earnings 8-K's exhibit 99 instead), read as text with the filing's own metadata and
 * kept as one record file per filing (`<dir>/records/<cik>/<accession>.json`). A filing with a
 * record is not fetched again, so a second run adds only new filings and an interrupted one resumes.
 * The records not yet in the database are then added to it without a rebuild; a build (of the sec
 * and prices syncs, or `npm run ingest`) reads them all as a filing source beside the bundled ones.
 */

export interface FilingsSyncOptions extends SecSource {
  /** Where submissions, documents and records go (`var/filings`). */
  dir: string;
  ciks: readonly number[];
  choice: FilingChoice;
  throttleWaitMs?: number;
  progress: Progress;
}

export interface FilingsSyncReport {
  companies: number;
  /** Filings chosen from the submissions, those already recorded, those added by this run. */
  chosen: number;
  alreadyRecorded: number;
  added: { cik: number; accession: string; form: string; filed: string }[];
  /** Filings whose document EDGAR did not have (404), or an 8-K without an exhibit 99: not recorded. */
  missing: { accession: string; reason: string }[];
  bytes: number;
}

const cikName = (cik: number) => `CIK${String(cik).padStart(10, "0")}`;

export async function syncFilings(options: FilingsSyncOptions): Promise<FilingsSyncReport> {
  if (!options.userAgent) throw new SyncError("SEC_USER_AGENT is not set: SEC's fair-access policy requires a name and contact, e.g. SEC_USER_AGENT=\"Example Research admin@example.com\"");
  const report: FilingsSyncReport = { companies: 0, chosen: 0, alreadyRecorded: 0, added: [], missing: [], bytes: 0 };
  const downloader = new Downloader({
    userAgent: options.userAgent,
    requestsPerSecond: options.requestsPerSecond,
    retryBaseMs: options.retryBaseMs,
    throttleWaitMs: options.throttleWaitMs,
    onBytes: (n) => (report.bytes += n),
  });
  const fetchFile = async (base: string, urlPath: string, file: string) => {
    mkdirSync(path.dirname(file), { recursive: true });
    const download = await downloader.download(new URL(urlPath, base).href, file, { optional: true });
    return download.outcome === "absent" ? null : file;
  };
  for (const cik of options.ciks) {
    const file = await fetchFile(options.dataUrl, submissionsPath(cik), path.join(options.dir, "submissions", `${cikName(cik)}.json`));
    if (file === null) {
      report.missing.push({ accession: cikName(cik), reason: "EDGAR has no submissions for this CIK" });
      continue;
    }
    const submissions = parseSubmissions(file);
    report.companies++;
    const filings = [...listFilings(cik, submissions.filings.recent), ...(await olderFilings(submissions, options, fetchFile))];
    const chosen = chooseFilings(filings, options.choice);
    report.chosen += chosen.length;
    for (const filing of chosen) {
      if (existsSync(recordFile(options.dir, filing))) {
        report.alreadyRecorded++;
        continue;
      }
      const record = await fetchRecord(filing, submissions, options, fetchFile);
      if ("missing" in record) {
        report.missing.push({ accession: filing.accession, reason: record.missing });
        continue;
      }
      writeFilingRecord(options.dir, record);
      report.added.push({ cik, accession: filing.accession, form: filing.form, filed: filing.filed });
    }
    options.progress(
      `filings: ${report.companies} of ${options.ciks.length} companies, ${report.added.length} filings added, ${report.alreadyRecorded} already had, ${(report.bytes / 1e6).toFixed(1)} MB`,
    );
  }
  return report;
}

function parseSubmissions(file: string): Submissions {
  const parsed = Submissions.safeParse(JSON.parse(readFileSync(file, "utf8")));
  if (!parsed.success) throw new SyncError(`${file}: not an EDGAR submissions file (${parsed.error.issues[0]!.path.join(".")}: ${parsed.error.issues[0]!.message})`);
  return parsed.data;
}

type FetchFile = (base: string, urlPath: string, file: string) => Promise<string | null>;

/**
 * The filings of the older pages the submissions name, where the years asked reach back past the
 * recent ones (a filer with over 1,000 recent filings, most of them insider forms).
 */
async function olderFilings(submissions: Submissions, options: FilingsSyncOptions, fetchFile: FetchFile): Promise<ListedFiling[]> {
  const recent = submissions.filings.recent.filingDate;
  const earliest = recent.length > 0 ? recent.reduce((a, b) => (a < b ? a : b)) : null;
  if (earliest === null) return [];
  const reach = `${Number(earliest.slice(0, 4)) - options.choice.years - 1}${earliest.slice(4)}`;
  const older: ListedFiling[] = [];
  for (const page of submissions.filings.files.filter((f) => f.filingTo >= reach)) {
    const file = await fetchFile(options.dataUrl, `/submissions/${page.name}`, path.join(options.dir, "submissions", page.name));
    if (file === null) continue;
    const parsed = FilingColumns.safeParse(JSON.parse(readFileSync(file, "utf8")));
    if (!parsed.success) throw new SyncError(`${file}: not an EDGAR submissions page (${parsed.error.issues[0]!.message})`);
    older.push(...listFilings(submissions.cik, parsed.data));
  }
  return older;
}

/** A filing's document fetched and read as a record; `missing` when EDGAR lacks what it needs. */
async function fetchRecord(filing: ListedFiling, submissions: Submissions, options: FilingsSyncOptions, fetchFile: FetchFile): Promise<FilingRecord | { missing: string }> {
  const folder = filingFolder(filing);
  const local = (name: string) => path.join(options.dir, "documents", String(filing.cik), filing.accession, name);
  const primary = await fetchFile(options.archivesUrl, `${folder}${filing.primaryDocument}`, local(filing.primaryDocument));
  if (primary === null) return { missing: `${folder}${filing.primaryDocument}: HTTP 404` };
  const primaryHtml = readFileSync(primary, "utf8");
  let document = filing.primaryDocument;
  let html = primaryHtml;
  if (filing.form === "8-K") {
    const indexFile = await fetchFile(options.archivesUrl, `${folder}index.json`, local("index.json"));
    if (indexFile === null) return { missing: `${folder}index.json: HTTP 404` };
    const index = FilingIndex.safeParse(JSON.parse(readFileSync(indexFile, "utf8")));
    const exhibit = index.success ? earningsExhibit(index.data, filing.primaryDocument) : null;
    if (exhibit === null) return { missing: `${folder}: no exhibit 99 (the earnings release) in the filing's index` };
    const exhibitFile = await fetchFile(options.archivesUrl, `${folder}${exhibit}`, local(exhibit));
    if (exhibitFile === null) return { missing: `${folder}${exhibit}: HTTP 404` };
    document = exhibit;
    html = readFileSync(exhibitFile, "utf8");
  }
  const facts = documentFacts(primaryHtml);
  return {
    cik: filing.cik,
    companyName: submissions.name,
    tickers: submissions.tickers,
    accession: filing.accession,
    form: filing.form,
    filed: filing.filed,
    reportDate: filing.reportDate,
    fiscalYear: facts.fiscalYear,
    fiscalPeriod: facts.fiscalPeriod,
    periodEnd: facts.periodEnd ?? (filing.form === "8-K" ? null : filing.reportDate),
    document,
    url: new URL(`${folder}${document}`, options.archivesUrl).href,
    text: filingHtmlToText(html),
  };
}

export interface FilingsBuildOptions extends FilingsSyncOptions {
  dataDir: string;
  databasePath: string;
  /** What the other syncs keep, taken into the rebuild: `sync sec`'s files, `sync prices`' files and provider bars. */
  secDir: string;
  pricesDir: string;
  providerCacheDir: string;
}

export type FilingsIndexing =
  /** No database yet: one was built with every synced filing. */
  | { kind: "built"; build: BuildReport }
  /**
   * The synced filings the database lacked were added to it in place of a rebuild (`added` null,
   * and the file left alone, when it lacked none); `alreadyIndexed` counts the others.
   */
  | { kind: "added"; added: AddedFilings | null; alreadyIndexed: number; timings: CopyTimings | null };

/**
 * `npm run sync -- filings`: the new filings, then every synced filing the database lacks is added
 * to it (lib/ingest/filings/add-filings.ts), a batch of records read at a time, while the app keeps
 * serving the old file; without a database, one is built with them.
 */
export async function syncFilingsIntoDatabase(options: FilingsBuildOptions): Promise<FilingsSyncReport & { index: FilingsIndexing }> {
  const report = await syncFilings(options);
  if (!databaseExists(options.databasePath)) {
    const records = readFilingRecords(options.dir);
    options.progress(`filings: no database at ${options.databasePath}; building one with the ${records.length} synced filings`);
    const build = buildDatabase({
      dataDir: options.dataDir,
      databasePath: options.databasePath,
      progress: options.progress,
      ...keptSec(options.secDir),
      syncedPrices: await keptPrices(options.pricesDir, options.databasePath, options.progress),
      providerPrices: cachedProviderPrices(options.providerCacheDir),
      syncedFilings: records,
    });
    return { ...report, index: { kind: "built", build } };
  }
  const files = recordFiles(options.dir);
  const served = new Database(options.databasePath, { readonly: true });
  let indexed: Set<string>;
  try {
    indexed = indexedAccessions(served);
  } finally {
    served.close();
  }
  const unindexed = files.filter((f) => !indexed.has(f.accession));
  const alreadyIndexed = files.length - unindexed.length;
  if (unindexed.length === 0) return { ...report, index: { kind: "added", added: null, alreadyIndexed, timings: null } };
  options.progress(`filings: adding ${unindexed.length} synced filings to the database (${alreadyIndexed} already there)`);
  function* batches() {
    for (let start = 0; start < unindexed.length; start += ADD_BATCH_FILINGS) yield unindexed.slice(start, start + ADD_BATCH_FILINGS).map((f) => readFilingRecord(f.file));
  }
  const paths = bundledPaths(options.dataDir);
  // Every record added becomes a filing or a duplicate of one: the copy always changes.
  const { result, timings } = changeInCopy(options.databasePath, "filings", (db) => ({ result: addSyncedFilings(db, paths, batches(), options.progress), changed: true }), options.progress);
  return { ...report, index: { kind: "added", added: result, alreadyIndexed, timings } };
}
