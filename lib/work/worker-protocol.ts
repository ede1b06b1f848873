import type { SerializedError } from "./serialized-error";

/** Messages between the pool (lib/work/worker-pool.ts) and a worker. */
export interface WorkerRequest {
  id: number;
  task: string;
  input: unknown;
}

/** What a job ends with: the task's value, or what went wrong. */
export type WorkOutcome = { ok: true; value: unknown } | { ok: false; error: SerializedError };

/** `ready`: takes jobs; `warm`: has loaded what its first query would (sent once, after `ready`, by the workers started with the pool). */
export type WorkerReply = { type: "ready" } | { type: "warm" } | ({ type: "result"; id: number } & WorkOutcome);
