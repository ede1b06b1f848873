/**
 * `npm run bench:screener`: the fixed suite of screens (bench/support/screener-suite.ts) in-process over
 * the full universe, at the default date (v1) and as of several dates of the as-of range (v2 `as_of`:
 * the point-in-time tables), then over HTTP against the built app: a basic screen against
 * GET /api/v1/screener/options/ in the same run. Judged against the targets of the screener issue
 * (PASS/FAIL each); exits 1 when one is missed. The HTTP target is skipped (not failed) without a build.
 */
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createApiKey } from "@/lib/auth/sqlite-key-store";
import { openApiStateDb } from "@/lib/db/api-state-db";
import { startApp } from "@/test/support/local-servers";
import { AdvancedScreenRequestV2, BasicScreenRequest, BasicScreenRequestV2 } from "@/lib/screener/request-schema";
import { runScreen } from "@/lib/screener/service";
import { queryPool, runQuery } from "@/lib/work/query-pool";
import { BENCH_SCREENS } from "./support/screener-suite";
import { median } from "@/bench/support/median";

const RUNS = 200;
/** As-of dates measured besides the default (v1) one, across the range; the targets hold on every one. */
const AS_OF_DATES = ["2013-12-31", "2014-12-31", "2016-06-30", "2018-09-28", "2020-12-31"] as const;
/** Runs per screen at each as-of date (the default date keeps RUNS). */
const AS_OF_RUNS = 100;
/** Every screen's in-process median must be within its mode's target. */
const IN_PROCESS_TARGET_MS = { basic: 5, advanced: 20 } as const;
/** What running a screen in a query worker adds to running it in process, at the median. */
const WORKER_HOP_TARGET_MS = 1;
/** Over HTTP: the basic screen's median at most this many times GET options' median. */
const HTTP_RATIO_TARGET = 2;

interface Verdict {
  target: string;
  measured: string;
  pass: boolean | null; // null: skipped
}
const verdicts: Verdict[] = [];
const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.95)]!;

function timeIt(fn: () => unknown, runs: number): number[] {
  for (let i = 0; i < 5; i++) fn();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = process.hrtime.bigint();
    fn();
    times.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  return times;
}

const byMode: Record<string, number[]> = { basic: [], advanced: [] };
for (const asOf of [undefined, ...AS_OF_DATES]) {
  const runs = asOf === undefined ? RUNS : AS_OF_RUNS;
  console.log(`In-process ${asOf === undefined ? "at the default date (v1)" : `as of ${asOf}`}, ${runs} runs each (parse + validate + count + page):`);
  for (const screen of BENCH_SCREENS) {
    const schema = screen.mode === "basic" ? BasicScreenRequestV2 : AdvancedScreenRequestV2;
    const body = asOf === undefined ? screen.body : { ...screen.body, as_of: asOf };
    const times = timeIt(() => runScreen(schema.parse(body)), runs);
    const total = runScreen(schema.parse(body)).total;
    byMode[screen.mode]!.push(median(times));
    console.log(`  ${screen.mode.padEnd(8)} ${median(times).toFixed(2).padStart(6)} ms median  ${p95(times).toFixed(2).padStart(6)} ms p95  total ${String(total).padStart(6)}  ${screen.name}`);
  }
}
for (const mode of ["basic", "advanced"] as const) {
  const medians = byMode[mode]!;
  const worst = Math.max(...medians);
  console.log(`${mode} (${1 + AS_OF_DATES.length} dates): median of medians ${median(medians).toFixed(2)} ms, worst median ${worst.toFixed(2)} ms`);
  verdicts.push({
    target: `in-process median of every ${mode} screen on every date ≤ ${IN_PROCESS_TARGET_MS[mode]} ms`,
    measured: `worst ${worst.toFixed(2)} ms`,
    pass: worst <= IN_PROCESS_TARGET_MS[mode],
  });
}

