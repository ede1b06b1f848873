import { randomBytes } from "node:crypto";
import type { RateLimitReceipt, WindowLimit } from "./sliding-window";

/**
 * Receipts for one limiter's requests. Entries are the limiter's random tag and a counter: unique
 * across instances and restarts without asking the store, so a refund of a request already gone
 * cannot find a later one in its place (SQLite reuses the rowid of a deleted last row).
 */
export function receipts(): (subject: string, windows: readonly WindowLimit[], now: number) => RateLimitReceipt {
  const tag = randomBytes(6).toString("hex");
  let sequence = 0;
  return (subject, windows, now) => ({ subject, atMs: now, windows: windows.map((w) => w.name), entry: `${tag}:${sequence++}` });
}
