/**
 * `npm run bench:alerts`: the alerts run after a sync over 1,000 saved screens (the target:
 * at most 2 minutes on 2 cores). The screens are the screener bench's suite with filters
 * (bench/support/screener-suite.ts), each saved 1,000 / N times with its numeric bounds scaled a
 * little, so no two are the same; alerts on, the feed only (no webhook: this measures the runs,
 * not a receiver). A first run as of 2016-05-09 records each screen's members; the run measured
 * is the next trading day's, 2016-05-10, in a state file of its own.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { runAlerts } from "@/lib/alerts/run-alerts";
import { sqliteAlertStore } from "@/lib/alerts/sqlite-alert-store";
import { openApiStateDb } from "@/lib/db/api-state-db";
import { SavedScreenInput } from "@/lib/screens/saved-screen-schema";
import { sqliteSavedScreenStore } from "@/lib/screens/sqlite-saved-screen-store";
import { BENCH_SCREENS } from "@/bench/support/screener-suite";

const SCREENS = 1_000;
const TARGET_MS = 120_000;

/** A body's numbers scaled by `factor` (bounds move; counts such as years and horizons are integers and stay). */
const scaled = (value: unknown, factor: number): unknown =>
  typeof value === "number" ? (Number.isInteger(value) && Math.abs(value) < 100 ? value : value * factor) : Array.isArray(value) ? value.map((v) => scaled(v, factor)) : value !== null && typeof value === "object" ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, scaled(v, factor)])) : value;

const suite = BENCH_SCREENS.filter((s) => Object.keys((s.body.filters as object | undefined) ?? {}).length > 0);
const dir = mkdtempSync(path.join(tmpdir(), "bench-alerts-"));
try {
  const db = openApiStateDb(path.join(dir, "state.db"));
  const screens = sqliteSavedScreenStore(db);
  for (let i = 0; i < SCREENS; i++) {
    const base = suite[i % suite.length]!;
    const filters = scaled(base.body.filters, 1 + Math.floor(i / suite.length) / 1000);
    await screens.create(`key:bench${i % 50}`, SavedScreenInput.parse({ name: `${base.name} #${i}`, request: { filters }, alerts: {} }), 100);
  }
  const store = sqliteAlertStore(db);
  const first = await runAlerts(store, { asOf: "2016-05-09" });
  const started = performance.now();
  const report = await runAlerts(store, { asOf: "2016-05-10" });
  const ms = performance.now() - started;
  console.log(`${SCREENS} screens (${suite.length} kinds): first run ${first.failures.length} failures; the next day: ${report.events} changes recorded, ${report.failures.length} failures, ${(ms / 1000).toFixed(1)} s (${(ms / SCREENS).toFixed(1)} ms a screen)`);
  for (const failure of report.failures.slice(0, 3)) console.log(`  failed: ${failure.screen}: ${failure.error}`);
  console.log(`target: ${SCREENS} screens in at most ${TARGET_MS / 1000} s: ${ms <= TARGET_MS ? "PASS" : "FAIL"}`);
  process.exitCode = ms <= TARGET_MS && report.failures.length === 0 ? 0 : 1;
} finally {
  rmSync(dir, { recursive: true, force: true });
}
