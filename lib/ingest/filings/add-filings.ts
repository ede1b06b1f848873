import type Database from "better-sqlite3";
import * as sqliteVec from "sqlite-vec";
import { z } from "zod";
import { FILING_TERM_STATS } from "@/lib/db/filings-schema";
import { SqlCount, SqlId } from "@/lib/db/sql-rows";
import type { BundledPaths } from "../bundled-paths";
import { filingsSource, tableCounts } from "../build-database";
import type { Progress } from "../progress";
import { type PassageEmbedding, embedNewPassages } from "./embeddings-stage";
import type { CoverFacts } from "./filing-metadata";
import { type SyncedFiling, replacedEdgartoolsNames, syncedDocument } from "./filing-sources";
import { prepareFilingWrites } from "./filing-writes";
import { indexDocuments } from "./filings-stage";

export interface AddedFilings {
  /** Filings indexed, and their passages. */
  filings: number;
  passages: number;
  /** Bundled copies the synced filings replaced. */
  replacedBundled: string[];
  /** Byte-identical copies of filings already indexed (recorded as duplicates, not indexed). */
  duplicates: string[];
  embedding: PassageEmbedding | null;
}

/** Synced filings read and indexed at a time: a whole-market sync never holds every record's text. */
export const ADD_BATCH_FILINGS = 200;

const AnnualRow = z.object({ filingType: z.enum(["10-K", "annual-report"]), periodEnd: z.string().nullable(), reportDate: z.string().nullable(), text: z.string() });
const ACCESSION_AT_END = /(\d{10}-\d{2}-\d{6})$/;

/**
 * The accessions of the synced filings the database holds: indexed, or recorded as byte copies of
 * an indexed filing (their source names end with the accession).
 */
export function indexedAccessions(db: Database.Database): Set<string> {
  const names = z.string().array().parse(db.prepare("SELECT source_name FROM filings WHERE source = 'edgar' UNION ALL SELECT source_name FROM filing_duplicates").pluck().all());
  return new Set(names.flatMap((name) => ACCESSION_AT_END.exec(name)?.[1] ?? []));
}

/**
 * Adds synced filings to a built database without rebuilding it (`npm run sync -- filings`), a
 * batch at a time: each batch's bundled copies are removed, its filings indexed as the build
 * indexes them (lib/ingest/filings/filings-stage.ts `indexDocuments`), and its companies'
 * near-duplicate groups found again (groups never cross companies). Then the common-term counts
 * are recounted and the new passages embedded with the corpus model's current fit, or the model
 * fitted again once the corpus has grown enough (embeddings-stage.ts `LSA_REFIT_GROWTH`).
 *
 * What differs from a rebuild with the same records: passage ids follow the last ones (a
 * company's filings are no longer one id range); the new filings' text repair learns its
 * vocabulary from their batch, and their fiscal calendar from their company's annual filings
 * indexed so far, while a rebuild learns both from every document, so it may also relabel a
 * bundled filing's fiscal year once a synced annual report shows the company's calendar (January
 * and February year ends); and a refit samples the passages in id order.
 */
