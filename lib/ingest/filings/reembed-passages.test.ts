import { type Server, createServer } from "node:http";
import type { AddressInfo } from "node:net";
import Database from "better-sqlite3";
import * as sqliteVec from "sqlite-vec";
import { afterAll, beforeAll, expect, it } from "vitest";
import { embedderFromEnv } from "@/lib/filings/embeddings/embedder-from-env";
import { RemoteEmbedder } from "@/lib/filings/embeddings/remote-embedder";
import { createFilingsTestDatabase } from "@/test/support/filings/filings-database";
import { SAMPLE_COMPANIES, SAMPLE_FILINGS } from "@/test/support/filings/sample-filings";
import { silentProgress } from "../progress";
import { reembedPassages } from "./reembed-passages";

/** An OpenAI-compatible endpoint on loopback giving 3-wide vectors from letter counts. */
let server: Server;
let base: string;
beforeAll(async () => {
  server = createServer((request, response) => {
    let raw = "";
    request.on("data", (c: Buffer) => (raw += c.toString()));
    request.on("end", () => {
      const { input } = JSON.parse(raw) as { input: string[] };
      const data = input.map((text, index) => ({ index, embedding: [1 + (text.match(/a/g)?.length ?? 0), 1 + (text.match(/e/g)?.length ?? 0), 1] }));
      response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ data }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

it("re-embeds every passage with another provider, on a copy renamed into place", async () => {
  const test = createFilingsTestDatabase(SAMPLE_COMPANIES, SAMPLE_FILINGS);
  const passages = test.db.prepare("SELECT count(*) FROM filing_passages").pluck().get() as number;
  test.db.close();
  const remote = (dimensions: number) => new RemoteEmbedder({ url: base, model: "letters", dimensions });
  expect(await reembedPassages(test.path, remote(0), remote, silentProgress)).toBe(passages);

  const db = new Database(test.path, { readonly: true });
  sqliteVec.load(db);
  expect(JSON.parse(db.prepare("SELECT value FROM meta WHERE key = 'embedding_model'").pluck().get() as string)).toEqual({ id: "openai-compatible:letters", dimensions: 3 });
  expect(db.prepare("SELECT count(*) FROM filing_passage_vectors").pluck().get()).toBe(passages);
  // The default embedder no longer fits the index: queries would land in another vector space.
  const mismatch = embedderFromEnv(db, { id: "openai-compatible:letters", dimensions: 3 });
  await expect(mismatch.embed(["x"])).rejects.toThrow(/embedded with openai-compatible:letters/);
  db.close();
  test.close();
});