// The same screen in process and through a query worker (lib/work/), interleaved.
{
  const request = BasicScreenRequest.parse(BENCH_SCREENS[1]!.body);
  const direct: number[] = [];
  const viaWorker: number[] = [];
  // The workers load the search index when they start: a query sent meanwhile would spend its deadline waiting.
  while (!queryPool().warm) await new Promise((resolve) => setTimeout(resolve, 50));
  for (let i = 0; i < RUNS + 20; i++) {
    let start = process.hrtime.bigint();
    runScreen(request);
    const d = Number(process.hrtime.bigint() - start) / 1e6;
    start = process.hrtime.bigint();
    await runQuery("screen", request, "bench");
    const w = Number(process.hrtime.bigint() - start) / 1e6;
    if (i < 20) continue; // warm-up: the workers start and open the database
    direct.push(d);
    viaWorker.push(w);
  }
  const hop = median(viaWorker) - median(direct);
  console.log(`
Worker hop: "${BENCH_SCREENS[1]!.name}" in process ${median(direct).toFixed(2)} ms, in a query worker ${median(viaWorker).toFixed(2)} ms (medians); hop ${hop.toFixed(2)} ms`);
  verdicts.push({ target: `query worker hop ≤ ${WORKER_HOP_TARGET_MS} ms at the median`, measured: `${hop.toFixed(2)} ms`, pass: hop <= WORKER_HOP_TARGET_MS });
  await queryPool().close(0);
}

const httpTarget = `HTTP basic screen median ≤ ${HTTP_RATIO_TARGET} × GET options median`;
if (existsSync(".next/BUILD_ID")) {
  // Over HTTP on loopback against the built app: a basic screen and GET options, interleaved so
  // both see the same machine state; the key's tier admits every request.
  const dir = mkdtempSync(path.join(tmpdir(), "bench-screener-"));
  const statePath = path.join(dir, "state.db");
  const tiers = '{"bench": {"minute": 100000000, "day": 100000000}}';
  const key = createApiKey(openApiStateDb(statePath), { name: "bench", tier: "bench" }).key;
  const app = await startApp({ API_STATE_PATH: statePath, RATE_LIMIT_TIERS: tiers, LOG_LEVEL: "silent" });
  const headers = { authorization: `Bearer ${key}`, "content-type": "application/json" };
  const http = async (route: string, body?: unknown) => {
    const start = process.hrtime.bigint();
    const response = await fetch(`${app.url}${route}`, { method: body ? "POST" : "GET", headers, body: body ? JSON.stringify(body) : undefined });
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`${route}: ${response.status}`);
    return Number(process.hrtime.bigint() - start) / 1e6;
  };
  const options: number[] = [];
  const screen: number[] = [];
  const body = BENCH_SCREENS[1]!.body;
  for (let i = 0; i < 300; i++) {
    const o = await http("/api/v1/screener/options/");
    const s = await http("/api/v1/screener/basic/", body);
    if (i < 50) continue; // warm-up
    options.push(o);
    screen.push(s);
  }
  await app.stop();
  rmSync(dir, { recursive: true, force: true });
  const ratio = median(screen) / median(options);
  console.log(
    `\nOver HTTP (250 interleaved requests each after 50 warm-up): GET options median ${median(options).toFixed(2)} ms (p95 ${p95(options).toFixed(2)}), ` +
      `basic screen "${BENCH_SCREENS[1]!.name}" median ${median(screen).toFixed(2)} ms (p95 ${p95(screen).toFixed(2)}); ratio ${ratio.toFixed(2)}`,
  );
  verdicts.push({ target: httpTarget, measured: `ratio ${ratio.toFixed(2)}`, pass: ratio <= HTTP_RATIO_TARGET });
} else {
  console.log("\n(HTTP part skipped: run `npm run build` first.)");
  verdicts.push({ target: httpTarget, measured: "no build", pass: null });
}

console.log("\nTargets:");
for (const { target, measured, pass } of verdicts) console.log(`  ${pass === null ? "SKIP" : pass ? "PASS" : "FAIL"}  ${target} (${measured})`);
if (verdicts.some((v) => v.pass === false)) process.exit(1);
