import { type Server, createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EmbeddingError } from "./embedder";
import { RemoteEmbedder } from "./remote-embedder";

/** A real OpenAI-compatible endpoint on loopback (the provider's true outside boundary). */
let server: Server;
let base: string;
const seen: { auth?: string; body: unknown }[] = [];
let behaviour: "ok" | "error" | "wrong-size" | "slow" | "not-json" = "ok";

beforeAll(async () => {
  server = createServer((request, response) => {
    let raw = "";
    request.on("data", (chunk: Buffer) => (raw += chunk.toString()));
    request.on("end", () => {
      const body = JSON.parse(raw) as { input: string[]; model: string };
      seen.push({ auth: request.headers.authorization, body });
      if (request.url !== "/v1/embeddings") return response.writeHead(404).end();
      if (behaviour === "error") return response.writeHead(500).end("boom");
      if (behaviour === "not-json") return response.writeHead(200, { "content-type": "text/plain" }).end("nope");
      if (behaviour === "slow") return setTimeout(() => response.writeHead(200).end("{}"), 2000);
      const width = behaviour === "wrong-size" ? 3 : 4;
      // Answer out of order: the client must order by index.
      const data = body.input.map((text, index) => ({ index, embedding: Array.from({ length: width }, (_, j) => text.length + j) })).reverse();
      response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ object: "list", data, model: body.model }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const embedder = () => new RemoteEmbedder({ url: base, model: "test-model", apiKey: "secret", dimensions: 4 });

describe("RemoteEmbedder", () => {
  it("posts the texts to /embeddings and returns unit vectors in input order", async () => {
    behaviour = "ok";
    const [a, b] = await embedder().embed(["ab", "abcd"]);
    expect(seen.at(-1)).toEqual({ auth: "Bearer secret", body: { model: "test-model", input: ["ab", "abcd"] } });
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
    behaviour = mode;
    const error = await embedder().embed(["x"]).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EmbeddingError);
    expect((error as Error).message).toMatch(message);
  });

  it("gives up when the signal aborts", async () => {
    behaviour = "slow";
    const started = Date.now();
    await expect(embedder().embed(["x"], AbortSignal.timeout(100))).rejects.toBeInstanceOf(EmbeddingError);
    expect(Date.now() - started).toBeLessThan(1500);
  });

  it("reports an unreachable endpoint", async () => {
    const closed = new RemoteEmbedder({ url: "http://127.0.0.1:9/v1", model: "m", dimensions: 4 });
    await expect(closed.embed(["x"])).rejects.toThrow(/cannot reach/);
  });
});
