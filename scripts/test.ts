/**
 * `npm test` (every check, what CI runs) and `npm run test:quick` (the inner loop: types, lint and
 * the unit tests that need no built database or server). Stages start as soon as the stages they
 * need have passed, so independent ones share the cores; each stage's output is printed whole when
 * it ends, and a summary of the times closes the run. The first failure stops the rest.
 */
import { type ChildProcess, spawn } from "node:child_process";

interface Stage {
  name: string;
  command: string;
  /** Stages that must pass first. */
  after?: string[];
  /**
   * Its nice value. The browser tests, the longest stage, wait for the database and the build: the
   * database (one core, the longer of the two) and the browser tests run first (0), then the type
   * check and the build (5); the rest fill what they leave (10).
   */
  nice?: 5 | 10;
  env?: Record<string, string>;
}

const FULL: Stage[] = [
  { name: "database", command: "npm run ingest:if-needed" },
  { name: "typecheck", command: "npm run typecheck", nice: 5 },
  // The type check above covers the build's code (and wrote the route types it reads): the build skips its own.
  { name: "build", command: "npm run build", after: ["typecheck"], nice: 5, env: { SKIP_BUILD_TYPECHECK: "1" } },
  { name: "lint", command: "npm run lint", nice: 10 },
  { name: "openapi", command: "npm run lint:openapi", nice: 10 },
  { name: "unit", command: "npm run test:unit -- --project quick --project integration", nice: 10 },
  { name: "unit (db)", command: "npm run test:unit -- --project db", after: ["database"], nice: 10 },
  { name: "e2e", command: "npm run test:e2e", after: ["database", "build"] },
];

const QUICK: Stage[] = [
  { name: "typecheck", command: "npm run typecheck" },
  { name: "lint", command: "npm run lint" },
  { name: "unit (quick)", command: "npm run test:unit -- --project quick" },
];

const stages = process.argv.includes("--quick") ? QUICK : FULL;
const started = performance.now();
const seconds = (ms: number) => `${(ms / 1000).toFixed(0)} s`;
const times = new Map<string, number>();
const running = new Map<string, ChildProcess>();
const passed = new Set<string>();
let failed: string | null = null;

/** Stops a stage's process group: SIGINT, then SIGKILL for what is still there after ten seconds. */
function stop(child: ChildProcess): void {
  const signal = (name: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, name);
    } catch {
      // Already gone.
    }
  };
  signal("SIGINT");
  setTimeout(() => signal("SIGKILL"), 10_000).unref();
}

function run(stage: Stage): Promise<void> {
  return new Promise((resolve) => {
    const start = performance.now();
    console.log(`----- ${stage.name}: started (${stage.command})`);
    // A process group of its own, so a failure elsewhere can stop it with everything it started.
    const command = stage.nice === undefined ? stage.command : `nice -n ${stage.nice} ${stage.command}`;
    const child = spawn(command, { shell: true, detached: true, env: { ...process.env, ...stage.env }, stdio: ["ignore", "pipe", "pipe"] });
    running.set(stage.name, child);
    let output = "";
    child.stdout!.on("data", (chunk: Buffer) => (output += chunk));
    child.stderr!.on("data", (chunk: Buffer) => (output += chunk));
    let done = false;
    const ended = (code: number | null) => {
      if (done) return;
      done = true;
      running.delete(stage.name);
      times.set(stage.name, performance.now() - start);
      const status = code === 0 ? "passed" : failed === null ? `FAILED (exit ${code})` : "stopped";
      process.stdout.write(`\n===== ${stage.name}: ${status} in ${seconds(performance.now() - start)} (${stage.command}) =====\n${output}`);
      if (code === 0) passed.add(stage.name);
      else if (failed === null) {
        failed = stage.name;
        // SIGINT, as Ctrl-C: Playwright then stops the app it started (in a process group of its own).
        for (const other of running.values()) stop(other);
      }
      resolve();
    };
    // Its output is read to the end, unless something it started and left running holds the pipe.
    child.on("exit", (code) => {
      const late = setTimeout(() => ended(code), 2000);
      child.once("close", () => (clearTimeout(late), ended(code)));
    });
  });
}

// Ctrl-C or CI's own stop reaches this process only: pass it on to every stage.
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    failed ??= signal;
    for (const child of running.values()) stop(child);
  });
}

const pending = [...stages];
const inFlight = new Set<Promise<void>>();
while (failed === null && (pending.length > 0 || inFlight.size > 0)) {
  for (const stage of pending.filter((s) => (s.after ?? []).every((name) => passed.has(name)))) {
    pending.splice(pending.indexOf(stage), 1);
    const job = run(stage).then(() => void inFlight.delete(job));
    inFlight.add(job);
  }
  if (inFlight.size === 0) break;
  await Promise.race(inFlight);
}
await Promise.all(inFlight);

console.log(`\n===== ${failed === null ? "all checks passed" : `${failed} failed`} in ${seconds(performance.now() - started)} =====`);
for (const stage of stages) console.log(`  ${stage.name.padEnd(14)} ${times.has(stage.name) ? seconds(times.get(stage.name)!) : "not run"}`);
process.exitCode = failed === null ? 0 : 1;
