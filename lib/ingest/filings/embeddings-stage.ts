import type Database from "better-sqlite3";
import * as sqliteVec from "sqlite-vec";
import { z } from "zod";
import { SqlCount, SqlId } from "@/lib/db/sql-rows";
import { EmbeddingModel } from "@/lib/filings/filing-search-repository";
import { CORPUS_EMBEDDER_ID, CorpusEmbedder } from "@/lib/filings/embeddings/corpus-embedder";
import type { Progress } from "../progress";
import { LsaOptions, embedWithLsa, fitLsa, LSA_DEFAULTS } from "@/lib/filings/embeddings/lsa-model";

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
    DROP TABLE IF EXISTS filing_embedding_terms;
    DROP TABLE IF EXISTS filing_passage_vectors;
    CREATE TABLE filing_embedding_terms (term TEXT PRIMARY KEY, idf REAL NOT NULL, vector BLOB NOT NULL) WITHOUT ROWID;
    CREATE VIRTUAL TABLE filing_passage_vectors USING vec0(embedding float[${model.dimensions}] distance_metric=cosine);
  `);
  const term = db.prepare("INSERT INTO filing_embedding_terms (term, idf, vector) VALUES (?, ?, ?)");
  const vector = db.prepare("INSERT INTO filing_passage_vectors (rowid, embedding) VALUES (?, ?)");
  const meta = db.prepare("INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)");
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
    meta.run("embedding_model", JSON.stringify({ id: CORPUS_EMBEDDER_ID, dimensions: d, options, passages: passages.length } satisfies z.input<typeof LsaMeta>));
  })();
  progress(`embeddings: stored ${passages.length} passage vectors`);
  return { passages: passages.length, terms: model.terms.length };
}

const LsaMeta = EmbeddingModel.extend({ options: LsaOptions.optional() });

/**
 * The LSA model is fitted again once the corpus holds this many times the passages it was fitted
 * on: until then new passages are embedded with the current fit (their terms' stored vectors, as a
 * query is), and a term the fit never saw adds nothing to their vectors. Refitting re-embeds every
 * passage, which costs what the build's embedding stage costs; doing it at each added filing would
 * make the nightly sync as slow as a rebuild.
 */
export const LSA_REFIT_GROWTH = 1.25;

export type PassageEmbedding =
  | { kind: "folded-in"; passages: number }
  | { kind: "refitted"; passages: number; terms: number }
  /** The vectors come from another embedder (npm run embed:passages): new passages wait for it to run again. */
  | { kind: "left-out"; passages: number; embedder: string };

/**
 * Gives the passages from `firstPassageId` on their vectors, with the same fit as every other
 * passage and the queries: the current LSA fit, or a new one over the whole corpus once it has
 * grown by LSA_REFIT_GROWTH since the last.
 */
export function embedNewPassages(db: Database.Database, firstPassageId: number, progress: Progress): PassageEmbedding {
  sqliteVec.load(db);
  const model = LsaMeta.parse(JSON.parse(z.string().parse(db.prepare("SELECT value FROM meta WHERE key = 'embedding_model'").pluck().get())));
  if (model.id !== CORPUS_EMBEDDER_ID) {
    const count = SqlCount.parse(db.prepare("SELECT count(*) FROM filing_passages WHERE id >= ?").pluck().get(firstPassageId));
    progress(`embeddings: ${count} new passages have no vectors (the stored ones come from ${model.id}); run npm run embed:passages again`);
    return { kind: "left-out", passages: count, embedder: model.id };
  }
  const total = SqlCount.parse(db.prepare("SELECT count(*) FROM filing_passages").pluck().get());
  if (model.passages === undefined || total >= model.passages * LSA_REFIT_GROWTH) {
    progress(`embeddings: the corpus grew to ${total} passages from the ${model.passages ?? "unknown"} the model was fitted on; fitting again`);
    const refit = runEmbeddingsStage(db, progress, model.options ?? LSA_DEFAULTS);
    return { kind: "refitted", ...refit };
  }
  const added = PassageRow.array().parse(db.prepare("SELECT id, text, heading, filing FROM filing_passage_texts WHERE id >= ? ORDER BY id").all(firstPassageId));
  const embedder = new CorpusEmbedder(db, model.dimensions);
  const vector = db.prepare("INSERT INTO filing_passage_vectors (rowid, embedding) VALUES (?, ?)");
  db.transaction(() => {
    for (const p of added) {
      const v = embedWithLsa(lsaInput(p), (term) => embedder.termVector(term), model.dimensions);
      vector.run(BigInt(p.id), Buffer.from(v.buffer, v.byteOffset, v.byteLength));
    }
  })();
  progress(`embeddings: ${added.length} new passages embedded with the model fitted on ${model.passages} passages`);
  return { kind: "folded-in", passages: added.length };
}
