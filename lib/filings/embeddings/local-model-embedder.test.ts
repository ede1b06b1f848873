import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { EmbeddingError } from "./embedder";
import { LocalModelEmbedder, validateModelDirectory } from "./local-model-embedder";

const dirs: string[] = [];
function modelDir(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(tmpdir(), "model-"));
  dirs.push(dir);
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), content);
  }
  return dir;
}
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

const complete = { "config.json": JSON.stringify({ _name_or_path: "sentence-transformers/all-MiniLM-L6-v2", hidden_size: 384 }), "tokenizer.json": "{}", "onnx/model_quantized.onnx": "x" };

describe("validateModelDirectory", () => {
  it("accepts a transformers.js model directory and reads its name and width", () => {
    expect(validateModelDirectory(modelDir(complete))).toMatchObject({ name: "sentence-transformers/all-MiniLM-L6-v2", quantized: true, dimensions: 384 });
  });

  it.each([
    ["a missing directory", null, /is not a directory/],
    ["no config.json", { "tokenizer.json": "{}", "onnx/model.onnx": "x" }, /no config\.json/],
    ["a broken config.json", { "config.json": "{", "tokenizer.json": "{}", "onnx/model.onnx": "x" }, /not valid JSON/],
    ["no tokenizer", { "config.json": "{}", "onnx/model.onnx": "x" }, /no tokenizer/],
    ["no ONNX weights", { "config.json": "{}", "tokenizer.json": "{}" }, /no ONNX weights/],
  ])("rejects %s, saying what is missing", (_, files, message) => {
    const dir = files === null ? path.join(tmpdir(), "no-such-model-dir") : modelDir(files);
    expect(() => validateModelDirectory(dir)).toThrow(EmbeddingError);
    expect(() => validateModelDirectory(dir)).toThrow(message);
  });
});

describe("LocalModelEmbedder", () => {
  it("names the model and says clearly when transformers.js is not installed", async () => {
    const embedder = new LocalModelEmbedder(validateModelDirectory(modelDir(complete)), 384);
    expect(embedder.id).toBe("local:sentence-transformers/all-MiniLM-L6-v2");
    const error = await embedder.embed(["hello"]).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EmbeddingError);
    expect((error as Error).message).toMatch(/@huggingface\/transformers is not installed|ONNX|model/);
  });
});
