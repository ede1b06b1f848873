/**
 * Sliding-window-log rate limiting, the part shared by the SQLite, PostgreSQL and Redis stores. A
 * store keeps the time of every admitted request per subject; a request at `now` is admitted when,
 * for every window, fewer than `limit` admitted requests lie in (now - window, now]. Exact, unlike
 * fixed windows (which admit up to twice the limit across a boundary) or estimates. Refused
 * requests are not recorded, so they never count; an admitted request that is then not served
 * (the query pool refused it) is taken back from the log with its receipt (`refund`).
 */
export interface WindowLimit {
  /** Policy name shown in the RateLimit headers and in a 429 ("minute", "day"). */
  name: string;
  limit: number;
  windowMs: number;
}

/** One window as a store sees it at `now`, before the request is recorded. */
export interface WindowState {
  /** Admitted requests in the window. */
  count: number;
  /** Time of the oldest of them (null when none). */
  oldestMs: number | null;
  /** When count >= limit: the time at which the window holds limit - 1 requests again. */
  freeAtMs: number | null;
}

export interface PolicyState {
  name: string;
  limit: number;
  windowSeconds: number;
  /** Requests still available in the window after this one. */
  remaining: number;
  /** Seconds until the window frees a request (the RateLimit "t" parameter). */
  resetSeconds: number;
}

/**
 * Names one admitted request in a store's log, to refund it. Plain data (JSON as it is). The entry
 * is unique to the request and a refund looks for it only among its subject's entries, so a
 * receipt can take back its own request and no other.
 */
export interface RateLimitReceipt {
  subject: string;
  /** When the request was recorded (consume's `now`). */
  atMs: number;
  /** The windows it counts in, by name (Redis keeps a sorted set per window). */
  windows: string[];
  /** Its entry in the log, never given to another request (`receipts`). */
  entry: string;
}

export interface RateLimitDecision {
  allowed: boolean;
  policies: PolicyState[];
  /** Names of the exhausted windows (empty when allowed). */
  violated: string[];
  /** Seconds until a request would pass (refused requests only). */
  retryAfterSeconds: number | null;
}

/** What `consume` answers: the decision and, when it admitted (and recorded) the request, the receipt that refunds it. */
export type RateLimitDecisionWithReceipt =
  | (RateLimitDecision & { allowed: true; receipt: RateLimitReceipt })
  | (RateLimitDecision & { allowed: false; receipt: null });

export interface RateLimiter {
  /** Admits and records one request for `subject`, or refuses it without recording it. Atomic. */
  consume(subject: string, windows: readonly WindowLimit[], now: number): Promise<RateLimitDecisionWithReceipt>;
  /**
   * Removes the admitted request the receipt names from every window, atomically, as if it had
   * never been made. Nothing happens when it has left the windows or was refunded already.
   * Throws RateLimitStoreUnavailableError when the store cannot answer.
   */
  refund(receipt: RateLimitReceipt): Promise<void>;
  /** The admitted requests of `subject` in each window at `now`, recording nothing (a key's usage on the Keys page). */
  used(subject: string, windows: readonly WindowLimit[], now: number): Promise<number[]>;
  /** Resolves when the store answers (the health check); throws RateLimitStoreUnavailableError when not. */
  ping(): Promise<void>;
}

/** The store behind the limiter cannot answer (Redis down, state file locked too long): 503. */
export class RateLimitStoreUnavailableError extends Error {
  constructor(cause: unknown) {
    super("The rate-limit store is unavailable", { cause });
    this.name = "RateLimitStoreUnavailableError";
  }
}

const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

/** The decision for the window states a store read inside its transaction (or script). */
export function decide(windows: readonly WindowLimit[], states: readonly WindowState[], now: number): RateLimitDecision {
  const violated = windows.filter((w, i) => states[i]!.count >= w.limit);
  const allowed = violated.length === 0;
  const policies = windows.map((w, i): PolicyState => {
    const state = states[i]!;
    const full = state.count >= w.limit;
    const count = allowed ? state.count + 1 : state.count;
    const oldest = allowed ? (state.oldestMs ?? now) : state.oldestMs;
    const freesAt = full && !allowed ? state.freeAtMs! : oldest === null ? now + w.windowMs : oldest + w.windowMs;
    return {
      name: w.name,
      limit: w.limit,
      windowSeconds: w.windowMs / 1000,
      remaining: Math.max(0, w.limit - count),
      resetSeconds: seconds(freesAt - now),
    };
  });
  const retryAfterSeconds = allowed
    ? null
    : Math.max(...violated.map((w) => policies.find((p) => p.name === w.name)!.resetSeconds));
  return { allowed, policies, violated: violated.map((w) => w.name), retryAfterSeconds };
}

/** The answer of a store that records an admitted request under `receipt`'s entry. */
export function withReceipt(decision: RateLimitDecision, receipt: RateLimitReceipt): RateLimitDecisionWithReceipt {
  return decision.allowed ? { ...decision, allowed: true, receipt } : { ...decision, allowed: false, receipt: null };
}
