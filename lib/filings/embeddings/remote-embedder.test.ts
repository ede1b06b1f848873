import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type EmbeddingsEndpoint, startEmbeddingsEndpoint } from "@/test/support/filings/embeddings-endpoint";
import { EmbeddingError } from "./embedder";
import { RemoteEmbedder } from "./remote-embedder";

/** A real OpenAI-compatible endpoint on loopback (the provider's true outside boundary). */
let endpoint: EmbeddingsEndpoint;

beforeAll(async () => {
  endpoint = await startEmbeddingsEndpoint(4);
});
afterAll(() => endpoint.close());

const embedder = () => new RemoteEmbedder({ url: endpoint.url, model: "test-model", apiKey: "secret", dimensions: 4 });

describe("RemoteEmbedder", () => {
  it("posts the texts to /embeddings and returns unit vectors in input order", async () => {
    endpoint.behaviour = "ok";
    const [a, b] = await embedder().embed(["ab", "abcd"]);
    expect(endpoint.requests.at(-1)).toEqual({ auth: "Bearer secret", body: { model: "test-model", input: ["ab", "abcd"] } });
    const norm = (v: Float32Array) => Math.hypot(...v);
    expect(norm(a!)).toBeCloseTo(1, 5);
    expect(a![0]! / a![3]!).toBeCloseTo(2 / 5, 5);
    expect(b![0]! / b![3]!).toBeCloseTo(4 / 7, 5);
    expect(embedder().id).toBe("openai-compatible:test-model");
  });

  it.each([
    ["error", /answered 500/],
    ["wrong-size", /not 4 numbers/],
    ["not-json", /did not answer JSON/],
  ] as const)("rejects a %s answer with an EmbeddingError", async (mode, message) => {
    endpoint.behaviour = mode;
    const error = await embedder().embed(["x"]).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EmbeddingError);
    expect((error as Error).message).toMatch(message);
  });

  it("gives up when the signal aborts", async () => {
    // The slow endpoint's eventual answer is empty, which would fail differently: the error says the request was cut off.
    endpoint.behaviour = "slow";
    const error = await embedder().embed(["x"], AbortSignal.timeout(100)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EmbeddingError);
    expect(String(error)).toMatch(/cannot reach .*(aborted|timeout)/i);
  });

  it("reports an unreachable endpoint", async () => {
    const closed = new RemoteEmbedder({ url: "http://127.0.0.1:9/v1", model: "m", dimensions: 4 });
    await expect(closed.embed(["x"])).rejects.toThrow(/cannot reach/);
  });
});
