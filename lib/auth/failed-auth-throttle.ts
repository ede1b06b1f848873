/**
 * Refused API keys per client address, counted in this process's memory, so that a flood of bad
 * keys from one address stops costing a hash and a key-store lookup each: once an address has had
 * `limit` keys refused within a window (60 s from its first refusal), its key checks are refused
 * outright until that window ends.
 *
 * Memory is bounded: at most `maxAddresses` addresses are remembered, each as two numbers; a new
 * address beyond that forgets the one whose last refusal is the oldest. Per process: with several
 * instances, each counts its own.
 */
export interface FailedAuthThrottle {
  /** Seconds until `address` may have a key checked again; 0 when it may now. */
  retryAfterSeconds(address: string, nowMs: number): number;
  /** Counts one refused key from `address` (or one being checked: see `forgive`). */
  recordFailure(address: string, nowMs: number): void;
  /**
   * Takes back one count of `address`: a key counted before its check (so that concurrent checks
   * cannot all pass before the first refusal is recorded) that turned out valid.
   */
  forgive(address: string, nowMs: number): void;
}

export const AUTH_FAILURE_WINDOW_MS = 60_000;
/** At about 230 bytes an address (an IPv6 one: the map entry, its key and its window), 2.3 MB. */
export const MAX_TRACKED_ADDRESSES = 10_000;

interface Window {
  startMs: number;
  failures: number;
}

export function failedAuthThrottle(limit: number, { windowMs = AUTH_FAILURE_WINDOW_MS, maxAddresses = MAX_TRACKED_ADDRESSES } = {}): FailedAuthThrottle {
  // A Map iterates in insertion order; an address is re-inserted on each refusal, so the first
  // entry is always the one refused longest ago.
  const windows = new Map<string, Window>();
  const current = (address: string, nowMs: number): Window | undefined => {
    const window = windows.get(address);
    if (window === undefined || nowMs - window.startMs < windowMs) return window;
    windows.delete(address);
    return undefined;
  };
  return {
    retryAfterSeconds(address, nowMs) {
      const window = current(address, nowMs);
      if (window === undefined || window.failures < limit) return 0;
      return Math.max(1, Math.ceil((window.startMs + windowMs - nowMs) / 1000));
    },
    recordFailure(address, nowMs) {
      const window = current(address, nowMs) ?? { startMs: nowMs, failures: 0 };
      window.failures++;
      windows.delete(address);
      windows.set(address, window);
      if (windows.size > maxAddresses) windows.delete(windows.keys().next().value!);
    },
    forgive(address, nowMs) {
      const window = current(address, nowMs);
      if (window !== undefined && window.failures > 0) window.failures--;
    },
  };
}
