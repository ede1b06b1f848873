import type { Pool } from "pg";
import { z } from "zod";
import { LONGEST_WINDOW_MS } from "./tiers";
import { decide, RateLimitStoreUnavailableError, type RateLimiter, type WindowState } from "./sliding-window";

const SWEEP_EVERY_MS = 5 * 60_000;
// bigint[] arrives as strings.
const ReplyRow = z.object({ reply: z.array(z.coerce.number()) });

/**
 * The sliding-window log in PostgreSQL (`API_STATE_URL` without `REDIS_URL`): one call of the
 * `rate_limit_consume` function (lib/db/api-state-pg.ts creates it) per decision, which takes a
 * per-subject advisory lock for its transaction, so instances sharing the database never both
 * take the last free slot. `ready` resolves once the schema is current (the pool and the
 * migrations belong to lib/db, which this layer may not import).
 */
export function pgRateLimiter(pool: Pool, ready: () => Promise<void>): RateLimiter {
  let sweptAt = 0;
  return {
    async consume(subject, windows, now) {
      let reply: number[];
      try {
        await ready();
        const { rows } = await pool.query({
          text: "SELECT rate_limit_consume($1, $2, $3, $4) AS reply",
          values: [subject, now, windows.map((w) => w.limit), windows.map((w) => w.windowMs)],
        });
        reply = ReplyRow.parse(rows[0]).reply;
      } catch (error) {
        throw new RateLimitStoreUnavailableError(error);
      }
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
      return decide(windows, states, now);
    },
    async ping() {
      try {
        await ready();
        await pool.query("SELECT 1");
      } catch (error) {
        throw new RateLimitStoreUnavailableError(error);
      }
    },
  };
}
