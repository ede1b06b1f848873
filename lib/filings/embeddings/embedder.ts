/**
 * Turns texts into vectors for the vector leg of filing search. Passages in the database were
 * embedded by one embedder (its id is in `meta.embedding_model`); queries must use the same one.
 */
export interface Embedder {
  /** Names the model; a vector index built by another embedder cannot be searched with this one. */
  readonly id: string;
  readonly dimensions: number;
  /** One unit-length vector per text. Rejects on failure; gives up when `signal` aborts. */
  embed(texts: string[], signal?: AbortSignal): Promise<Float32Array[]>;
}

/** The embedding provider failed or timed out (the search maps this to 502, or to keyword-only). */
export class EmbeddingError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "EmbeddingError";
  }
}
