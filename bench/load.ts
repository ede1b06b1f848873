/**
 * `npm run bench:load`: cheap requests (health, the options, a basic screen) under autocannon,
 * first alone and then while loops send the requests that used to stall the server (a red team's
 * list: every bound at its limit, bodies that stall, 3,000 unknown members, the filing search page
 * with 12 long queries). Prints p50/p99 and throughput of the cheap requests, the stall requests'
 * statuses, and the server's memory (RSS of its process group) before, at peak and after.
 *
 * Target (issue "no request can stall the app"): each cheap request's p99 under load ≤ 3× its
 * p99 alone. Needs `npm run build` and a built database.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { createApiKey } from "@/lib/auth/sqlite-key-store";
import { openApiStateDb } from "@/lib/db/api-state-db";
import { env } from "@/lib/env";
import { startApp } from "@/test/support/local-servers";
import { longSearchPage, STALL_BODIES, stalledBody } from "@/test/support/stall-requests";

if (!existsSync(".next/BUILD_ID") || !existsSync(env().DATABASE_PATH)) {
  console.log("bench:load skipped: it needs `npm run build` and a built database (`npm run ingest`).");
  process.exit(0);
}

const SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 8);
const STALL_LOOPS = 6;
const dir = mkdtempSync(path.join(tmpdir(), "bench-load-"));
const statePath = path.join(dir, "state.db");
const state = openApiStateDb(statePath);
const tier = "bench";
const [cheapKey, ...stallKeys] = Array.from({ length: 1 + STALL_LOOPS }, (_, i) => createApiKey(state, { name: `load ${i}`, tier }).key);
state.close();

const app = await startApp({
  API_STATE_PATH: statePath,
  RATE_LIMIT_TIERS: JSON.stringify({ [tier]: { minute: 100_000_000, day: 100_000_000 } }),
  UI_RATE_LIMIT_PER_MINUTE: "100000000",
  UI_RATE_LIMIT_PER_DAY: "100000000",
});

/** Resident memory of the app's processes, in MB. */
const rssMb = () =>
  execFileSync("ps", ["-o", "rss=", "-g", String(app.processGroup)], { encoding: "utf8" })
    .split("\n")
    .filter(Boolean)
    .reduce((sum, kb) => sum + Number(kb) / 1024, 0);

const auth = { authorization: `Bearer ${cheapKey}`, "content-type": "application/json" };
const CHEAP = [
  { name: "GET /api/health/", path: "/api/health/", method: "GET" as const },
  { name: "GET options", path: "/api/v1/screener/options/", method: "GET" as const, headers: auth },
  { name: "POST basic screen", path: "/api/v1/screener/basic/", method: "POST" as const, headers: auth, body: JSON.stringify({ filters: { sector: { values: ["Health Care"] } }, page: { limit: 25 } }) },
];

async function measureCheap() {
  const results: Record<string, { p50: number; p99: number; rps: number; errors: number }> = {};
  for (const { name, ...request } of CHEAP) {
    const result = await autocannon({ url: `${app.url}${request.path}`, ...request, connections: 4, duration: SECONDS });
    results[name] = { p50: result.latency.p50, p99: result.latency.p99, rps: result.requests.average, errors: result.errors + result.timeouts + result.non2xx };
  }
  return results;
}

// The stall requests (test/support/stall-requests.ts), each loop with a key of its own.
const STALLS: { name: string; send: (key: string) => Promise<number> }[] = [
  { name: "166 one-letter prefixes", send: (key) => postStatus(key, "/api/v1/screener/basic/", STALL_BODIES.onePrefixEach) },
  { name: "costliest accepted screen", send: (key) => postStatus(key, "/api/v1/screener/basic/", STALL_BODIES.costliestScreen) },
  { name: "12 long keyword queries", send: (key) => postStatus(key, "/api/v1/filings/search/", STALL_BODIES.longKeywordSearch) },
  { name: "costliest accepted search", send: (key) => postStatus(key, "/api/v1/filings/search/", STALL_BODIES.costliestSearch) },
  { name: "3,000 unknown members", send: (key) => postStatus(key, "/api/v1/screener/basic/", STALL_BODIES.manyUnknownMembers) },
  { name: "filing search page, 12 queries", send: () => fetch(longSearchPage(app.url)).then(drain) },
  { name: "stalled body", send: (key) => stalledBody(`${app.url}/api/v1/screener/basic/`, key) },
];

async function drain(response: Response): Promise<number> {
  await response.arrayBuffer();
  return response.status;
}

const postStatus = (key: string, route: string, body: unknown) =>
  fetch(`${app.url}${route}`, { method: "POST", headers: { authorization: `Bearer ${key}`, "content-type": "application/json" }, body: JSON.stringify(body) }).then(drain);

const format = (results: Awaited<ReturnType<typeof measureCheap>>) =>
  Object.entries(results)
    .map(([name, r]) => `  ${name.padEnd(20)} p50 ${String(r.p50).padStart(4)} ms  p99 ${String(r.p99).padStart(4)} ms  ${r.rps.toFixed(0).padStart(5)} req/s  errors ${r.errors}`)
    .join("\n");

try {
  // Warm every path once (the first search loads the passage vectors in each worker).
  for (const stall of STALLS.slice(0, -1)) await stall.send(stallKeys[0]!);
  await measureCheap();
  const before = rssMb();
  const alone = await measureCheap();
  console.log(`cheap requests alone (${SECONDS} s each, 4 connections):\n${format(alone)}`);

  let running = true;
  let peak = before;
  const statuses = new Map<string, Map<number, number>>();
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb())), 250);
  const loops = stallKeys.map(async (key, loop) => {
    for (let i = loop; running; i++) {
      const stall = STALLS[i % STALLS.length]!;
      const status = await stall.send(key);
      const counts = statuses.get(stall.name) ?? new Map<number, number>();
      counts.set(status, (counts.get(status) ?? 0) + 1);
      statuses.set(stall.name, counts);
    }
  });
  const loaded = await measureCheap();
  running = false;
  await Promise.all(loops);
  clearInterval(sampler);
  console.log(`\nthe same while ${STALL_LOOPS} loops send the stall requests:\n${format(loaded)}`);
  console.log("\nstall requests answered (status × count):");
  for (const [name, counts] of statuses) console.log(`  ${name.padEnd(32)} ${[...counts].map(([s, n]) => `${s} × ${n}`).join(", ")}`);
  await new Promise((resolve) => setTimeout(resolve, 3000));
  console.log(`\nserver RSS: ${before.toFixed(0)} MB before, ${peak.toFixed(0)} MB at peak, ${rssMb().toFixed(0)} MB after`);

  let failed = false;
  for (const [name, r] of Object.entries(loaded)) {
    const ratio = r.p99 / Math.max(1, alone[name]!.p99);
    const pass = ratio <= 3 && r.errors === 0;
    failed ||= !pass;
    console.log(`${pass ? "PASS" : "FAIL"}: ${name} p99 under load ${r.p99} ms = ${ratio.toFixed(2)}× alone (target ≤ 3×), errors ${r.errors}`);
  }
  if (failed) process.exitCode = 1;
} finally {
  await app.stop();
  rmSync(dir, { recursive: true, force: true });
}
