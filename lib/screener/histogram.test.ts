import { describe, expect, it } from "vitest";
import { binSpan, histogram, quantile } from "./histogram";

describe("quantile", () => {
  it("interpolates between neighbours", () => {
    expect(quantile([0, 10, 20, 30, 40], 0.5)).toBe(20);
    expect(quantile([0, 10], 0.25)).toBe(2.5);
    expect(quantile([], 0.5)).toBeNaN();
  });
});

describe("histogram", () => {
  it("bins values between the 1st and 99th percentiles, end bins open to outliers", () => {
    // -500..499 plus one far outlier: the 99th percentile (490) stops the span well short of it.
    const universe = [...Array.from({ length: 1000 }, (_, i) => i - 500), 1e6];
    const h = histogram(universe, [-500, 100, 1e6], 4);
    expect(h.scale).toBe("linear");
    expect(h.edges).toHaveLength(5);
    expect(h.open_below).toBe(true);
    expect(h.open_above).toBe(true);
    expect(h.edges).toEqual([-490, -245, 0, 245, 490]);
    expect(h.universe.reduce((a, b) => a + b, 0)).toBe(universe.length);
    expect(h.matches).toEqual([1, 0, 1, 1]);
  });

  it("uses a log scale for positive values whose 99th percentile is 20 times the 1st, else linear", () => {
    const universe = [1, 10, 100, 1000, 10_000];
    expect(binSpan(universe).scale).toBe("log");
    expect(binSpan([10, 100, 150]).scale).toBe("linear");
    expect(binSpan([-1, 10, 10_000]).scale).toBe("linear");
    const h = histogram(universe, [1000], 4);
    expect(h.scale).toBe("log");
    expect(h.universe.reduce((a, b) => a + b, 0)).toBe(5);
    expect(h.matches.reduce((a, b) => a + b, 0)).toBe(1);
    // A value is in the bin whose edges hold it.
    const bin = h.matches.findIndex((n) => n === 1);
    expect(h.edges[bin]!).toBeLessThanOrEqual(1000);
    expect(h.edges[bin + 1]!).toBeGreaterThanOrEqual(1000);
  });

  it("keeps one bin when every value is the same, and none without values", () => {
    expect(histogram([5, 5, 5], [5], 10)).toMatchObject({ universe: [3], matches: [1] });
    expect(histogram([], [], 10).edges).toEqual([]);
  });
});
