import { type ResourceLimits, Worker } from "node:worker_threads";
import type { WorkUnavailableError } from "@/lib/errors";
import type { SerializedError } from "./serialized-error";
import type { AnswerBound, WorkOutcome, WorkerReply, WorkerRequest } from "./worker-protocol";

export interface PoolOptions {
  /** The worker's entry file (absolute path). */
  entry: string;
  /** Workers kept running. */
  size: number;
  /** Jobs of one caller that run at once (a bulkhead: one caller never occupies every worker). */
  perCallerRunning: number;
  /** Jobs of one caller that wait for a worker; past this the caller gets 503 at once. */
  perCallerQueued: number;
  /** Jobs of all callers that wait; past this anyone gets 503 at once. */
  queued: number;
  /**
   * Workers that heavy jobs (backtests) may occupy at once, fewer than `size` when the pool has
   * more than one: the rest stay free for cheap screens and searches however many heavy jobs wait.
   */
  heavyRunning: number;
  /** Heavy jobs that may wait; past this a heavy job gets 503 at once, so waiting heavy jobs never fill the shared queue. */
  heavyQueued: number;
  /** Each worker's heap limits (Node's defaults when absent). */
  resourceLimits?: ResourceLimits;
}

export interface RunOptions {
  /** Who asked (an API key, a client address): the bulkhead's unit. */
  caller: string;
  /** From arrival: waiting and running together never take longer. */
  deadlineMs: number;
  /** Runs only on the workers kept for heavy jobs (`heavyRunning`). */
  heavy?: boolean;
  /** The value goes out as an HTTP answer of at most this size: the worker serialises it (worker-protocol.ts). */
  answer?: AnswerBound;
}

interface Job {
  request: WorkerRequest;
  caller: string;
  heavy: boolean;
  resolve(outcome: WorkOutcome): void;
  timer: NodeJS.Timeout;
  slot: Slot | null;
}

interface Slot {
  worker: Worker;
  ready: boolean;
  /** Started to warm up and has not yet said "warm". */
  warming: boolean;
  job: Job | null;
  /** The uncaught error that ended the worker, if one did. */
  failure: Error | null;
}

/**
 * A fixed set of worker threads for work that must not hold the thread answering requests.
 *
 * Each job has a deadline from its arrival. A job past its deadline ends as `unavailable` (the
 * API's 503); if it was running, its worker is terminated and replaced. A worker
 * inside a SQLite statement stops only when that statement returns (V8 cannot interrupt native
 * code), so input bounds keep statements short and at most `size` terminated workers may still be
 * finishing before replacements wait for them.
 *
 * A free worker takes the waiting job of the caller served least recently (round robin over
 * callers, arrival order within one), skipping callers already running `perCallerRunning` jobs and
 * heavy jobs while `heavyRunning` run.
 */
export class WorkerPool {
  private readonly slots: Slot[] = [];
  private readonly waiting: Job[] = [];
  /** Each caller with a job running or waiting: how many, and when it was last given a worker (`dispatched` then). */
  private readonly perCaller = new Map<string, { running: number; waiting: number; servedAt: number }>();
  private dispatched = 0;
  private nextId = 1;
  private exiting = 0;
  private closed = false;

  constructor(private readonly options: PoolOptions) {
    for (let i = 0; i < options.size; i++) this.spawn(true);
  }

