/**
 * `npm run bench:starvation`: the red team's two starvation scenarios (issue 34) against an
 * instance with the default pool (one worker per core, at least 2): two callers send the heaviest
 * backtest the schemas accept without pause (two keys; then a key and the UI's backtest endpoint),
 * while a third caller sends basic screens one after another and `/api/health/` is polled every
 * 250 ms. Prints the victim's success rate and latencies, health's, and the attackers' statuses.
 *
 * Targets: every health poll answers within 1 s, and at least 95% of the victim's screens answer
 * 200 (within their deadline; past it the pool answers 503). Exit 1 when missed. Needs `npm run
 * build` and a built database.
 */
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createApiKey } from "@/lib/auth/sqlite-key-store";
import { openApiStateDb } from "@/lib/db/api-state-db";
import { env } from "@/lib/env";
import { startApp } from "@/test/support/local-servers";
import { pageToken } from "@/test/support/page-token";
import { BASIC_SCREEN, HEAVIEST_BACKTEST } from "@/test/support/stall-requests";

if (!existsSync(".next/BUILD_ID") || !existsSync(env().DATABASE_PATH)) {
  console.log("bench:starvation skipped: it needs `npm run build` and a built database (`npm run ingest`).");
  process.exit(0);
}

const SECONDS = Number(process.env.BENCH_STARVATION_SECONDS ?? 30);
const dir = mkdtempSync(path.join(tmpdir(), "bench-starvation-"));
const statePath = path.join(dir, "state.db");
const state = openApiStateDb(statePath);
const tier = "bench";
const [first, second, victimKey] = Array.from({ length: 3 }, (_, i) => createApiKey(state, { name: `starvation ${i}`, tier }).key);
state.close();
const app = await startApp({ API_STATE_PATH: statePath, RATE_LIMIT_TIERS: JSON.stringify({ [tier]: { minute: 1_000_000, day: 1_000_000 } }), UI_RATE_LIMIT_PER_MINUTE: "1000000", UI_RATE_LIMIT_PER_DAY: "1000000" });

const post = (route: string, body: unknown, headers: Record<string, string>) =>
  fetch(`${app.url}${route}`, { method: "POST", headers: { "content-type": "application/json", ...headers }, body: JSON.stringify(body) });
const byKey = (key: string) => () => post("/api/v2/screener/backtest/", HEAVIEST_BACKTEST, { authorization: `Bearer ${key}` });

interface Sample {
  status: number;
  ms: number;
}

async function timed(send: () => Promise<Response>): Promise<Sample> {
  const started = performance.now();
  const response = await send().catch(() => null);
  await response?.arrayBuffer();
  return { status: response?.status ?? 0, ms: performance.now() - started };
}

const quantile = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))] ?? NaN;
const statuses = (samples: Sample[]) =>
  Object.entries(samples.reduce<Record<number, number>>((counts, s) => ({ ...counts, [s.status]: (counts[s.status] ?? 0) + 1 }), {}))
    .map(([status, n]) => `${n} × ${status}`)
    .join(", ");

async function scenario(name: string, attackers: (() => Promise<Response>)[]): Promise<boolean> {
  const until = performance.now() + SECONDS * 1000;
  const attacks: Sample[] = [];
  const victim: Sample[] = [];
  const health: Sample[] = [];
  const loop = async (into: Sample[], send: () => Promise<Response>, pauseMs = 0) => {
    while (performance.now() < until) {
      into.push(await timed(send));
      if (pauseMs > 0) await new Promise((resolve) => setTimeout(resolve, pauseMs));
    }
  };
  await Promise.all([
    ...attackers.map((send) => loop(attacks, send)),
    loop(victim, () => post("/api/v1/screener/basic/", BASIC_SCREEN, { authorization: `Bearer ${victimKey}` })),
    loop(health, () => fetch(`${app.url}/api/health/`), 250),
  ]);
  const served = victim.filter((s) => s.status === 200).length / victim.length;
  const healthMax = Math.max(...health.map((s) => s.ms));
  const healthOk = health.every((s) => s.status === 200);
  const ms = (samples: Sample[]) => `p50 ${quantile(samples.map((s) => s.ms), 0.5).toFixed(0)} ms, p99 ${quantile(samples.map((s) => s.ms), 0.99).toFixed(0)} ms, max ${Math.max(...samples.map((s) => s.ms)).toFixed(0)} ms`;
  console.log(`\n${name} (${SECONDS} s):`);
  console.log(`  attackers' backtests: ${attacks.length} (${statuses(attacks)}), ${ms(attacks)}`);
  console.log(`  victim's basic screens: ${victim.length} (${statuses(victim)}), ${(served * 100).toFixed(1)}% 200, ${ms(victim)}`);
  console.log(`  health polls: ${health.length} (${statuses(health)}), ${ms(health)}`);
  const pass = served >= 0.95 && healthOk && healthMax <= 1000;
  console.log(`  ${pass ? "PASS" : "FAIL"}  victim ≥ 95% 200 (${(served * 100).toFixed(1)}%), every health poll 200 within 1 s (max ${healthMax.toFixed(0)} ms)`);
  return pass;
}

try {
  const token = await pageToken(app.url);
  const ui = () => post("/api/ui/screener/backtest/", HEAVIEST_BACKTEST, { "sec-fetch-site": "same-origin", "x-ui-token": token });
  const results = [await scenario("Two keys sending the heaviest backtest", [byKey(first!), byKey(second!)]), await scenario("A key and the UI's backtest endpoint", [byKey(first!), ui])];
  if (results.includes(false)) process.exitCode = 1;
} finally {
  await app.stop();
  rmSync(dir, { recursive: true, force: true });
}
