import type { FieldError } from "@/lib/errors";
import type { TimeBudget } from "@/lib/time-budget";
import type { SerializedError } from "./serialized-error";

/**
 * The largest answer an operation sends (its documented bound), and the request member that makes
 * an answer smaller (named by the 400 of a request whose answer would exceed it).
 */
export interface AnswerBound {
  maxBytes: number;
  narrow: FieldError;
}

/** Messages between the pool (lib/work/worker-pool.ts) and a worker. */
export interface WorkerRequest {
  id: number;
  task: string;
  input: unknown;
  budget: TimeBudget;
  /**
   * Set when the value goes out as an HTTP answer: the worker serialises it to JSON itself, within
   * the deadline, refuses it past `maxBytes`, and transfers the bytes (no copy on the thread that
   * answers requests).
   */
  answer?: AnswerBound;
}

/** What a job ends with: the task's value (JSON bytes when the request had `answer`), or what went wrong. */
export type WorkOutcome = { ok: true; value: unknown } | { ok: false; error: SerializedError };

/** `ready`: takes jobs; `warm`: has loaded what its first query would (sent once, after `ready`, by the workers started with the pool). */
export type WorkerReply = { type: "ready" } | { type: "warm" } | ({ type: "result"; id: number } & WorkOutcome);
