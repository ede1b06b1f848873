import { readlinkSync } from "node:fs";
import { setPriority } from "node:os";
import { parentPort, workerData } from "node:worker_threads";
import { serializeError } from "./serialized-error";
import { describeError, logLine } from "@/lib/log";
import { QUERY_TASKS, type QueryTaskName, warmUp } from "./query-tasks";
import type { TimeBudget } from "@/lib/time-budget";
import { encodeAnswer } from "./answer-bytes";
import type { WorkerReply, WorkerRequest } from "./worker-protocol";

/**
 * A query worker: runs one task at a time on its own read-only database connection (the
 * connection helpers in lib/db are per thread). Started by lib/work/worker-pool.ts.
 */
const port = parentPort;
if (port === null) throw new Error("query-worker.ts runs as a worker thread");

/**
 * Runs this thread below the thread that answers requests (nice 10), so that when screens and
 * searches keep every core busy, health, the options and pages still get a core first. Linux
 * applies a nice value per thread, addressed by its thread id (/proc/thread-self names it);
 * elsewhere the worker keeps the process's priority.
 */
function yieldToRequestThread(): void {
  try {
    setPriority(Number(readlinkSync("/proc/thread-self").split("/").at(-1)), 10);
  } catch {
    // Not Linux: no per-thread priority.
  }
}

yieldToRequestThread();

const isTaskName = (name: string): name is QueryTaskName => Object.hasOwn(QUERY_TASKS, name);

port.on("message", async ({ id, task, input, budget, answer }: WorkerRequest) => {
  let reply: WorkerReply;
  let transfer: ArrayBuffer[] = [];
  try {
    if (!isTaskName(task)) throw new Error(`Unknown query task "${task}"`);
    // The input is the value the route's schema parsed (the task's type is that schema's output).
    const run = QUERY_TASKS[task] as (input: unknown, budget: TimeBudget) => unknown;
    const value = await run(input, budget);
    if (answer === undefined) reply = { type: "result", id, ok: true, value };
    else {
      const bytes = encodeAnswer(value, answer);
      reply = { type: "result", id, ok: true, value: bytes };
      transfer = [bytes.buffer as ArrayBuffer];
    }
  } catch (error) {
    reply = { type: "result", id, ok: false, error: serializeError(error) };
  }
  port.postMessage(reply, transfer);
});
port.postMessage({ type: "ready" } satisfies WorkerReply);
// A worker started with the pool warms up; readiness (/api/health/) waits for it, and a task sent meanwhile too.
if (workerData?.warmUp === true) {
  warmUp()
    .catch((error: unknown) => logLine("error", "query worker warm-up failed", { error: describeError(error, false) }))
    .finally(() => port.postMessage({ type: "warm" } satisfies WorkerReply));
}
