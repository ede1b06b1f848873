import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { WorkOutcome } from "./worker-protocol";
import { type PoolOptions, WorkerPool } from "./worker-pool";

const entry = path.resolve("test/fixtures/protocol-worker.mjs");
let pool: WorkerPool | undefined;
afterEach(async () => {
  await pool?.close(0);
  pool = undefined;
});

const start = (options: Partial<PoolOptions> = {}) =>
  (pool = new WorkerPool({ entry, size: 2, perCallerRunning: 1, perCallerQueued: 2, queued: 16, heavyRunning: 1, heavyQueued: 4, ...options }));

/** How a job ended: "ok", the reason it was unavailable, or the kind of its error. */
const reasonOf = (promise: Promise<WorkOutcome>) =>
  promise.then((outcome) => (outcome.ok ? "ok" : outcome.error.kind === "unavailable" ? outcome.error.reason : outcome.error.kind));
const ok = (value: unknown) => ({ ok: true, value });
/** Both workers have started (until then the first one ready takes every job). */
const bothReady = (p: WorkerPool) => vi.waitFor(() => expect(p.stats().ready).toBe(2), { timeout: 30_000 });

describe("WorkerPool", () => {
  it("answers from a worker thread", async () => {
    const p = start();
    await expect(p.run("echo", { a: [1, 2] }, { caller: "a", deadlineMs: 5000 })).resolves.toEqual(ok({ a: [1, 2] }));
  });

  it("is warm once the workers it started with have warmed, and stays warm while one is replaced (which serves at once)", async () => {
    const p = start();
    expect(p.warm).toBe(false);
    // Warming starts two worker threads: seconds on a loaded machine, as bothReady allows.
    await vi.waitFor(() => expect(p.warm).toBe(true), { timeout: 30_000 });
    expect(await reasonOf(p.run("spin", 60_000, { caller: "a", deadlineMs: 200 }))).toBe("deadline");
    expect(p.warm).toBe(true);
    await expect(p.run("echo", 1, { caller: "a", deadlineMs: 5000 })).resolves.toEqual(ok(1));
  });

  it("is warm once the workers still warming are stopped at a deadline (their replacements do not warm)", async () => {
    process.env.PROTOCOL_WORKER_NEVER_WARM = "1";
    const p = start();
    delete process.env.PROTOCOL_WORKER_NEVER_WARM;
    await expect(p.run("echo", 1, { caller: "a", deadlineMs: 5000 })).resolves.toEqual(ok(1));
    expect(p.warm).toBe(false);
    await bothReady(p);
    // Two spins at once take both workers the pool started with (no replacement exists yet; one
    // after the other, the second could land on the first one's replacement), and both are stopped.
    const spins = ["a", "b"].map((caller) => reasonOf(p.run("spin", 60_000, { caller, deadlineMs: 200 })));
    expect(p.stats()).toMatchObject({ running: 2, waiting: 0 });
    expect(await Promise.all(spins)).toEqual(["deadline", "deadline"]);
    expect(p.warm).toBe(true);
  });

  it("brings a worker's errors back as data", async () => {
    const p = start();
    await expect(p.run("invalid", null, { caller: "a", deadlineMs: 5000 })).resolves.toEqual({
      ok: false,
      error: { kind: "validation", errors: [{ pointer: "/x", message: "bad x" }] },
    });
  });

  it("answers 503 at the deadline, terminates the busy worker and replaces it", async () => {
    const p = start();
    await p.run("echo", 1, { caller: "a", deadlineMs: 5000 });
    const stuck = p.run("spin", 60_000, { caller: "a", deadlineMs: 200 });
    expect(await stuck).toMatchObject({ ok: false, error: { reason: "deadline", ran: true, message: expect.stringContaining("did not finish") } });
    // The replacement serves the next job; the pool is back to its size.
    await expect(p.run("echo", "after", { caller: "a", deadlineMs: 10_000 })).resolves.toEqual(ok("after"));
    await expect.poll(() => p.stats()).toMatchObject({ workers: 2, exiting: 0, running: 0 });
  });

  it("keeps one caller from occupying every worker (bulkhead)", async () => {
    const p = start({ perCallerRunning: 1, perCallerQueued: 1 });
    await bothReady(p);
    const first = p.run("spin", 400, { caller: "greedy", deadlineMs: 5000 });
    const second = p.run("spin", 10, { caller: "greedy", deadlineMs: 5000 });
    // Its third is refused at once: one runs, one waits.
    expect(await reasonOf(p.run("echo", 3, { caller: "greedy", deadlineMs: 5000 }))).toBe("queue_full");
    // Another caller gets the second worker while the greedy caller's second job waits for its first.
    const order: string[] = [];
    await Promise.all([
      p.run("echo", "other", { caller: "other", deadlineMs: 5000 }).then(() => order.push("other")),
      second.then(() => order.push("greedy second")),
      first.then(() => order.push("greedy first")),
    ]);
    expect(order).toEqual(["other", "greedy first", "greedy second"]);
  });

  it("gives a free worker to the caller served least recently, not to another's earlier queued job", async () => {
    const p = start({ perCallerRunning: 1, perCallerQueued: 2 });
    await bothReady(p);
    const order: string[] = [];
    const spin = (caller: string, ms: number, name: string) => p.run("spin", ms, { caller, deadlineMs: 5000 }).then(() => order.push(name));
    // The greedy caller holds one worker and queues two more; a slow caller holds the other.
    const jobs = [spin("greedy", 200, "greedy 1"), spin("slow", 3000, "slow"), spin("greedy", 10, "greedy 2"), spin("greedy", 10, "greedy 3")];
    // A caller arriving after the greedy one's queued jobs gets the worker its first job frees.
    jobs.push(spin("late", 10, "late"));
    await Promise.all(jobs);
    // The order among the jobs that share the greedy caller's worker (a loaded machine may run "slow" long past its 3 s).
    expect(order.filter((name) => name !== "slow").slice(0, 3)).toEqual(["greedy 1", "late", "greedy 2"]);
  });

  it("keeps heavy jobs to their workers, so that cheap work of other callers runs while they wait", async () => {
    const p = start();
    await bothReady(p);
    const order: string[] = [];
    const heavy = (caller: string) => p.run("spin", 1000, { caller, deadlineMs: 10_000, heavy: true }).then(() => order.push(`heavy ${caller}`));
    const runs = [heavy("a"), heavy("b")];
    // The second heavy job waits for the first, though a worker is free: the cheap job takes it.
    // Jobs are dispatched as they are given, so the counts are read before any can finish.
    runs.push(p.run("echo", "cheap", { caller: "c", deadlineMs: 5000 }).then(() => order.push("cheap")));
    expect(p.stats()).toMatchObject({ running: 2, waiting: 1 });
    await Promise.all(runs);
    expect(order).toEqual(["cheap", "heavy a", "heavy b"]);
  });

  it("refuses heavy jobs past their own queue, so that waiting backtests never fill the shared one", async () => {
    const p = start({ heavyQueued: 1, perCallerRunning: 2 });
    await bothReady(p);
    const running = p.run("spin", 300, { caller: "a", deadlineMs: 5000, heavy: true });
    const waiting = p.run("echo", "heavy", { caller: "b", deadlineMs: 5000, heavy: true });
    expect(await p.run("echo", "third", { caller: "c", deadlineMs: 5000, heavy: true })).toMatchObject({ ok: false, error: { reason: "queue_full", ran: false } });
    await expect(p.run("echo", "cheap", { caller: "c", deadlineMs: 5000 })).resolves.toEqual(ok("cheap"));
    await expect(Promise.all([running, waiting])).resolves.toEqual([ok(300), ok("heavy")]);
  });

  it("tells the task its deadline", async () => {
    const p = start();
    const before = Date.now();
    const outcome = await p.run("budget", null, { caller: "a", deadlineMs: 3000 });
    expect(outcome.ok).toBe(true);
    const budget = (outcome as { value: { deadlineMs: number; deadlineAt: number } }).value;
    expect(budget.deadlineMs).toBe(3000);
    expect(budget.deadlineAt).toBeGreaterThanOrEqual(before + 3000);
    expect(budget.deadlineAt).toBeLessThanOrEqual(Date.now() + 3000);
  });

  it("answers 503 when a waiting job's deadline passes before a worker is free", async () => {
    const p = start({ size: 1, perCallerRunning: 1 });
    await p.run("echo", 0, { caller: "a", deadlineMs: 5000 });
    const busy = p.run("spin", 500, { caller: "a", deadlineMs: 5000 });
    // It never ran: the API does not count it against the caller's limits.
    expect(await p.run("echo", 1, { caller: "b", deadlineMs: 100 })).toMatchObject({ ok: false, error: { reason: "deadline", ran: false, message: expect.stringContaining("did not run") } });
    await expect(busy).resolves.toEqual(ok(500));
  });

  it("refuses work past the shared queue", async () => {
    const p = start({ size: 1, perCallerRunning: 1, queued: 1 });
    await p.run("echo", 0, { caller: "a", deadlineMs: 5000 });
    const running = p.run("spin", 300, { caller: "a", deadlineMs: 5000 });
    const waiting = p.run("echo", 1, { caller: "b", deadlineMs: 5000 });
    expect(await reasonOf(p.run("echo", 2, { caller: "c", deadlineMs: 5000 }))).toBe("queue_full");
    await expect(Promise.all([running, waiting])).resolves.toEqual([ok(300), ok(1)]);
  });

  it("fails the job of a worker that dies and starts another", async () => {
    const p = start({ size: 1 });
    expect(await reasonOf(p.run("crash", null, { caller: "a", deadlineMs: 5000 }))).toBe("fault");
    await expect(p.run("echo", "again", { caller: "a", deadlineMs: 10_000 })).resolves.toEqual(ok("again"));
  });

  it("refuses new work once closed, and lets running work finish within the grace", async () => {
    const p = start({ size: 1 });
    await p.run("echo", 0, { caller: "a", deadlineMs: 5000 });
    const running = p.run("spin", 200, { caller: "a", deadlineMs: 5000 });
    const waiting = p.run("echo", 1, { caller: "b", deadlineMs: 5000 });
    const closed = p.close(5000);
    expect(await reasonOf(waiting)).toBe("shutting_down");
    expect(await reasonOf(p.run("echo", 2, { caller: "c", deadlineMs: 5000 }))).toBe("shutting_down");
    await expect(running).resolves.toEqual(ok(200));
    await closed;
    expect(p.stats().workers).toBe(0);
  });
});
