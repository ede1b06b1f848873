import { availableParallelism } from "node:os";
import { env } from "@/lib/env";
import type { QueryInput, QueryOutput, QueryTaskName } from "./query-tasks";
import { deserializeError } from "./serialized-error";
import { queryWorkerEntry } from "./query-worker-entry";
import { WorkerPool } from "./worker-pool";

/** Which deadline each task has (docs/operations.md "Deadlines and isolation"). */
const DEADLINE: Record<QueryTaskName, "SCREEN_DEADLINE_MS" | "SEARCH_DEADLINE_MS" | "BACKTEST_DEADLINE_MS"> = {
  screen: "SCREEN_DEADLINE_MS",
  backtest: "BACKTEST_DEADLINE_MS",
  screenFunnel: "SCREEN_DEADLINE_MS",
  screenOutcomes: "SCREEN_DEADLINE_MS",
  screenDistribution: "SCREEN_DEADLINE_MS",
  screenScope: "SCREEN_DEADLINE_MS",
  searchFilings: "SEARCH_DEADLINE_MS",
  searchFilingsV2: "SEARCH_DEADLINE_MS",
  searchScreenFilings: "SEARCH_DEADLINE_MS",
};

// One pool per process: Next may load this module once per route bundle.
const POOL = Symbol.for("filing-screener.query-pool");
const holder = globalThis as typeof globalThis & { [POOL]?: WorkerPool };

/** The process's query pool, started on first use (or by instrumentation.ts at start-up). */
export function queryPool(): WorkerPool {
  if (holder[POOL] === undefined) {
    const settings = env();
    const size = settings.QUERY_WORKERS ?? Math.max(2, availableParallelism());
    holder[POOL] = new WorkerPool({
      entry: queryWorkerEntry(settings.root),
      size,
      perCallerRunning: settings.CALLER_CONCURRENCY ?? Math.max(1, Math.floor(size / 2)),
      perCallerQueued: settings.CALLER_QUEUE,
      queued: settings.QUERY_QUEUE,
    });
  }
  return holder[POOL];
}

/**
 * Runs a screen or a search in a query worker, within its deadline, under the caller's bulkhead
 * (`caller`: `key:<id>` for the API, `ui:<address>` for the app's pages).
 */
export async function runQuery<K extends QueryTaskName>(task: K, input: QueryInput<K>, caller: string): Promise<QueryOutput<K>> {
  const outcome = await queryPool().run(task, input, { caller, deadlineMs: env()[DEADLINE[task]] });
  // This module's own error classes, which this route's error mapping recognises.
  if (!outcome.ok) throw deserializeError(outcome.error);
  // The worker ran QUERY_TASKS[task] on this input: its result has that task's type.
  return outcome.value as QueryOutput<K>;
}
