import type Database from "better-sqlite3";
import { BackendError, DatabaseUnavailableError } from "@/lib/errors";
import { marketDb } from "@/lib/db/market-db";
import { env } from "@/lib/env";
import type { Embedder } from "../embeddings/embedder";
import { embedderFromEnv } from "../embeddings/embedder-from-env";
import { FilingSearchRepository } from "../filing-search-repository";
import type { CommonWordBounds } from "../query-text";
import { VectorIndex } from "../vector-index";
import type { FusionMethod } from "./fuse-rankings";
import { SEARCH_TUNING } from "./tuning";

/** What a search reads and how: the index's SQL, the query embedder, the passage vectors, and settings. */
export interface SearchBackend {
  repository: FilingSearchRepository;
  embedder: Embedder;
  vectors: () => VectorIndex;
  timeoutMs: number;
  fusion: FusionMethod;
  /** What a request may read of common words and shorthand alternatives (SEARCH_TUNING.commonWords). */
  commonWords: CommonWordBounds;
}

let cached: { db: Database.Database; backend: SearchBackend } | undefined;

/** The backend over the current database (rebuilt when a new database replaces the old one). */
export function defaultSearchBackend(): SearchBackend {
  let db: Database.Database;
  try {
    db = marketDb();
  } catch (error) {
    throw error instanceof DatabaseUnavailableError ? searchIndexUnavailable(error) : error;
  }
  if (cached?.db === db) return cached.backend;
  cached = { db, backend: createSearchBackend(db) };
  return cached.backend;
}

/**
 * A missing database, or one being built, is this operation's 502 (the spec: the backend "did not
 * return a usable result"), with the Retry-After the screener's 503 gives in the same state.
 */
export function searchIndexUnavailable(cause: DatabaseUnavailableError): BackendError {
  return new BackendError(`The filing search index is unavailable: ${cause.message}`, cause.retryAfterSeconds);
}

export function createSearchBackend(
  db: Database.Database,
  embedder?: Embedder,
  fusion: FusionMethod = SEARCH_TUNING.fusion,
  commonWords: CommonWordBounds = SEARCH_TUNING.commonWords,
): SearchBackend {
  let repository: FilingSearchRepository;
  try {
    repository = new FilingSearchRepository(db);
  } catch (error) {
    throw new BackendError(`The filing search index is missing or broken (${(error as Error).message}); rebuild it with \`npm run ingest\`.`);
  }
  const model = repository.embeddingModel();
  let index: VectorIndex | undefined;
  return {
    repository,
    embedder: embedder ?? embedderFromEnv(db, model),
    vectors: () => (index ??= VectorIndex.load(repository, model?.dimensions ?? 0)),
    timeoutMs: env().EMBEDDINGS_TIMEOUT_MS,
    fusion,
    commonWords,
  };
}
