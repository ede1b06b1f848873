import { Redis } from "ioredis";
import { receipts } from "./receipts";
import { decide, RateLimitStoreUnavailableError, withReceipt, type RateLimiter, type WindowState } from "./sliding-window";

/**
 * The sliding-window log in Redis, for several app instances sharing one limit: one sorted set
 * per subject and window (score = request time). One Lua script reads every window and records
 * the request only when all have room; Redis runs scripts one at a time, so the check and the
 * write are atomic across every instance. The member is the receipt's entry (unique per request,
 * as a set needs), so a refund, a second script, removes that request from every window of its
 * subject at once. Keys of one subject share a hash tag (`{...}`), so the scripts also work on a
 * Redis Cluster.
 *
 * The request time comes from the app (so tests can inject a clock): instances must keep their
 * clocks in sync (NTP), as with any distributed limiter.
 */
const SCRIPT = `
local now = tonumber(ARGV[1])
local member = ARGV[2]
local out = {1}
for i = 1, #KEYS do
  local limit = tonumber(ARGV[1 + 2 * i])
  local window = tonumber(ARGV[2 + 2 * i])
  redis.call('ZREMRANGEBYSCORE', KEYS[i], '-inf', now - window)
  local count = redis.call('ZCARD', KEYS[i])
  local oldest = -1
  local freeAt = -1
  if count > 0 then
    oldest = tonumber(redis.call('ZRANGE', KEYS[i], 0, 0, 'WITHSCORES')[2])
  end
  if count >= limit then
    out[1] = 0
    freeAt = tonumber(redis.call('ZRANGE', KEYS[i], count - limit, count - limit, 'WITHSCORES')[2]) + window
  end
  table.insert(out, count)
  table.insert(out, oldest)
  table.insert(out, freeAt)
end
if out[1] == 1 then
  for i = 1, #KEYS do
    redis.call('ZADD', KEYS[i], now, member)
    redis.call('PEXPIRE', KEYS[i], tonumber(ARGV[2 + 2 * i]))
  end
end
return out
`;

const REFUND = `
for i = 1, #KEYS do
  redis.call('ZREM', KEYS[i], ARGV[1])
end
`;

type SlidingWindowCommand = (keyCount: number, ...keysAndArgs: (string | number)[]) => Promise<number[]>;
type RefundCommand = (keyCount: number, ...keysAndArgs: string[]) => Promise<null>;

export interface RedisRateLimiter extends RateLimiter {
  close(): Promise<void>;
}

export function redisRateLimiter(url: string, keyPrefix = "ratelimit:"): RedisRateLimiter {
  const redis = new Redis(url, {
    // Fail a request quickly when Redis is away (it gets a 503) instead of queueing it for ever.
    maxRetriesPerRequest: 1,
    commandTimeout: 2000,
    connectTimeout: 2000,
  });
  // Errors surface on the commands that fail; without a listener ioredis would also log each one.
  redis.on("error", () => {});
  redis.defineCommand("slidingWindow", { lua: SCRIPT });
  redis.defineCommand("refund", { lua: REFUND });
  const commands = redis as unknown as { slidingWindow: SlidingWindowCommand; refund: RefundCommand };
  const slidingWindow = commands.slidingWindow.bind(redis);
  const refund = commands.refund.bind(redis);
  const keysOf = (subject: string, windows: readonly string[]) => windows.map((name) => `${keyPrefix}{${subject}}:${name}`);
  const receiptFor = receipts();

  return {
    async consume(subject, windows, now) {
      const receipt = receiptFor(subject, windows, now);
      const keys = keysOf(subject, receipt.windows);
      const args = [now, receipt.entry, ...windows.flatMap((w) => [w.limit, w.windowMs])];
      let reply: number[];
      try {
        reply = await slidingWindow(keys.length, ...keys, ...args);
      } catch (error) {
        throw new RateLimitStoreUnavailableError(error);
      }
      const states = windows.map((_, i): WindowState => {
        const [count, oldest, freeAt] = reply.slice(1 + 3 * i, 4 + 3 * i) as [number, number, number];
        return { count, oldestMs: oldest < 0 ? null : oldest, freeAtMs: freeAt < 0 ? null : freeAt };
      });
      return withReceipt(decide(windows, states, now), receipt);
    },
    async used(subject, windows, now) {
      const keys = keysOf(subject, windows.map((w) => w.name));
      try {
        // Entries at or before now - window have left it (the script's ZREMRANGEBYSCORE bound).
        return await Promise.all(keys.map((key, i) => redis.zcount(key, `(${now - windows[i]!.windowMs}`, "+inf")));
      } catch (error) {
        throw new RateLimitStoreUnavailableError(error);
      }
    },
    async refund({ subject, windows, entry }) {
      const keys = keysOf(subject, windows);
      try {
        await refund(keys.length, ...keys, entry);
      } catch (error) {
        throw new RateLimitStoreUnavailableError(error);
      }
    },
    async ping() {
      try {
        await redis.ping();
      } catch (error) {
        throw new RateLimitStoreUnavailableError(error);
      }
    },
    async close() {
      if (redis.status === "ready") await redis.quit();
      else redis.disconnect();
    },
  };
}
