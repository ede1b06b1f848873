/**
 * `npm run bench:backtest`: a 28-quarter backtest (2014-2020, quarterly) of the heaviest advanced
 * screen of the suite (bench/support/screener-suite.ts), in process, against the target
 * (median ≤ 500 ms; PASS/FAIL, exit 1 when missed), with a yearly run and a cheap screen for scale.
 */
import { BacktestRequest } from "@/lib/screener/backtest-schema";
import { runBacktest } from "@/lib/screener/backtest";
import { BENCH_SCREENS } from "./support/screener-suite";
import { median } from "@/bench/support/median";

const RUNS = 20;
const TARGET_MS = 500;

const heaviest = BENCH_SCREENS.find((s) => s.name.startsWith("heaviest"))!;
const cheap = BENCH_SCREENS.find((s) => s.name.startsWith("large caps with dividends"))!;

function measure(name: string, body: Record<string, unknown>) {
  const request = BacktestRequest.parse(body);
  const result = runBacktest(request);
  for (let i = 0; i < 2; i++) runBacktest(request);
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = process.hrtime.bigint();
    runBacktest(request);
    times.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  const holdings = result.summary.average_holdings.toFixed(1);
  console.log(`  ${median(times).toFixed(1).padStart(7)} ms median  ${Math.max(...times).toFixed(1).padStart(7)} ms max  ${String(result.periods.length).padStart(3)} periods, ${holdings} holdings on average  ${name}`);
  return { median: median(times), periods: result.periods.length };
}

const filters = (screen: (typeof BENCH_SCREENS)[number]) => screen.body.filters;
console.log(`Backtests in process, ${RUNS} runs each after 2 warm-up runs:`);
const target = measure(`"${heaviest.name}", 2014-2020 quarterly`, { filters: filters(heaviest), start: "2014-01-01", end: "2020-12-31", rebalance: "quarterly" });
measure(`"${heaviest.name}", 2014-2020 yearly`, { filters: filters(heaviest), start: "2014-01-01", end: "2020-12-31", rebalance: "yearly" });
measure(`"${cheap.name}", 2014-2020 quarterly`, { filters: filters(cheap), start: "2014-01-01", end: "2020-12-31", rebalance: "quarterly" });

const pass = target.periods === 28 && target.median <= TARGET_MS;
console.log(`\nTarget:\n  ${pass ? "PASS" : "FAIL"}  28-quarter backtest of the heaviest advanced screen ≤ ${TARGET_MS} ms median in process (${target.median.toFixed(1)} ms, ${target.periods} periods)`);
if (!pass) process.exit(1);