export function addSyncedFilings(db: Database.Database, paths: BundledPaths, batches: Iterable<readonly SyncedFiling[]>, progress: Progress): AddedFilings {
  sqliteVec.load(db);
  const nextId = (table: string) => SqlCount.parse(db.prepare(`SELECT coalesce(max(id), 0) + 1 FROM ${table}`).pluck().get());
  const firstPassageId = nextId("filing_passages");
  const annual = db.prepare(`
    SELECT f.filing_type AS filingType, f.period_end AS periodEnd, f.report_date AS reportDate,
           (SELECT group_concat(text, char(10)) FROM (SELECT text FROM filing_pages WHERE filing_id = f.id ORDER BY number)) AS text
    FROM filings f WHERE f.company_id = ? AND f.filing_type IN ('10-K', 'annual-report')`);
  const annualFilings = (companyId: number) => AnnualRow.array().parse(annual.all(companyId)).map((row): CoverFacts => ({ ...row, headline: null, labelText: row.text }));
  const added: AddedFilings = { filings: 0, passages: 0, replacedBundled: [], duplicates: [], embedding: null };
  // One writer for the run: its passage ids continue from batch to batch.
  const write = prepareFilingWrites(db, firstPassageId);
  const touched = new Set<number>();
  for (const batch of batches) {
    if (batch.length === 0) continue;
    const replaced = removeBundledCopies(db, [...replacedEdgartoolsNames(batch)]);
    if (replaced.names.length > 0) progress(`filings: ${replaced.names.length} bundled copies of synced filings removed`);
    const indexed = indexDocuments(db, paths, batch.map(syncedDocument), write, { nextFilingId: nextId("filings"), annualFilings }, progress);
    for (const id of [...indexed.companyIds, ...replaced.companyIds]) touched.add(id);
    added.filings += indexed.filings;
    added.passages += indexed.passages;
    added.replacedBundled.push(...replaced.names);
    added.duplicates.push(...indexed.duplicates);
  }
  if (added.filings + added.duplicates.length + added.replacedBundled.length === 0) return added;
  // Once for the run: a company whose filings span batches has its groups found over all of them.
  const twins = write.twins(touched);
  progress(`filings: the new filings' companies have ${twins.passages} passages repeated near-verbatim (${twins.groups} groups)`);
  db.exec(`DROP TABLE filing_term_stats; ${FILING_TERM_STATS}`);
  if (added.passages > 0) added.embedding = embedNewPassages(db, firstPassageId, progress);

  const sources = z.record(z.string(), z.string()).parse(JSON.parse(z.string().parse(db.prepare("SELECT value FROM meta WHERE key = 'sources'").pluck().get())));
  const meta = db.prepare("INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)");
  // As the build counts them: every synced filing, indexed or a duplicate.
  meta.run("sources", JSON.stringify({ ...sources, filings: filingsSource(indexedAccessions(db).size) }));
  meta.run("counts", JSON.stringify(tableCounts(db)));
  meta.run("built_at", new Date().toISOString());
  return added;
}

/** Removes bundled filings (with their pages, sections, passages, index rows and vectors) that synced copies replace. */
function removeBundledCopies(db: Database.Database, names: string[]): { names: string[]; companyIds: number[] } {
  const found = z
    .object({ id: SqlId, name: z.string(), companyId: SqlId.nullable(), first: SqlId.nullable(), last: SqlId.nullable() })
    .array()
    .parse(
      db
        .prepare(
          `SELECT id, source_name AS name, company_id AS companyId, first_passage_id AS first, last_passage_id AS last
           FROM filings WHERE source = 'edgartools' AND source_name IN (SELECT value FROM json_each(?))`,
        )
        .all(JSON.stringify(names)),
    );
  // A filing's passages are one id range (filing_passages has no index on filing_id).
  const passages = "BETWEEN @first AND @last";
  const steps = [
    // The keyword index reads its content through a view: its entries are removed with the values they were made of, before the rows go.
    `INSERT INTO filing_passage_search (filing_passage_search, rowid, text, heading, filing) SELECT 'delete', id, text, heading, filing FROM filing_passage_texts WHERE id ${passages}`,
    `DELETE FROM filing_passage_twins WHERE passage_id ${passages}`,
    `DELETE FROM filing_passages WHERE id ${passages}`,
    "DELETE FROM filing_sections WHERE filing_id = @id",
    "DELETE FROM filing_pages WHERE filing_id = @id",
    "DELETE FROM filing_duplicates WHERE filing_id = @id",
    "DELETE FROM filings WHERE id = @id",
  ].map((sql) => db.prepare(sql));
  // vec0 finds rows by an exact rowid only: a range would scan every vector.
  const vector = db.prepare("DELETE FROM filing_passage_vectors WHERE rowid = ?");
  // The passages go first, so no row is left pointing at a removed page or section; with foreign
  // keys on, each page and section removed would scan every passage for a reference (no index).
  db.pragma("foreign_keys = OFF");
  db.transaction(() => {
    for (const { id, first, last } of found) {
      // A filing without passages (every page unreadable) has no range: 0..-1 matches none.
      const range = { id, first: first ?? 0, last: last ?? -1 };
      for (let passage = range.first; passage <= range.last; passage++) vector.run(BigInt(passage));
      for (const step of steps) step.run(range);
    }
  })();
  db.pragma("foreign_keys = ON");
  return { names: found.map((f) => f.name), companyIds: found.flatMap((f) => (f.companyId === null ? [] : [f.companyId])) };
}
