import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openPgState, type PgState } from "@/lib/db/api-state-pg";
import { type LocalServer, startPostgres } from "@/test/support/local-servers";
import { limiterContract } from "@/test/support/rate-limit/limiter-contract";
import { pgRateLimiter } from "./pg-limiter";
import { RateLimitStoreUnavailableError, type RateLimiter } from "./sliding-window";
import { parseTiers } from "./tiers";

// A real PostgreSQL, started here in a temporary directory and stopped after the tests.
let server: LocalServer;
let state: PgState;
let limiter: RateLimiter;
beforeAll(async () => {
  server = await startPostgres();
  state = openPgState(server.url);
  limiter = pgRateLimiter(state.pool, state.ready);
}, 60_000);
afterAll(async () => {
  await state.close();
  await server.stop();
});

limiterContract("PostgreSQL limiter", () => limiter);

describe("PostgreSQL limiter across instances", () => {
  it("admits exactly 30 when two app instances (two pools) race 80 requests", async () => {
    const other = openPgState(server.url);
    const second = pgRateLimiter(other.pool, other.ready);
    const windows = parseTiers(undefined).get("starter")!;
    const subject = `instances-${Date.now()}`;
    const now = Date.now();
    const decisions = await Promise.all(Array.from({ length: 80 }, (_, i) => (i % 2 ? limiter : second).consume(subject, windows, now + (i % 7))));
    await other.close();
    expect(decisions.filter((d) => d.allowed)).toHaveLength(30);
  });

  it("still counts the requests of instances of the previous release (four arguments, no entry) during a deploy", async () => {
    const windows = [{ name: "minute", limit: 2, windowMs: 60_000 }];
    const subject = `previous-release-${Date.now()}`;
    const now = Date.now();
    await state.pool.query("SELECT rate_limit_consume($1, $2, $3, $4)", [subject, now, [2], [60_000]]);
    expect((await limiter.consume(subject, windows, now)).policies[0]!.remaining).toBe(0);
    expect((await limiter.consume(subject, windows, now)).allowed).toBe(false);
  });

  it("fails with a store error (a 503 for the caller) when PostgreSQL is unreachable", async () => {
    const down = await startPostgres();
    const orphan = openPgState(down.url);
    const windows = parseTiers(undefined).get("starter")!;
    const unreachable = pgRateLimiter(orphan.pool, orphan.ready);
    await unreachable.ping();
    await down.stop();
    await expect(unreachable.consume("s", windows, Date.now())).rejects.toBeInstanceOf(RateLimitStoreUnavailableError);
    await expect(unreachable.ping()).rejects.toBeInstanceOf(RateLimitStoreUnavailableError);
    await orphan.close();
  }, 30_000);
});
