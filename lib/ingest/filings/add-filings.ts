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
  /** Synced filings already in the index (skipped), and bundled copies the synced ones replaced. */
  alreadyIndexed: number;
  replaced: string[];
  /** Byte-identical copies of filings already indexed (recorded as duplicates, not indexed). */
  duplicates: string[];
  embedding: PassageEmbedding | null;
}

const AnnualRow = z.object({ filingType: z.enum(["10-K", "annual-report"]), periodEnd: z.string().nullable(), reportDate: z.string().nullable(), text: z.string() });

/**
 * Adds synced filings to a built database without rebuilding it (`npm run sync -- filings`): the
 * ones not yet indexed are indexed as the build would (lib/ingest/filings/filings-stage.ts
 * `indexDocuments`), after the bundled copies they replace are removed; their companies'
 * near-duplicate groups are found again (groups never cross companies), the common-term counts
 * recounted, and the new passages embedded with the corpus model's current fit, or the model
 * fitted again once the corpus has grown enough (embeddings-stage.ts `LSA_REFIT_GROWTH`).
 *
 * What differs from a rebuild: passage ids follow the last ones (a company's filings are no longer
 * one id range), and the text repair of the new filings learns its vocabulary from them alone.
 */
export function addSyncedFilings(db: Database.Database, paths: BundledPaths, synced: readonly SyncedFiling[], progress: Progress): AddedFilings {
  sqliteVec.load(db);
  const fresh = unindexedFilings(db, synced);
  const alreadyIndexed = synced.length - fresh.length;
  if (fresh.length === 0) return { filings: 0, passages: 0, alreadyIndexed, replaced: [], duplicates: [], embedding: null };

  const replaced = removeBundledCopies(db, [...replacedEdgartoolsNames(fresh)]);
  if (replaced.names.length > 0) progress(`filings: ${replaced.names.length} bundled copies of synced filings removed`);
  const documents = fresh.map(syncedDocument);
  const nextId = (table: string) => SqlCount.parse(db.prepare(`SELECT coalesce(max(id), 0) + 1 FROM ${table}`).pluck().get());
  const firstPassageId = nextId("filing_passages");
  const write = prepareFilingWrites(db, firstPassageId);
  const annual = db.prepare(`
    SELECT f.filing_type AS filingType, f.period_end AS periodEnd, f.report_date AS reportDate, group_concat(pg.text, char(10)) AS text
    FROM filings f JOIN filing_pages pg ON pg.filing_id = f.id
    WHERE f.company_id = ? AND f.filing_type IN ('10-K', 'annual-report') GROUP BY f.id`);
  const batch = indexDocuments(db, paths, documents, write, {
    nextFilingId: nextId("filings"),
    annualFilings: (companyId) => AnnualRow.array().parse(annual.all(companyId)).map((row): CoverFacts => ({ ...row, headline: null, labelText: row.text })),
  }, progress);
  const twins = write.twins(new Set([...batch.companyIds, ...replaced.companyIds]));
  progress(`filings: the new filings' companies have ${twins.passages} passages repeated near-verbatim (${twins.groups} groups)`);
  db.exec(`DROP TABLE filing_term_stats; ${FILING_TERM_STATS}`);
  const embedding = batch.passages > 0 ? embedNewPassages(db, firstPassageId, progress) : null;

  const edgarFilings = SqlCount.parse(db.prepare("SELECT count(*) FROM filings WHERE source = 'edgar'").pluck().get());
  const sources = z.record(z.string(), z.string()).parse(JSON.parse(z.string().parse(db.prepare("SELECT value FROM meta WHERE key = 'sources'").pluck().get())));
  const meta = db.prepare("INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)");
  meta.run("sources", JSON.stringify({ ...sources, filings: filingsSource(edgarFilings) }));
  meta.run("counts", JSON.stringify(tableCounts(db)));
  return { filings: batch.filings, passages: batch.passages, alreadyIndexed, replaced: replaced.names, duplicates: batch.duplicates, embedding };
}

/** The synced filings the database has not indexed yet. */
export function unindexedFilings(db: Database.Database, synced: readonly SyncedFiling[]): SyncedFiling[] {
  const indexed = new Set(z.string().array().parse(db.prepare("SELECT source_name FROM filings WHERE source = 'edgar'").pluck().all()));
  return synced.filter((filing) => !indexed.has(syncedDocument(filing).sourceName));
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
