import { type Embedder, EmbeddingError } from "./embedder";
import { normalise } from "./term-weights";

export interface RemoteEmbedderOptions {
  /** Base URL of an OpenAI-compatible API (`http://localhost:8080/v1`); `/embeddings` is appended. */
  url: string;
  model: string;
  apiKey?: string;
  /** Width of the vectors; 0 accepts the width the endpoint gives (to learn it before indexing). */
  dimensions: number;
}

interface EmbeddingsResponse {
  data?: { index?: number; embedding?: unknown }[];
}

/** An OpenAI-compatible `POST /v1/embeddings` endpoint (OpenAI, vLLM, llama.cpp, Ollama, TEI ...). */
export class RemoteEmbedder implements Embedder {
  readonly id: string;
  readonly dimensions: number;

  constructor(private readonly options: RemoteEmbedderOptions) {
    this.id = remoteEmbedderId(options.model);
    this.dimensions = options.dimensions;
  }

  async embed(texts: string[], signal?: AbortSignal): Promise<Float32Array[]> {
    const endpoint = `${this.options.url.replace(/\/+$/, "")}/embeddings`;
    let response: Response;
    try {
      response = await fetch(endpoint, {
        method: "POST",
        headers: {
          "Content-Type": "application/json",
          ...(this.options.apiKey ? { Authorization: `Bearer ${this.options.apiKey}` } : {}),
        },
        body: JSON.stringify({ model: this.options.model, input: texts }),
        signal,
      });
    } catch (error) {
      throw new EmbeddingError(`cannot reach ${endpoint}: ${(error as Error).message}`);
    }
    if (!response.ok) throw new EmbeddingError(`${endpoint} answered ${response.status}`);
    let body: EmbeddingsResponse;
    try {
      body = (await response.json()) as EmbeddingsResponse;
    } catch {
      throw new EmbeddingError(`${endpoint} did not answer JSON`);
    }
    const data = body.data;
    if (!Array.isArray(data) || data.length !== texts.length) throw new EmbeddingError(`${endpoint} returned ${data?.length ?? "no"} embeddings for ${texts.length} texts`);
    const ordered = [...data].sort((a, b) => (a.index ?? 0) - (b.index ?? 0));
    return ordered.map((item) => {
      const values = item.embedding;
      const width = this.dimensions > 0 ? this.dimensions : ordered.length > 0 && Array.isArray(values) ? values.length : 0;
      if (!Array.isArray(values) || values.length === 0 || values.length !== width || values.some((x) => typeof x !== "number")) {
        throw new EmbeddingError(`${endpoint} returned an embedding that is not ${width || "a list of"} numbers`);
      }
      return normalise(Float32Array.from(values as number[]));
    });
  }
}

export const remoteEmbedderId = (model: string) => `openai-compatible:${model}`;
