import type { SerializedError } from "./serialized-error";

/** Messages between the pool (lib/work/worker-pool.ts) and a worker. */
export interface WorkerRequest {
  id: number;
  task: string;
  input: unknown;
}

export type WorkerReply =
  | { type: "ready" }
  | { type: "result"; id: number; ok: true; value: unknown }
  | { type: "result"; id: number; ok: false; error: SerializedError };
