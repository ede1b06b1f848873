/**
 * `npm run bench:startup`: how soon `npm start` serves its first page with an existing database
 * (target: within 5 seconds), how big the database is, and how long a query worker takes to start
 * from the built bundle (production) and from the sources through tsx (development and tests).
 */
import { existsSync, statSync } from "node:fs";
import path from "node:path";
import { Worker } from "node:worker_threads";
import { env } from "@/lib/env";
import { BUILT_QUERY_WORKER, SOURCE_QUERY_WORKER } from "@/lib/work/query-worker-entry";
import type { WorkerReply } from "@/lib/work/worker-protocol";
import { startApp } from "@/test/support/local-servers";
import { median } from "@/bench/support/median";

const TARGET_MS = 5000;
const RUNS = 3;

if (!existsSync(".next/BUILD_ID") || !existsSync(BUILT_QUERY_WORKER) || !existsSync(env().DATABASE_PATH)) {
  console.log("bench:startup skipped: it needs `npm run build` and a built database (`npm run ingest`).");
  process.exit(0);
}
/** Milliseconds from a worker's start to its `ready` reply and, when it warms up, to `warm`. */
async function workerStart(entry: string, warmUp: boolean): Promise<{ ready: number; warm: number }> {
  const started = performance.now();
  const worker = new Worker(entry, { workerData: { warmUp } });
  const times = { ready: NaN, warm: NaN };
  await new Promise<void>((resolve, reject) => {
    worker.on("error", reject);
    worker.on("message", (reply: WorkerReply) => {
      times[reply.type === "warm" ? "warm" : "ready"] = performance.now() - started;
      if (reply.type === "warm" || (reply.type === "ready" && !warmUp)) resolve();
    });
  });
  await worker.terminate();
  return times;
}

for (const [name, entry] of [
  ["built bundle", BUILT_QUERY_WORKER],
  ["sources through tsx", SOURCE_QUERY_WORKER],
] as const) {
  const runs = [];
  for (let run = 0; run < 5; run++) runs.push(await workerStart(path.resolve(entry), run >= 3));
  const ready = median(runs.map((r) => r.ready));
  const warm = runs.filter((r) => !Number.isNaN(r.warm)).map((r) => r.warm);
  console.log(`query worker from the ${name}: ready in ${ready.toFixed(0)} ms (median of 5), warm in ${warm.map((t) => `${t.toFixed(0)} ms`).join(", ")}`);
}

console.log(`database: ${env().DATABASE_PATH}, ${(statSync(env().DATABASE_PATH).size / 1e6).toFixed(0)} MB`);
const times: number[] = [];
const readyTimes: number[] = [];
for (let run = 0; run < RUNS; run++) {
  const started = performance.now();
  const app = await startApp({}, { warm: false });
  try {
    const response = await fetch(`${app.url}/`);
    const html = await response.text();
    if (!response.ok || !html.includes("What the data covers")) throw new Error(`the landing page answered ${response.status}`);
    times.push(performance.now() - started);
    // Ready for searches: health says 200 once the query workers have warmed up.
    while ((await fetch(`${app.url}/api/health/`)).status !== 200) await new Promise((resolve) => setTimeout(resolve, 50));
    readyTimes.push(performance.now() - started);
  } finally {
    await app.stop();
  }
}
console.log(`ready for searches (health 200) ${readyTimes.map((t) => `${(t / 1000).toFixed(2)} s`).join(", ")} after \`next start\``);
const worst = Math.max(...times);
console.log(`first page served ${times.map((t) => `${(t / 1000).toFixed(2)} s`).join(", ")} after \`next start\` (${RUNS} cold starts)`);
console.log(`${worst <= TARGET_MS ? "PASS" : "FAIL"}: worst ${(worst / 1000).toFixed(2)} s, target ≤ ${TARGET_MS / 1000} s`);
if (worst > TARGET_MS) process.exit(1);
