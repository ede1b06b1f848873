import { existsSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { type Embedder, EmbeddingError } from "./embedder";
import { normalise } from "./term-weights";

/** The files a transformers.js (ONNX) sentence-embedding model directory must hold. */
export const MODEL_FILES = {
  config: "config.json",
  tokenizer: ["tokenizer.json", "tokenizer_config.json"],
  weights: ["onnx/model.onnx", "onnx/model_quantized.onnx"],
} as const;

export interface ModelDirectory {
  dir: string;
  name: string;
  /** `onnx/model_quantized.onnx` is used when it is the only weights file. */
  quantized: boolean;
  dimensions: number | null;
}

/** Checks a model directory before anything loads it; the error names what is missing. */
export function validateModelDirectory(dir: string): ModelDirectory {
  if (!existsSync(dir) || !statSync(dir).isDirectory()) throw new EmbeddingError(`EMBEDDING_MODEL_DIR ${dir} is not a directory`);
  const configPath = path.join(/*turbopackIgnore: true*/ dir, MODEL_FILES.config);
  if (!existsSync(configPath)) throw new EmbeddingError(`EMBEDDING_MODEL_DIR ${dir} has no ${MODEL_FILES.config}`);
  let config: { hidden_size?: unknown; _name_or_path?: unknown };
  try {
    config = JSON.parse(readFileSync(configPath, "utf8")) as typeof config;
  } catch {
    throw new EmbeddingError(`${configPath} is not valid JSON`);
  }
  if (!MODEL_FILES.tokenizer.some((f) => existsSync(path.join(/*turbopackIgnore: true*/ dir, f)))) {
    throw new EmbeddingError(`EMBEDDING_MODEL_DIR ${dir} has no tokenizer (${MODEL_FILES.tokenizer.join(" or ")})`);
  }
  const weights = MODEL_FILES.weights.filter((f) => existsSync(path.join(/*turbopackIgnore: true*/ dir, f)));
  if (weights.length === 0) throw new EmbeddingError(`EMBEDDING_MODEL_DIR ${dir} has no ONNX weights (${MODEL_FILES.weights.join(" or ")})`);
  return {
    dir,
    name: typeof config._name_or_path === "string" && config._name_or_path ? config._name_or_path : path.basename(dir),
    quantized: !weights.includes("onnx/model.onnx"),
    dimensions: typeof config.hidden_size === "number" ? config.hidden_size : null,
  };
}

export const localEmbedderId = (model: ModelDirectory) => `local:${model.name}`;

type FeatureExtractor = (texts: string[], options: { pooling: "mean"; normalize: boolean }) => Promise<{ data: Float32Array; dims: number[] }>;

/**
 * A sentence-embedding model from a local directory, run by transformers.js on ONNX Runtime.
 * `@huggingface/transformers` is an optional dependency (its ONNX runtime downloads binaries on
 * install, which this project's offline machines cannot): install it to use this provider.
 */
export class LocalModelEmbedder implements Embedder {
  readonly id: string;
  private extractor: Promise<FeatureExtractor> | undefined;

  /** `dimensions` 0 accepts the model's own width (to learn it before indexing). */
  constructor(
    private readonly model: ModelDirectory,
    readonly dimensions: number,
  ) {
    this.id = localEmbedderId(model);
  }

  private load(): Promise<FeatureExtractor> {
    this.extractor ??= (async () => {
      const moduleName = "@huggingface/transformers";
      let transformers: { pipeline: (task: string, model: string, options: object) => Promise<FeatureExtractor>; env: Record<string, unknown> };
      try {
        transformers = (await import(/* webpackIgnore: true */ /* turbopackIgnore: true */ moduleName)) as typeof transformers;
      } catch {
        throw new EmbeddingError("EMBEDDING_MODEL_DIR is set but @huggingface/transformers is not installed (see docs/search.md, Embeddings and the vector leg)");
      }
      transformers.env.allowRemoteModels = false;
      transformers.env.localModelPath = path.dirname(this.model.dir);
      return transformers.pipeline("feature-extraction", path.basename(this.model.dir), { dtype: this.model.quantized ? "q8" : "fp32" });
    })();
    this.extractor.catch(() => (this.extractor = undefined));
    return this.extractor;
  }

  async embed(texts: string[]): Promise<Float32Array[]> {
    const extract = await this.load();
    const output = await extract(texts, { pooling: "mean", normalize: true });
    const width = output.dims.at(-1) ?? 0;
    if (this.dimensions > 0 && width !== this.dimensions) throw new EmbeddingError(`the model gives ${width} dimensions, the passage index has ${this.dimensions}`);
    return texts.map((_, i) => normalise(output.data.slice(i * width, (i + 1) * width)));
  }
}
