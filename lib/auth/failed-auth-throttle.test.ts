import { describe, expect, it } from "vitest";
import { failedAuthThrottle } from "./failed-auth-throttle";

const T0 = Date.parse("2026-04-01T10:00:00Z");

describe("failedAuthThrottle", () => {
  it("lets an address fail `limit` times, then refuses it until a minute after its first failure", () => {
    const throttle = failedAuthThrottle(3);
    for (let i = 0; i < 3; i++) {
      expect(throttle.retryAfterSeconds("203.0.113.7", T0 + i * 1000)).toBe(0);
      throttle.recordFailure("203.0.113.7", T0 + i * 1000);
    }
    expect(throttle.retryAfterSeconds("203.0.113.7", T0 + 2000)).toBe(58);
    expect(throttle.retryAfterSeconds("203.0.113.7", T0 + 59_500)).toBe(1);
    expect(throttle.retryAfterSeconds("203.0.113.7", T0 + 60_000)).toBe(0);
    // A new window: three more failures before the next refusal.
    throttle.recordFailure("203.0.113.7", T0 + 60_000);
    expect(throttle.retryAfterSeconds("203.0.113.7", T0 + 60_001)).toBe(0);
  });

  it("takes back a count that turned out to be a valid key", () => {
    const throttle = failedAuthThrottle(2);
    throttle.recordFailure("203.0.113.7", T0);
    throttle.recordFailure("203.0.113.7", T0);
    expect(throttle.retryAfterSeconds("203.0.113.7", T0)).toBe(60);
    throttle.forgive("203.0.113.7", T0 + 1);
    expect(throttle.retryAfterSeconds("203.0.113.7", T0 + 1)).toBe(0);
    // Nothing to take back from an address without failures.
    throttle.forgive("198.51.100.9", T0);
    throttle.recordFailure("198.51.100.9", T0);
    expect(throttle.retryAfterSeconds("198.51.100.9", T0)).toBe(0);
  });

  it("counts each address on its own", () => {
    const throttle = failedAuthThrottle(2);
    throttle.recordFailure("203.0.113.7", T0);
    throttle.recordFailure("203.0.113.7", T0);
    expect(throttle.retryAfterSeconds("203.0.113.7", T0)).toBe(60);
    expect(throttle.retryAfterSeconds("198.51.100.9", T0)).toBe(0);
    throttle.recordFailure("198.51.100.9", T0);
    expect(throttle.retryAfterSeconds("198.51.100.9", T0)).toBe(0);
  });

  it("remembers at most maxAddresses addresses, forgetting the one refused longest ago", () => {
    const throttle = failedAuthThrottle(1, { maxAddresses: 3 });
    for (const address of ["a", "b", "c"]) throttle.recordFailure(address, T0);
    // A refusal moves "a" to the end: "b" is now the one refused longest ago.
    throttle.recordFailure("a", T0 + 1);
    throttle.recordFailure("d", T0 + 2);
    expect(["a", "b", "c", "d"].map((address) => throttle.retryAfterSeconds(address, T0 + 3) > 0)).toEqual([true, false, true, true]);
  });

  it("stays bounded under a flood of distinct addresses", () => {
    const throttle = failedAuthThrottle(1, { maxAddresses: 100 });
    for (let i = 0; i < 100_000; i++) throttle.recordFailure(`10.0.${i >> 8}.${i & 255}`, T0 + i);
    const remembered = Array.from({ length: 100_000 }, (_, i) => throttle.retryAfterSeconds(`10.0.${i >> 8}.${i & 255}`, T0 + 100_000)).filter((s) => s > 0);
    expect(remembered).toHaveLength(100);
  });
});
