import { copyFileSync, renameSync, rmSync } from "node:fs";
import Database from "better-sqlite3";
import * as sqliteVec from "sqlite-vec";
import { z } from "zod";
import { SqlId } from "@/lib/db/sql-rows";
import type { Embedder } from "@/lib/filings/embeddings/embedder";
import type { Progress } from "../progress";

const BATCH = 64;
const PassageRow = z.object({ id: SqlId, text: z.string() });

/**
 * Replaces the passage vectors of a built database with those of another embedder (a local model
 * or an OpenAI-compatible endpoint), on a copy that is renamed into place only when complete.
 * `makeEmbedder` gets the width the model turned out to have (probed with one text).
 */
export async function reembedPassages(databasePath: string, probe: Embedder, makeEmbedder: (dimensions: number) => Embedder, progress: Progress): Promise<number> {
  const [sample] = await probe.embed(["probe"]);
  const dimensions = sample?.length ?? 0;
  if (dimensions === 0) throw new Error("the embedding provider returned an empty vector");
  const embedder = makeEmbedder(dimensions);
  const temporary = `${databasePath}.embed-${process.pid}`;
  copyFileSync(databasePath, temporary);
  const db = new Database(temporary);
  try {
    sqliteVec.load(db);
    db.exec(`DROP TABLE filing_passage_vectors;
      CREATE VIRTUAL TABLE filing_passage_vectors USING vec0(embedding float[${dimensions}] distance_metric=cosine);`);
    const passages = PassageRow.array().parse(db.prepare("SELECT id, filing || char(10) || heading || char(10) || text AS text FROM filing_passage_texts ORDER BY id").all());
    const insert = db.prepare("INSERT INTO filing_passage_vectors (rowid, embedding) VALUES (?, ?)");
    for (let start = 0; start < passages.length; start += BATCH) {
      const batch = passages.slice(start, start + BATCH);
      const vectors = await embedder.embed(batch.map((p) => p.text));
      db.transaction(() => batch.forEach((p, i) => insert.run(BigInt(p.id), Buffer.from(vectors[i]!.buffer, vectors[i]!.byteOffset, vectors[i]!.byteLength))))();
      if ((start / BATCH) % 50 === 0) progress(`embedded ${Math.min(start + BATCH, passages.length)} of ${passages.length} passages`);
    }
    db.prepare("UPDATE meta SET value = ? WHERE key = 'embedding_model'").run(JSON.stringify({ id: embedder.id, dimensions }));
    db.close();
    renameSync(temporary, databasePath);
    return passages.length;
  } catch (error) {
    if (db.open) db.close();
    rmSync(temporary, { force: true });
    throw error;
  }
}
