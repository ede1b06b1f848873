import type Database from "better-sqlite3";
import { z } from "zod";
import { SqlBlob } from "@/lib/db/sql-rows";
import { queryTopicText } from "../query-text";
import { embedWithLsa } from "./lsa-model";
import { type Embedder, EmbeddingError } from "./embedder";

export const CORPUS_EMBEDDER_ID = "corpus-lsa-v1";

const TermRow = z.object({ idf: z.number(), vector: SqlBlob }).optional();

interface TermEntry {
  idf: number;
  vector: Float32Array;
}

/**
 * The default embedder: the LSA model the ingest fitted on the filings themselves (no download).
 * Term vectors are read from the database as a query needs them and kept. It embeds queries only
 * (the ingest embeds the passages with the model itself): it reads them as the keyword leg does.
 */
export class CorpusEmbedder implements Embedder {
  readonly id = CORPUS_EMBEDDER_ID;
  private readonly cache = new Map<string, TermEntry | null>();
  private readonly lookupTerm: Database.Statement;

  constructor(
    db: Database.Database,
    readonly dimensions: number,
  ) {
    try {
      this.lookupTerm = db.prepare("SELECT idf, vector FROM filing_embedding_terms WHERE term = ?");
    } catch (error) {
      throw new EmbeddingError(`the corpus embedding model is missing from the database (${(error as Error).message}); run \`npm run ingest\``);
    }
  }

  /** A term's IDF and latent vector in the fitted model; undefined for a term the fit left out. */
  termVector(term: string): TermEntry | undefined {
    let entry = this.cache.get(term);
    if (entry === undefined) {
      const row = TermRow.parse(this.lookupTerm.get(term));
      entry = row ? { idf: row.idf, vector: new Float32Array(row.vector.buffer.slice(row.vector.byteOffset, row.vector.byteOffset + row.vector.byteLength)) } : null;
      if (this.cache.size < 100_000) this.cache.set(term, entry);
    }
    return entry ?? undefined;
  }

  async embed(texts: string[]): Promise<Float32Array[]> {
    // A query is embedded from its topic words, as the keyword leg searches them: an analyst's
    // phrasing ("give a response relying on the details shown") is not what the passages are about.
    return texts.map((text) => embedWithLsa(queryTopicText(text), (t) => this.termVector(t), this.dimensions));
  }
}
