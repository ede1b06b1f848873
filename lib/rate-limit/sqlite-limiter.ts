import type Database from "better-sqlite3";
import { z } from "zod";
import { LONGEST_WINDOW_MS } from "./tiers";
import { receipts } from "./receipts";
import { decide, RateLimitStoreUnavailableError, withReceipt, type RateLimitDecisionWithReceipt, type RateLimiter, type WindowLimit, type WindowState } from "./sliding-window";

const SWEEP_EVERY_MS = 5 * 60_000;
const AtMs = z.int();
const WindowRow = z.object({ count: z.int().nonnegative(), oldest: AtMs.nullable() });

/**
 * The sliding-window log in the API state file. Each decision is one `BEGIN IMMEDIATE`
 * transaction: it takes the file's write lock before reading the counts, so concurrent requests
 * (in this process or in any other process sharing the file) are serialised and can never both
 * take the last free slot. A refund is one DELETE, which waits for the same lock. `db` is the API
 * state file (lib/db/api-state-db.ts creates its rate_limit_log table), typed as the bare
 * connection: lib/env imports this folder's tiers, so lib/rate-limit may not import lib/db (which
 * imports lib/env).
 */
export function sqliteRateLimiter(db: Database.Database): RateLimiter {
  const prune = db.prepare(`DELETE FROM rate_limit_log WHERE subject = ? AND at_ms <= ?`);
  // Subjects that stop sending (revoked keys, passing UI clients) are never pruned by the line
  // above: a sweep every few minutes drops every row older than the longest window there is.
  const sweep = db.prepare(`DELETE FROM rate_limit_log WHERE at_ms <= ?`);
  let sweptAt = 0;
  const window = db.prepare(`SELECT count(*) AS count, min(at_ms) AS oldest FROM rate_limit_log WHERE subject = ? AND at_ms > ?`);
  // The (count - limit)-th oldest request in the window: once it leaves, one slot is free again.
  const nth = db.prepare(`SELECT at_ms FROM rate_limit_log WHERE subject = ? AND at_ms > ? ORDER BY at_ms LIMIT 1 OFFSET ?`).pluck();
  const record = db.prepare(`INSERT INTO rate_limit_log (subject, at_ms, entry) VALUES (?, ?, ?)`);
  const remove = db.prepare(`DELETE FROM rate_limit_log WHERE subject = ? AND at_ms = ? AND entry = ?`);
  const receiptFor = receipts();

  const consume = db
    .transaction((subject: string, windows: readonly WindowLimit[], now: number): RateLimitDecisionWithReceipt => {
      const longest = Math.max(...windows.map((w) => w.windowMs));
      prune.run(subject, now - longest);
      if (now - sweptAt > SWEEP_EVERY_MS) {
        sweep.run(now - LONGEST_WINDOW_MS);
        sweptAt = now;
      }
      const states = windows.map((w): WindowState => {
        const since = now - w.windowMs;
        const { count, oldest } = WindowRow.parse(window.get(subject, since));
        const freeAtMs = count >= w.limit ? AtMs.parse(nth.get(subject, since, count - w.limit)) + w.windowMs : null;
        return { count, oldestMs: oldest, freeAtMs };
      });
      const decision = withReceipt(decide(windows, states, now), receiptFor(subject, windows, now));
      if (decision.allowed) record.run(subject, now, decision.receipt.entry);
      return decision;
    })
    .immediate;

  const guarded = <T>(run: () => T): T => {
    try {
      return run();
    } catch (error) {
      // The busy timeout ran out: another process held the write lock for seconds.
      if ((error as { code?: string }).code === "SQLITE_BUSY") throw new RateLimitStoreUnavailableError(error);
      throw error;
    }
  };
  const probe = db.prepare("SELECT 1");
  return {
    consume: async (subject, windows, now) => guarded(() => consume(subject, windows, now)),
    refund: async ({ subject, atMs, entry }) => void guarded(() => remove.run(subject, atMs, entry)),
    used: async (subject, windows, now) => guarded(() => windows.map((w) => WindowRow.parse(window.get(subject, now - w.windowMs)).count)),
    ping: async () => void guarded(() => probe.get()),
  };
}
