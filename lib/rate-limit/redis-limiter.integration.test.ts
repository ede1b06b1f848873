import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type LocalServer, startRedis } from "@/test/support/local-servers";
import { type RedisRateLimiter, redisRateLimiter } from "./redis-limiter";
import { RateLimitStoreUnavailableError } from "./sliding-window";
import { limiterContract } from "@/test/support/rate-limit/limiter-contract";
import { parseTiers } from "./tiers";

// A real redis-server, started here and stopped after the tests.
let redis: LocalServer;
let limiter: RedisRateLimiter;
beforeAll(async () => {
  redis = await startRedis();
  limiter = redisRateLimiter(redis.url, "test:");
}, 30_000);
afterAll(async () => {
  await limiter.close();
  await redis.stop();
});

limiterContract("Redis limiter", () => limiter);

describe("Redis limiter across instances", () => {
  it("admits exactly 30 when two app instances (two connections) race 80 requests", async () => {
    const other = redisRateLimiter(redis.url, "test:");
    const windows = parseTiers(undefined).get("starter")!;
    const subject = `instances-${Date.now()}`;
    const now = Date.now();
    const decisions = await Promise.all(Array.from({ length: 80 }, (_, i) => (i % 2 ? limiter : other).consume(subject, windows, now + (i % 7))));
    await other.close();
    expect(decisions.filter((d) => d.allowed)).toHaveLength(30);
  });

  it("fails with a store error (a 503 for the caller) when Redis is unreachable", async () => {
    const down = await startRedis();
    const orphan = redisRateLimiter(down.url, "test:");
    await down.stop();
    const windows = parseTiers(undefined).get("starter")!;
    await expect(orphan.consume("s", windows, Date.now())).rejects.toBeInstanceOf(RateLimitStoreUnavailableError);
    await orphan.close();
  });
});
