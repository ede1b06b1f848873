import type Database from "better-sqlite3";
import * as sqliteVec from "sqlite-vec";
import { z } from "zod";
import { SqlId } from "@/lib/db/sql-rows";
import { CORPUS_EMBEDDER_ID } from "@/lib/filings/embeddings/corpus-embedder";
import type { Progress } from "../progress";
import { type LsaOptions, fitLsa, LSA_DEFAULTS } from "@/lib/filings/embeddings/lsa-model";

const PassageRow = z.object({ id: SqlId, text: z.string(), heading: z.string(), filing: z.string() });

/**
 * A passage's LSA input: its filing's label, its section and page titles twice, and its text. A
 * title names the passage's topic in a few words; counted twice, its words weigh in the passage's
 * vector about as much as the body's main words (chosen on FinanceBench: once, twice and three
 * times were measured, docs/search.md "What was tried").
 */
export const lsaInput = (passage: { filing: string; heading: string; text: string }) => [passage.filing, passage.heading, passage.heading, passage.text].join("\n");

/**
 * Builds the default embedder (LSA over the passages, see lib/filings/embeddings/lsa-model.ts),
 * stores its term vectors so queries can be embedded at run time, and stores every passage's
 * vector in a sqlite-vec index.
 */
export function runEmbeddingsStage(db: Database.Database, progress: Progress, options: LsaOptions = LSA_DEFAULTS): { passages: number; terms: number } {
  sqliteVec.load(db);
  const passages = PassageRow.array().parse(db.prepare("SELECT id, text, heading, filing FROM filing_passage_texts ORDER BY id").all());
  const started = Date.now();
  const { model, embeddings } = fitLsa(passages.map(lsaInput), options);
  progress(`embeddings: LSA of ${passages.length} passages over ${model.terms.length} terms, ${model.dimensions} dimensions, in ${((Date.now() - started) / 1000).toFixed(1)} s`);

  db.exec(`
    CREATE TABLE filing_embedding_terms (term TEXT PRIMARY KEY, idf REAL NOT NULL, vector BLOB NOT NULL) WITHOUT ROWID;
    CREATE VIRTUAL TABLE filing_passage_vectors USING vec0(embedding float[${model.dimensions}] distance_metric=cosine);
  `);
  const term = db.prepare("INSERT INTO filing_embedding_terms (term, idf, vector) VALUES (?, ?, ?)");
  const vector = db.prepare("INSERT INTO filing_passage_vectors (rowid, embedding) VALUES (?, ?)");
  const meta = db.prepare("INSERT INTO meta (key, value) VALUES (?, ?)");
  const d = model.dimensions;
  db.transaction(() => {
    model.terms.forEach((t, i) => {
      const v = model.termVectors.subarray(i * d, (i + 1) * d);
      term.run(t, model.idf[i]!, Buffer.from(v.buffer, v.byteOffset, v.byteLength));
    });
    passages.forEach((p, i) => {
      const v = embeddings.subarray(i * d, (i + 1) * d);
      vector.run(BigInt(p.id), Buffer.from(v.buffer, v.byteOffset, v.byteLength));
    });
    meta.run("embedding_model", JSON.stringify({ id: CORPUS_EMBEDDER_ID, dimensions: d, options }));
  })();
  progress(`embeddings: stored ${passages.length} passage vectors`);
  return { passages: passages.length, terms: model.terms.length };
}
