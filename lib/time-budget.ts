/**
 * How long a task may take: the deadline the query pool set when the request arrived (waiting for a
 * worker included). The query worker passes it to each task (lib/work/query-worker.ts), so that work made of many steps
 * (a backtest's periods) can stop as soon as it sees it cannot finish, instead of holding a worker
 * until the pool terminates it.
 */
export interface TimeBudget {
  /** The deadline's length in milliseconds (`BACKTEST_DEADLINE_MS` and the like). */
  deadlineMs: number;
  /** When it passes, in `Date.now()` milliseconds. */
  deadlineAt: number;
}

/** No deadline: direct calls of a task (benchmarks, tests). */
export const UNBOUNDED: TimeBudget = { deadlineMs: Number.POSITIVE_INFINITY, deadlineAt: Number.POSITIVE_INFINITY };
