import { availableParallelism } from "node:os";
import { env } from "@/lib/env";
import type { QueryInput, QueryOutput, QueryTaskName } from "./query-tasks";
import { JsonAnswer } from "./json-answer";
import { deserializeError } from "./serialized-error";
import { queryWorkerEntry } from "./query-worker-entry";
import { WorkerPool } from "./worker-pool";
import type { AnswerBound, WorkOutcome } from "./worker-protocol";

/** Which deadline each task has (docs/operations.md "Deadlines and isolation"). */
const DEADLINE: Record<QueryTaskName, "SCREEN_DEADLINE_MS" | "SEARCH_DEADLINE_MS" | "BACKTEST_DEADLINE_MS"> = {
  screen: "SCREEN_DEADLINE_MS",
  backtest: "BACKTEST_DEADLINE_MS",
  membershipHistory: "BACKTEST_DEADLINE_MS",
  screenFunnel: "SCREEN_DEADLINE_MS",
  screenOutcomes: "SCREEN_DEADLINE_MS",
  screenDistribution: "SCREEN_DEADLINE_MS",
  screenScope: "SCREEN_DEADLINE_MS",
  searchFilings: "SEARCH_DEADLINE_MS",
  searchFilingsV2: "SEARCH_DEADLINE_MS",
  searchScreenFilings: "SEARCH_DEADLINE_MS",
};

/** Tasks that run on the workers kept for heavy work (HEAVY_QUERY_WORKERS), never on all of them. */
const HEAVY: ReadonlySet<QueryTaskName> = new Set(["backtest", "membershipHistory"]);

// One pool per process: Next may load this module once per route bundle.
const POOL = Symbol.for("filing-screener.query-pool");
const holder = globalThis as typeof globalThis & { [POOL]?: WorkerPool };

/** The process's query pool, started on first use (or by instrumentation.ts at start-up). */
export function queryPool(): WorkerPool {
  if (holder[POOL] === undefined) {
    const settings = env();
    const size = settings.QUERY_WORKERS ?? Math.max(2, availableParallelism());
    // One worker at least stays for cheap work (a pool of one has nothing to keep).
    const heavyRunning = Math.max(1, Math.min(settings.HEAVY_QUERY_WORKERS ?? Math.floor(size / 2), size - 1));
    holder[POOL] = new WorkerPool({
      entry: queryWorkerEntry(settings.root),
      size,
      perCallerRunning: settings.CALLER_CONCURRENCY ?? Math.max(1, Math.floor(size / 2)),
      perCallerQueued: settings.CALLER_QUEUE,
      queued: settings.QUERY_QUEUE,
      heavyRunning,
      // Each heavy worker's next few: a backtest waits up to its 10 s, so more would only expire.
      heavyQueued: heavyRunning * 4,
      // A young generation of 96 MB (semi-spaces of 32 MB, Node's default 16): a day of the whole
      // market's values allocates tens of thousands of short-lived rows, and a year's membership
      // history ran 17% faster with fewer of them promoted (npm run bench:history with
      // --max-semi-space-size=32). Committed only as a worker allocates.
      resourceLimits: { maxYoungGenerationSizeMb: 96 },
    });
  }
  return holder[POOL];
}

function run<K extends QueryTaskName>(task: K, input: QueryInput<K>, caller: string, answer?: AnswerBound): Promise<WorkOutcome> {
  return queryPool().run(task, input, { caller, deadlineMs: env()[DEADLINE[task]], heavy: HEAVY.has(task), answer });
}

/**
 * Runs a screen or a search in a query worker, within its deadline, under the caller's bulkhead
 * (`caller`: `key:<id>` for the API, `ui:<address>` for the app's pages): its value, for a page
 * that renders it.
 */
export async function runQuery<K extends QueryTaskName>(task: K, input: QueryInput<K>, caller: string): Promise<QueryOutput<K>> {
  const outcome = await run(task, input, caller);
  // This module's own error classes, which this route's error mapping recognises.
  if (!outcome.ok) throw deserializeError(outcome.error);
  // The worker ran QUERY_TASKS[task] on this input: its result has that task's type.
  return outcome.value as QueryOutput<K>;
}

/**
 * The same for an API route: the answer as JSON bytes the worker serialised within the
 * operation's bound (`bound`), which the route sends as they are.
 */
export async function answerQuery<K extends QueryTaskName>(task: K, { body, caller, bound }: { body: QueryInput<K>; caller: string; bound: AnswerBound }): Promise<JsonAnswer<QueryOutput<K>>> {
  const outcome = await run(task, body, caller, bound);
  if (!outcome.ok) throw deserializeError(outcome.error);
  // With `answer` set the worker replies with the bytes of QUERY_TASKS[task]'s value.
  return new JsonAnswer(outcome.value as Uint8Array<ArrayBuffer>);
}