  /** Never rejects: every way a job ends is an outcome (lib/work/serialized-error.ts says why). */
  run(task: string, input: unknown, { caller, deadlineMs, heavy = false, answer }: RunOptions): Promise<WorkOutcome> {
    if (this.closed) return Promise.resolve(refused(POOL_REFUSALS.shuttingDown()));
    const known = this.perCaller.get(caller);
    if (known !== undefined && known.running + known.waiting >= this.options.perCallerRunning + this.options.perCallerQueued) {
      return Promise.resolve(refused(POOL_REFUSALS.callerFull(this.options.perCallerRunning, this.options.perCallerQueued)));
    }
    if (this.waiting.length >= this.options.queued) return Promise.resolve(refused(POOL_REFUSALS.busy()));
    if (heavy && this.waiting.filter((job) => job.heavy).length >= this.options.heavyQueued) return Promise.resolve(refused(POOL_REFUSALS.heavyBusy()));
    const counts = this.countsOf(caller);
    return new Promise((resolve) => {
      const request: WorkerRequest = { id: this.nextId++, task, input, budget: { deadlineMs, deadlineAt: Date.now() + deadlineMs }, answer };
      const job: Job = { request, caller, heavy, resolve, slot: null, timer: setTimeout(() => this.expire(job, deadlineMs), deadlineMs) };
      this.waiting.push(job);
      counts.waiting++;
      this.dispatch();
    });
  }

  /** Jobs running and waiting, workers in service (and ready for jobs) and still finishing after termination (for tests). */
  stats() {
    return {
      running: this.slots.filter((s) => s.job !== null).length,
      waiting: this.waiting.length,
      workers: this.slots.length,
      ready: this.slots.filter((s) => s.ready).length,
      exiting: this.exiting,
    };
  }

