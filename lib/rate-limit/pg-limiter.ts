import type { Pool } from "pg";
import { z } from "zod";
import { receipts } from "./receipts";
import { LONGEST_WINDOW_MS } from "./tiers";
import { decide, RateLimitStoreUnavailableError, withReceipt, type RateLimiter, type WindowState } from "./sliding-window";

const SWEEP_EVERY_MS = 5 * 60_000;
// bigint[] arrives as strings.
const ReplyRow = z.object({ reply: z.array(z.coerce.number()) });

/**
 * The sliding-window log in PostgreSQL (`API_STATE_URL` without `REDIS_URL`): one call of the
 * `rate_limit_consume` function (lib/db/api-state-pg.ts creates it) per decision, which takes a
 * per-subject advisory lock for its transaction, so instances sharing the database never both
 * take the last free slot; `rate_limit_refund` deletes a row under the same lock. `ready`
 * resolves once the schema is current (the pool and the migrations belong to lib/db, which this
 * layer may not import).
 */
const CountRow = z.object({ n: z.int().nonnegative() });

export function pgRateLimiter(pool: Pool, ready: () => Promise<void>): RateLimiter {
  let sweptAt = 0;
  const receiptFor = receipts();

  /** Runs one query once the schema is current; PostgreSQL being away becomes RateLimitStoreUnavailableError. */
  async function query(text: string, values: unknown[] = []): Promise<unknown[]> {
    try {
      await ready();
      return (await pool.query({ text, values })).rows;
    } catch (error) {
      throw new RateLimitStoreUnavailableError(error);
    }
  }

  return {
    async consume(subject, windows, now) {
      const receipt = receiptFor(subject, windows, now);
      const rows = await query("SELECT rate_limit_consume($1, $2, $3, $4, $5) AS reply", [
        subject,
        now,
        windows.map((w) => w.limit),
        windows.map((w) => w.windowMs),
        receipt.entry,
      ]);
      const { reply } = ReplyRow.parse(rows[0]);
      // Subjects that stop sending are never pruned by their own calls: drop every row older than
      // the longest window there is, every few minutes, off the request's path.
      if (now - sweptAt > SWEEP_EVERY_MS) {
        sweptAt = now;
        pool.query("DELETE FROM rate_limit_log WHERE at_ms <= $1", [now - LONGEST_WINDOW_MS]).catch(() => {});
      }
      const states = windows.map((_, i): WindowState => {
        const [count, oldest, freeAt] = reply.slice(1 + 3 * i, 4 + 3 * i);
        return { count: count!, oldestMs: oldest! < 0 ? null : oldest!, freeAtMs: freeAt! < 0 ? null : freeAt! };
      });
      return withReceipt(decide(windows, states, now), receipt);
    },
    refund: async ({ subject, atMs, entry }) => void (await query("SELECT rate_limit_refund($1, $2, $3)", [subject, atMs, entry])),
    used: (subject, windows, now) =>
      Promise.all(windows.map(async (w) => CountRow.parse((await query("SELECT count(*)::int AS n FROM rate_limit_log WHERE subject = $1 AND at_ms > $2", [subject, now - w.windowMs]))[0]).n)),
    ping: async () => void (await query("SELECT 1")),
  };
}
