import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { createApiKey } from "@/lib/auth/sqlite-key-store";
import { openApiStateDb } from "@/lib/db/api-state-db";
import { remoteEmbedderId } from "@/lib/filings/embeddings/remote-embedder";
import { type EmbeddingsEndpoint, startEmbeddingsEndpoint } from "@/test/support/filings/embeddings-endpoint";
import { type TestDatabase, createFilingsTestDatabase } from "@/test/support/filings/filings-database";
import { SAMPLE_COMPANIES, SAMPLE_FILINGS } from "@/test/support/filings/sample-filings";
import { FilingSearchResponseSchema } from "@/lib/filings/search-schema";
import { type AppServer, startApp } from "@/test/support/local-servers";
import { E2E_RATE_LIMIT_TIERS } from "../../playwright.config";
import { problem } from "./support";

// Two more app instances with EMBEDDINGS_URL set to a real OpenAI-compatible endpoint on loopback:
// - `provider`: a small database whose passages are recorded as embedded by that endpoint's model,
//   so every vector leg really calls the endpoint (the failure paths are the provider's own);
// - `mismatch`: the shared database, embedded by the corpus model, so the app refuses to embed
//   queries with another model and never calls the endpoint (the other 502 / fallback path).
test.describe.configure({ mode: "serial", timeout: 120_000 });

const MODEL = "stub-embedder";
const TIMEOUT_MS = 300;
const QUERY = "allowance for loan losses";

let endpoint: EmbeddingsEndpoint;
let database: TestDatabase;
let stateDir: string;
let provider: AppServer;
let mismatch: AppServer;
let key: string;

test.beforeAll(async () => {
  endpoint = await startEmbeddingsEndpoint(8);
  database = createFilingsTestDatabase(SAMPLE_COMPANIES, SAMPLE_FILINGS);
  const dimensions = JSON.parse(database.db.prepare("SELECT value FROM meta WHERE key = 'embedding_model'").pluck().get() as string).dimensions;
  expect(dimensions).toBe(8);
  database.db.prepare("UPDATE meta SET value = ? WHERE key = 'embedding_model'").run(JSON.stringify({ id: remoteEmbedderId(MODEL), dimensions }));
  stateDir = mkdtempSync(path.join(tmpdir(), "embeddings-e2e-"));
  const statePath = path.join(stateDir, "state.db");
  key = createApiKey(openApiStateDb(statePath), { name: "embeddings", tier: "bulk" }).key;
  const settings = {
    API_STATE_PATH: statePath,
    RATE_LIMIT_TIERS: E2E_RATE_LIMIT_TIERS,
    EMBEDDINGS_URL: endpoint.url,
    EMBEDDINGS_MODEL: MODEL,
    EMBEDDINGS_TIMEOUT_MS: String(TIMEOUT_MS),
  };
  // The mismatch instance inherits this process's DATABASE_PATH (the shared database).
  [provider, mismatch] = await Promise.all([startApp({ ...settings, DATABASE_PATH: database.path }), startApp(settings)]);
});

test.afterAll(async () => {
  await Promise.all([provider?.stop(), mismatch?.stop()]);
  await endpoint?.close();
  database?.close();
  if (stateDir) rmSync(stateDir, { recursive: true, force: true });
});

/** POST a filing search; the status and how long the answer took. */
async function search(app: AppServer, body: object) {
  const started = Date.now();
  const response = await fetch(`${app.url}/api/v1/filings/search/`, {
    method: "POST",
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
    body: JSON.stringify({ queries: [QUERY], ...body }),
  });
  return { response, ms: Date.now() - started };
}

async function results(app: AppServer, body: object) {
  const { response } = await search(app, body);
  expect(response.status, JSON.stringify(body)).toBe(200);
  return FilingSearchResponseSchema.parse(await response.json());
}

test("with a working provider, vector search embeds the queries through the endpoint", async () => {
  endpoint.behaviour = "ok";
  const before = endpoint.requests.length;
  const vector = await results(provider, { searchtype: "vector" });
  expect(vector.fallback).toBeNull();
  expect(vector.results.length).toBeGreaterThan(0);
  expect(endpoint.requests.slice(before)).toEqual([{ auth: undefined, body: { model: MODEL, input: [QUERY] } }]);
});

for (const { behaviour, label, reason, waitsMs } of [
  { behaviour: "error", label: "answers 500", reason: /answered 500/, waitsMs: 0 },
  { behaviour: "hang", label: "never answers", reason: new RegExp(`did not answer within ${TIMEOUT_MS} ms`), waitsMs: TIMEOUT_MS },
] as const) {
  test(`a provider that ${label}: vector 502 once the timeout fires, hybrid falls back to keyword, keyword unaffected`, async () => {
    endpoint.behaviour = behaviour;
    const before = endpoint.requests.length;

    const vector = await search(provider, { searchtype: "vector" });
    expect(vector.response.status).toBe(502);
    expect(await problem(vector.response)).toMatchObject({ status: 502, type: "/docs/#problem-backend" });
    expect(vector.ms).toBeGreaterThanOrEqual(waitsMs);
    expect(endpoint.requests.length).toBe(before + 1);

    const keyword = await results(provider, { searchtype: "keyword" });
    expect(keyword.fallback).toBeNull();
    expect(keyword.results.length).toBeGreaterThan(0);
    expect(endpoint.requests.length).toBe(before + 1);

    const hybrid = await results(provider, { searchtype: "hybrid" });
    expect(endpoint.requests.length).toBe(before + 2);
    expect(hybrid.searchtype).toBe("hybrid");
    expect(hybrid.fallback).toEqual({ searchtype: "keyword", reason: expect.stringMatching(reason) });
    expect(hybrid.results).toEqual(keyword.results);
  });
}

test("a provider of another model than the passages': refused before any call, vector 502, hybrid falls back", async () => {
  endpoint.behaviour = "ok";
  const before = endpoint.requests.length;
  const vector = await search(mismatch, { searchtype: "vector" });
  expect(vector.response.status).toBe(502);
  expect((await problem(vector.response)).status).toBe(502);

  const hybrid = await results(mismatch, { searchtype: "hybrid" });
  expect(hybrid.fallback).toEqual({ searchtype: "keyword", reason: expect.stringContaining(`queries would be embedded with ${remoteEmbedderId(MODEL)}`) });
  expect(hybrid.results).toEqual((await results(mismatch, { searchtype: "keyword" })).results);
  expect(hybrid.results.length).toBeGreaterThan(0);
  expect(endpoint.requests.length).toBe(before);
});
