/**
 * `npm run bench:api`: what API-key authentication and rate limiting add to a request.
 *
 * 1. In-process, per request: authenticate (format, checksum, SHA-256, lookup) + one sliding-window
 *    decision, with each store: the SQLite state file (a BEGIN IMMEDIATE transaction; target ≤ 1 ms
 *    median) and PostgreSQL (keys) + Redis (limits) on loopback, started here (target ≤ 2 ms median).
 * 2. In-process, the 401 path for the three kinds of bad key, and the whole route wrapper.
 * 3. Over HTTP, when the app is built: a flood of bad keys against a running instance (autocannon,
 *    in this process, on the same cores), next to the same load with a valid key. These numbers
 *    include Next's own per-request cost and move with whatever else the machine is doing.
 */
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { type ApiServices, createApiServices } from "@/lib/api/api-services";
import { apiRoute } from "@/lib/api/route";
import { generateApiKey } from "@/lib/auth/api-key-format";
import { createApiKey } from "@/lib/auth/sqlite-key-store";
import { openApiStateDb } from "@/lib/db/api-state-db";
import { openPgState } from "@/lib/db/api-state-pg";
import { startApp, startPostgres, startRedis } from "@/test/support/local-servers";
import { STATUS_OPERATION } from "@/test/support/api/status-operation";

const dir = mkdtempSync(path.join(tmpdir(), "bench-api-"));
const statePath = path.join(dir, "state.db");
const db = openApiStateDb(statePath);
// Limits high enough that every request is admitted: the decision is measured, not the refusal.
const BENCH_TIERS = '{"bench": {"minute": 100000000, "day": 100000000}}';
const services = createApiServices({ kind: "sqlite", db }, { tiers: BENCH_TIERS, uiPerMinute: 120 });
const keys = Array.from({ length: 5 }, () => createApiKey(db, { name: "bench", tier: "bench" }).key);
// Other keys in the table, so the lookup is not a one-row search.
for (let i = 0; i < 2000; i++) createApiKey(db, { name: "filler", tier: "starter" });
const windows = services.tiers.get("bench")!;

function summary(samplesMs: number[]) {
  const sorted = [...samplesMs].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))]!;
  return `median ${at(0.5).toFixed(3)} ms  p95 ${at(0.95).toFixed(3)} ms  p99 ${at(0.99).toFixed(3)} ms  (n=${sorted.length})`;
}

async function timeEach(runs: number, fn: (i: number) => unknown): Promise<number[]> {
  for (let i = 0; i < Math.min(500, runs); i++) await fn(i);
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = process.hrtime.bigint();
    await fn(i);
    samples.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  return samples;
}

// 1. Authentication + rate limiting. 5 keys x 1,000 requests: each key ends with 1,000 requests in
// its 24-hour window, the most a starter key can hold.
async function authAndLimit(title: string, on: ApiServices, bearer: string[]) {
  const samples = await timeEach(5000, async (i) => {
    const key = (await on.authenticate(`Bearer ${bearer[i % bearer.length]}`))!;
    await on.limiter.consume(`key:${key.keyId}`, windows, Date.now());
  });
  console.log(`auth + rate limit, admitted, ${title.padEnd(17)} ${summary(samples)}`);
}
await authAndLimit("SQLite:", services, keys);

// The shared stores: keys in PostgreSQL, limits in Redis (the deployment of docs/operations.md "Several instances") or in PostgreSQL too.
const [postgres, redis] = await Promise.all([startPostgres(), startRedis()]);
const pg = openPgState(postgres.url);
const withRedis = createApiServices({ kind: "postgres", pg }, { redisUrl: redis.url, tiers: BENCH_TIERS, uiPerMinute: 120 });
const pgOnly = createApiServices({ kind: "postgres", pg }, { tiers: BENCH_TIERS, uiPerMinute: 120 });
const sharedKeys = await Promise.all(Array.from({ length: 5 }, async () => (await withRedis.keys.create({ name: "bench", tier: "bench" })).key));
for (let i = 0; i < 2000; i++) await withRedis.keys.create({ name: "filler", tier: "starter" });
await authAndLimit("PostgreSQL+Redis:", withRedis, sharedKeys);
await authAndLimit("PostgreSQL only:", pgOnly, sharedKeys);
await withRedis.close();
await pg.close();
await Promise.all([postgres.stop(), redis.stop()]);

