import { randomBytes } from "node:crypto";
import { Redis } from "ioredis";
import { decide, RateLimitStoreUnavailableError, type RateLimiter, type WindowState } from "./sliding-window";

/**
 * The sliding-window log in Redis, for several app instances sharing one limit: one sorted set
 * per subject and window (score = request time). One Lua script reads every window and records
 * the request only when all have room; Redis runs scripts one at a time, so the check and the
 * write are atomic across every instance. Keys of one subject share a hash tag (`{...}`), so the
 * script also works on a Redis Cluster.
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

type SlidingWindowCommand = (keyCount: number, ...keysAndArgs: (string | number)[]) => Promise<number[]>;

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
  const slidingWindow = (redis as unknown as { slidingWindow: SlidingWindowCommand }).slidingWindow.bind(redis);
  // Members must be unique per request: a per-process tag and a counter.
  const tag = randomBytes(6).toString("hex");
  let sequence = 0;

  return {
    async consume(subject, windows, now) {
      const keys = windows.map((w) => `${keyPrefix}{${subject}}:${w.name}`);
      const args = [now, `${now}:${tag}:${sequence++}`, ...windows.flatMap((w) => [w.limit, w.windowMs])];
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
      return decide(windows, states, now);
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
