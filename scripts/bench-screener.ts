/**
 * `npm run bench:screener`: the fixed suite of screens (lib/screener/bench-suite.ts) in-process over
 * the full universe. With `--url http://host:port --key KEY` it also measures over HTTP: a basic
 * screen against GET /api/v1/screener/options/ in the same run.
 */
import { AdvancedScreenRequest, BasicScreenRequest } from "@/lib/screener/request-schema";
import { runScreen } from "@/lib/screener/service";
import { BENCH_SCREENS } from "@/lib/screener/bench-suite";

const RUNS = 200;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
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

console.log(`In-process, ${RUNS} runs each (parse + validate + count + page):`);
const byMode: Record<string, number[]> = { basic: [], advanced: [] };
for (const screen of BENCH_SCREENS) {
  const schema = screen.mode === "basic" ? BasicScreenRequest : AdvancedScreenRequest;
  const times = timeIt(() => runScreen(schema.parse(screen.body)), RUNS);
  const total = runScreen(schema.parse(screen.body)).total;
  byMode[screen.mode]!.push(median(times));
  console.log(`  ${screen.mode.padEnd(8)} ${median(times).toFixed(2).padStart(6)} ms median  ${p95(times).toFixed(2).padStart(6)} ms p95  total ${String(total).padStart(6)}  ${screen.name}`);
}
for (const [mode, medians] of Object.entries(byMode)) {
  console.log(`${mode}: median of medians ${median(medians).toFixed(2)} ms, worst median ${Math.max(...medians).toFixed(2)} ms`);
}

const url = process.argv.indexOf("--url");
const key = process.argv.indexOf("--key");
if (url > 0 && key > 0) {
  const base = process.argv[url + 1]!;
  const headers = { authorization: `Bearer ${process.argv[key + 1]}`, "content-type": "application/json" };
  const http = async (path: string, body?: unknown) => {
    const start = process.hrtime.bigint();
    const response = await fetch(`${base}${path}`, { method: body ? "POST" : "GET", headers, body: body ? JSON.stringify(body) : undefined });
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`${path}: ${response.status}`);
    return Number(process.hrtime.bigint() - start) / 1e6;
  };
  const options: number[] = [];
  const screen: number[] = [];
  const body = BENCH_SCREENS[1]!.body;
  // Interleaved, so both see the same machine state; stays under the key's per-minute limit only
  // with a tier that allows it (see README: bench tier).
  for (let i = 0; i < 25; i++) {
    options.push(await http("/api/v1/screener/options/"));
    screen.push(await http("/api/v1/screener/basic/", body));
  }
  console.log(`HTTP: options median ${median(options).toFixed(2)} ms, basic screen median ${median(screen).toFixed(2)} ms, ratio ${(median(screen) / median(options)).toFixed(2)}`);
}
