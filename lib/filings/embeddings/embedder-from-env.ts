import type Database from "better-sqlite3";
import { env } from "@/lib/env";
import { CorpusEmbedder, CORPUS_EMBEDDER_ID } from "./corpus-embedder";
import { type Embedder, EmbeddingError } from "./embedder";
import { LocalModelEmbedder, validateModelDirectory } from "./local-model-embedder";
import { RemoteEmbedder } from "./remote-embedder";

/** An embedder that cannot be used; every call says why (hybrid search then answers from keywords). */
class UnusableEmbedder implements Embedder {
  constructor(
    readonly id: string,
    readonly dimensions: number,
    private readonly reason: string,
  ) {}

  async embed(): Promise<Float32Array[]> {
    throw new EmbeddingError(this.reason);
  }
}

/**
 * The query embedder the environment selects: `EMBEDDINGS_URL` (an OpenAI-compatible endpoint),
 * else `EMBEDDING_MODEL_DIR` (a local transformers.js model), else the corpus LSA model the ingest
 * built. Queries must be embedded by the model that embedded the passages (`indexed`).
 */
export function embedderFromEnv(db: Database.Database, indexed: { id: string; dimensions: number } | null): Embedder {
  const settings = env();
  if (indexed === null) return new UnusableEmbedder("none", 0, "the database has no passage vectors; run `npm run ingest`");
  let embedder: Embedder;
  try {
    if (settings.EMBEDDINGS_URL) {
      embedder = new RemoteEmbedder({
        url: settings.EMBEDDINGS_URL,
        model: settings.EMBEDDINGS_MODEL ?? "text-embedding-3-small",
        apiKey: settings.EMBEDDINGS_API_KEY,
        dimensions: indexed.dimensions,
      });
    } else if (settings.EMBEDDING_MODEL_DIR) {
      embedder = new LocalModelEmbedder(validateModelDirectory(settings.EMBEDDING_MODEL_DIR), indexed.dimensions);
    } else {
      embedder = new CorpusEmbedder(db, indexed.dimensions);
    }
  } catch (error) {
    if (error instanceof EmbeddingError) return new UnusableEmbedder("unusable", indexed.dimensions, error.message);
    throw error;
  }
  if (embedder.id !== indexed.id) {
    const hint = indexed.id === CORPUS_EMBEDDER_ID ? "run `npm run embed:passages` with the same settings" : "unset the embedding settings or re-embed the passages";
    return new UnusableEmbedder(embedder.id, indexed.dimensions, `the passages were embedded with ${indexed.id}, queries would be embedded with ${embedder.id}; ${hint}`);
  }
  return embedder;
}
