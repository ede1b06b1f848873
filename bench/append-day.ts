/**
 * `npm run bench:append-day`: what adding one trading day for the whole market costs
 * (`npm run sync -- prices --append`, lib/sync/append-days.ts), against the target of a minute.
 *
 * A copy of the built database is cut before the day most series end on (the whole-market
 * archive's last day, ~6,000 companies), then that day is appended back from the rows removed
 * (real values), and the result is checked against the original: every column of the day's rows,
 * its benchmark row, trading day and the companies' last priced day.
 */
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { env } from "@/lib/env";
import { silentProgress } from "@/lib/ingest/progress";
import { appendDays } from "@/lib/sync/append-days";
import { copyWithoutDaysFrom, differencesOn, wholeMarketDay } from "@/test/support/sync/remove-days";

const TARGET_SECONDS = 60;

const original = env().DATABASE_PATH;
const day = wholeMarketDay(original);
const work = mkdtempSync(path.join(tmpdir(), "bench-append-"));
const copy = path.join(work, "screener.db");
try {
  const input = copyWithoutDaysFrom(original, copy, day);
  const started = performance.now();
  const report = appendDays(copy, input, silentProgress);
  const total = (performance.now() - started) / 1000;
  const differences = differencesOn(copy, original, day);
  const differing = Object.entries(differences).filter(([, rows]) => rows.length > 0);
  const steps = Object.entries(report.timings).sort(([, a], [, b]) => b - a);
  console.log(`append ${day}: ${report.rows} rows for ${report.companies} companies into a ${(statSync(copy).size / 1e6).toFixed(0)} MB database`);
  console.log(`  ${steps.map(([step, ms]) => `${step} ${(ms / 1000).toFixed(2)} s`).join(", ")}; total ${total.toFixed(1)} s (target ${TARGET_SECONDS} s)`);
  console.log(`  dominated by ${steps[0]![0]} (${((100 * steps[0]![1]) / (total * 1000)).toFixed(0)}%); ${report.refused.length} series refused`);
  console.log(`  against the original: ${differing.length === 0 ? "the same rows, column by column" : differing.map(([what, rows]) => `${rows.length} ${what} rows differ`).join(", ")}`);
  if (differing.length > 0 || report.refused.length > 0 || total > TARGET_SECONDS) process.exitCode = 1;
} finally {
  rmSync(work, { recursive: true, force: true });
}
