/**
 * `npm run embed:passages`: re-embeds every passage of the built database with the embedding
 * provider the environment selects (EMBEDDINGS_URL or EMBEDDING_MODEL_DIR; see docs/search.md,
 * "Embeddings and the vector leg"). `npm run ingest` goes back to the default corpus model.
 */
import { env } from "@/lib/env";
import { LocalModelEmbedder, validateModelDirectory } from "@/lib/filings/embeddings/local-model-embedder";
import { RemoteEmbedder } from "@/lib/filings/embeddings/remote-embedder";
import { reembedPassages } from "@/lib/ingest/filings/reembed-passages";
import { consoleProgress } from "@/lib/ingest/progress";

const settings = env();
const progress = consoleProgress();
try {
  let count: number;
  if (settings.EMBEDDINGS_URL) {
    const remote = (dimensions: number) =>
      new RemoteEmbedder({ url: settings.EMBEDDINGS_URL!, model: settings.EMBEDDINGS_MODEL ?? "text-embedding-3-small", apiKey: settings.EMBEDDINGS_API_KEY, dimensions });
    count = await reembedPassages(settings.DATABASE_PATH, remote(0), remote, progress);
  } else if (settings.EMBEDDING_MODEL_DIR) {
    const model = validateModelDirectory(settings.EMBEDDING_MODEL_DIR);
    const local = (dimensions: number) => new LocalModelEmbedder(model, dimensions);
    count = await reembedPassages(settings.DATABASE_PATH, local(model.dimensions ?? 0), local, progress);
  } else {
    console.error("Set EMBEDDINGS_URL or EMBEDDING_MODEL_DIR first; `npm run ingest` builds the default corpus model.");
    process.exit(2);
  }
  progress(`done: ${count} passages re-embedded; restart the server`);
} catch (error) {
  console.error(`embed:passages failed: ${(error as Error).message}. The database is unchanged.`);
  process.exit(1);
}