// 2. The 401 path: nothing is counted, nothing is written.
const valid = generateApiKey();
const badKeys = {
  "malformed (format)": () => "Bearer sk-live-0123456789",
  "mistyped (checksum)": () => `Bearer ${valid.slice(0, -1)}${valid.endsWith("a") ? "b" : "a"}`,
  "well-formed, unknown (lookup)": () => `Bearer ${generateApiKey()}`,
};
for (const [kind, header] of Object.entries(badKeys)) {
  const headers = Array.from({ length: 20000 }, header);
  const samples = await timeEach(20000, (i) => services.authenticate(headers[i]!));
  console.log(`401 path, ${kind.padEnd(30)} ${summary(samples)}`);
}

// The whole wrapper around a trivial GET: request id, CORS, auth, limit, JSON, ETag, log line.
process.env.LOG_LEVEL = "silent";
const route = apiRoute(STATUS_OPERATION, () => ({ ok: true }), () => services);
const url = `http://localhost${STATUS_OPERATION.path}`;
const wrapped = await timeEach(5000, (i) => route.GET(new Request(url, { headers: { authorization: `Bearer ${keys[i % keys.length]}` } })));
console.log(`whole wrapper, 200:                      ${summary(wrapped)}`);
const refused = await timeEach(5000, () => route.GET(new Request(url, { headers: { authorization: `Bearer ${generateApiKey()}` } })));
console.log(`whole wrapper, 401 (unknown key):        ${summary(refused)}`);

// 3. Over HTTP against the built app.
async function flood(title: string, target: string, authorization: () => string, duration = 5, quiet = false) {
  const result = await autocannon({
    url: target,
    connections: 20,
    duration,
    requests: [{ setupRequest: (request) => ({ ...request, headers: { ...request.headers, authorization: authorization() } }) }],
  });
  if (quiet) return;
  const statuses = Object.entries(result.statusCodeStats ?? {}).map(([code, { count }]) => `${code}: ${count}`).join(", ");
  console.log(`HTTP ${title.padEnd(30)} ${Math.round(result.requests.average)} req/s  latency p50 ${result.latency.p50} ms  p99 ${result.latency.p99} ms  (${statuses})`);
}

if (existsSync(".next/BUILD_ID") && existsSync(process.env.DATABASE_PATH ?? "var/screener.db")) {
  // Every bad key is checked (no failed-authentication throttle): the 401 path is what is measured.
  const app = await startApp({ API_STATE_PATH: statePath, RATE_LIMIT_TIERS: BENCH_TIERS, LOG_LEVEL: "silent", AUTH_FAILURES_PER_MINUTE: "1000000000" });
  const target = `${app.url}/api/v1/screener/options/`;
  // Keys made up front, so the load generator (same 2 cores) does not pay for them during the run.
  const unknown = Array.from({ length: 5000 }, () => `Bearer ${generateApiKey()}`);
  let next = 0;
  const floods: [string, () => string][] = [
    ["flood of malformed keys (401)", () => "Bearer nope"],
    ["flood of unknown keys (401)", () => unknown[next++ % unknown.length]!],
    ["valid key (200)", () => `Bearer ${keys[0]}`],
  ];
  console.log(`\nOver HTTP (next start, 20 connections, 5 s each, after 2 s of warm-up each), GET /api/v1/screener/options/:`);
  for (const [title, authorization] of floods) await flood(title, target, authorization, 2, true);
  for (const [title, authorization] of floods) await flood(title, target, authorization);
  await app.stop();
} else {
  console.log("\n(HTTP flood skipped: run `npm run build` and `npm run ingest` first.)");
}

db.close();
rmSync(dir, { recursive: true, force: true });
