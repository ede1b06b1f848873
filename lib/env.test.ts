import { afterEach, describe, expect, it, vi } from "vitest";

async function freshEnv() {
  vi.resetModules();
  return (await import("./env")).env();
}

afterEach(() => vi.unstubAllEnvs());

describe("env: server timeouts", () => {
  it("defaults to a keep-alive above a 60 s load balancer, headers above it, and an idle timeout above every deadline", async () => {
    expect(await freshEnv()).toMatchObject({ KEEP_ALIVE_TIMEOUT_MS: 65_000, HEADERS_TIMEOUT_MS: 66_000, RESPONSE_IDLE_TIMEOUT_MS: 30_000 });
  });

  it("refuses an idle timeout that an answer still within its deadline could reach", async () => {
    vi.stubEnv("RESPONSE_IDLE_TIMEOUT_MS", "12000");
    vi.stubEnv("BACKTEST_DEADLINE_MS", "15000");
    await expect(freshEnv()).rejects.toThrow("RESPONSE_IDLE_TIMEOUT_MS: must exceed the longest deadline and the body timeout (15000 ms)");
    vi.stubEnv("BACKTEST_DEADLINE_MS", "10000");
    expect((await freshEnv()).RESPONSE_IDLE_TIMEOUT_MS).toBe(12_000);
  });

  it("refuses a headers timeout above Node's whole-request timeout", async () => {
    vi.stubEnv("HEADERS_TIMEOUT_MS", "300001");
    await expect(freshEnv()).rejects.toThrow("HEADERS_TIMEOUT_MS");
  });
});
