import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { SyncedFiling } from "@/lib/ingest/filings/filing-sources";
import { SyncError } from "./sync-error";

/**
 * The filings `npm run sync -- filings` keeps (`var/filings/records/<cik>/<accession>.json`): one
 * file per filing with its text and its own metadata, read by every rebuild beside the bundled
 * filings. A filing with a record is not fetched again.
 */

/** A record is a synced filing as the build reads it (lib/ingest/filings/filing-sources.ts). */
export const FilingRecord = SyncedFiling;
export type FilingRecord = SyncedFiling;

const recordsDir = (dir: string) => path.join(dir, "records");
export const recordFile = (dir: string, filing: { cik: number; accession: string }) => path.join(recordsDir(dir), String(filing.cik), `${filing.accession}.json`);

/** Written whole or not at all: an interrupted run leaves no half record. */
export function writeFilingRecord(dir: string, record: FilingRecord): void {
  const file = recordFile(dir, record);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(`${file}.part`, JSON.stringify(record));
  renameSync(`${file}.part`, file);
}

/** The record files under `dir` with the accession each is named after, in accession order; none when the sync never ran. */
export function recordFiles(dir: string): { accession: string; file: string }[] {
  const root = recordsDir(dir);
  if (!existsSync(root)) return [];
  return readdirSync(root)
    .flatMap((cik) =>
      readdirSync(path.join(root, cik))
        .filter((name) => name.endsWith(".json"))
        .map((name) => ({ accession: name.slice(0, -".json".length), file: path.join(root, cik, name) })),
    )
    .sort((a, b) => (a.accession < b.accession ? -1 : a.accession > b.accession ? 1 : 0));
}

export function readFilingRecord(file: string): FilingRecord {
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(file, "utf8"));
  } catch (error) {
    throw new SyncError(`${file}: not a filing record (${(error as Error).message}); delete it to fetch the filing again`);
  }
  const parsed = FilingRecord.safeParse(json);
  if (!parsed.success) throw new SyncError(`${file}: not a filing record (${parsed.error.issues[0]!.message}); delete it to fetch the filing again`);
  return parsed.data;
}

/** Every record under `dir`, oldest filing first (a build reads them all at once). */
export function readFilingRecords(dir: string): FilingRecord[] {
  const records = recordFiles(dir).map(({ file }) => readFilingRecord(file));
  return records.sort((a, b) => (a.filed < b.filed ? -1 : a.filed > b.filed ? 1 : a.accession < b.accession ? -1 : 1));
}