  /** Refuses new jobs, waits up to `graceMs` for running ones, then stops every worker. */
  async close(graceMs: number): Promise<void> {
    this.closed = true;
    for (const job of [...this.waiting]) this.settle(job, refused(POOL_REFUSALS.shuttingDown()));
    const deadline = Date.now() + graceMs;
    while (this.slots.some((s) => s.job !== null) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    await Promise.all(this.slots.splice(0).map((slot) => slot.worker.terminate()));
  }

  private countsOf(caller: string) {
    let counts = this.perCaller.get(caller);
    if (counts === undefined) this.perCaller.set(caller, (counts = { running: 0, waiting: 0, servedAt: 0 }));
    return counts;
  }

  private release(caller: string, from: "running" | "waiting") {
    const counts = this.countsOf(caller);
    counts[from]--;
    if (counts.running === 0 && counts.waiting === 0) this.perCaller.delete(caller);
  }

  /**
   * Starts a worker. Those started with the pool warm up (`workerData.warmUp`, then a "warm" reply);
   * a replacement serves at once, since it would make every kind of job wait for a warm-up.
   */
  private spawn(warmUp = false): void {
    if (this.closed) return;
    const slot: Slot = { worker: new Worker(this.options.entry, { workerData: { warmUp }, resourceLimits: this.options.resourceLimits }), ready: false, warming: warmUp, job: null, failure: null };
    this.slots.push(slot);
    slot.worker.on("message", (reply: WorkerReply) => this.receive(slot, reply));
    // An uncaught error ends the worker; "exit" follows and answers its job with it.
    slot.worker.on("error", (error) => (slot.failure = error));
    slot.worker.on("exit", () => this.lost(slot));
  }

  private dispatch(): void {
    for (const slot of this.slots) {
      if (!slot.ready || slot.job !== null) continue;
      const heavyFull = this.slots.filter((s) => s.job?.heavy).length >= this.options.heavyRunning;
      // Of the jobs that may start, the one whose caller was served least recently (a caller new to
      // the pool first), in arrival order among equals: a caller's queued jobs do not go ahead of
      // another caller's that arrived after them.
      let index = -1;
      for (const [i, job] of this.waiting.entries()) {
        const counts = this.countsOf(job.caller);
        if (counts.running >= this.options.perCallerRunning || (job.heavy && heavyFull)) continue;
        if (index === -1 || counts.servedAt < this.countsOf(this.waiting[index]!.caller).servedAt) index = i;
      }
      if (index === -1) return;
      const job = this.waiting.splice(index, 1)[0]!;
      this.release(job.caller, "waiting");
      const counts = this.countsOf(job.caller);
      counts.running++;
      counts.servedAt = ++this.dispatched;
      job.slot = slot;
      slot.job = job;
      slot.worker.postMessage(job.request);
    }
  }

  /**
   * Whether no worker is still warming up (loading what a first query would): what readiness waits
   * for. A warming worker stopped at a deadline leaves the pool, and its replacement does not warm.
   */
  get warm(): boolean {
    return !this.slots.some((slot) => slot.warming);
  }

  private receive(slot: Slot, reply: WorkerReply): void {
    if (reply.type === "warm") {
      slot.warming = false;
      return;
    }
    if (reply.type === "ready") {
      slot.ready = true;
    } else {
      const job = slot.job;
      if (job === null || job.request.id !== reply.id) return;
      slot.job = null;
      this.settle(job, reply.ok ? { ok: true, value: reply.value } : { ok: false, error: reply.error });
    }
    this.dispatch();
  }

  private expire(job: Job, deadlineMs: number): void {
    const slot = job.slot;
    this.settle(job, refused(POOL_REFUSALS.deadline(deadlineMs, slot !== null)));
    if (slot === null) return;
    // The worker may be inside a statement: stop it and start a fresh one in its place.
    this.retire(slot);
    slot.worker.terminate().catch(() => {});
  }

  /** A worker that ended: a retired one makes room for a replacement; one that failed fails its job. */
  private lost(slot: Slot): void {
    if (this.closed) return;
    const index = this.slots.indexOf(slot);
    if (index === -1) {
      this.exiting--;
      if (this.slots.length < this.options.size) this.spawn();
      return;
    }
    this.slots.splice(index, 1);
    if (slot.job !== null) {
      const cause = slot.failure === null ? "" : `: ${slot.failure.name}: ${slot.failure.message}`;
      this.settle(slot.job, { ok: false, error: { kind: "fault", name: "WorkerExit", message: `A query worker stopped while running this request${cause}`, stack: slot.failure?.stack } });
    }
    // After a pause, so that a worker that cannot start does not spin.
    setTimeout(() => this.slots.length < this.options.size && this.spawn(), 1000).unref();
  }

  /** Takes a worker out of service; it counts as finishing until its "exit". */
  private retire(slot: Slot): void {
    this.slots.splice(this.slots.indexOf(slot), 1);
    this.exiting++;
    if (this.exiting <= this.options.size) this.spawn();
    this.dispatch();
  }

  private settle(job: Job, outcome: WorkOutcome): void {
    clearTimeout(job.timer);
    if (job.slot !== null) this.release(job.caller, "running");
    else {
      const index = this.waiting.indexOf(job);
      if (index === -1) return; // already settled
      this.waiting.splice(index, 1);
      this.release(job.caller, "waiting");
    }
    job.slot = null;
    job.resolve(outcome);
    this.dispatch();
  }
}

/** Every way the pool refuses or abandons a job: the API's 503, with Retry-After. */
export const POOL_REFUSALS = {
  // The two texts differ so a caller can tell a charged 503 (work began) from a refunded one.
  deadline: (deadlineMs: number, ran: boolean) =>
    ran
      ? refusal("deadline", `The request did not finish within its ${deadlineMs / 1000}-second deadline; narrow it or retry shortly.`, 5, true)
      : refusal("deadline", `The request waited its whole ${deadlineMs / 1000}-second deadline for a free worker and did not run; retry shortly.`, 5),
  callerFull: (running: number, queued: number) =>
    refusal("queue_full", `Too many of your requests are running or waiting (at most ${running} run at once and ${queued} wait); retry when one has finished.`, 2),
  busy: () => refusal("queue_full", "The server is busy with other requests; retry shortly.", 2),
  heavyBusy: () => refusal("queue_full", "The server is busy with other backtests; retry shortly.", 5),
  shuttingDown: () => refusal("shutting_down", "The server is shutting down; retry shortly.", 10),
};

function refusal(reason: WorkUnavailableError["reason"], message: string, retryAfterSeconds: number, ran = false): SerializedError {
  return { kind: "unavailable", reason, message, retryAfterSeconds, ran };
}

const refused = (error: SerializedError): WorkOutcome => ({ ok: false, error });
