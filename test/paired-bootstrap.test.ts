import { describe, expect, it } from "vitest";
import { pairedBootstrap } from "@/bench/support/paired-bootstrap";

describe("pairedBootstrap", () => {
  it("gives a zero-width interval when every question differs by the same amount", () => {
    expect(pairedBootstrap([0, 0.5, 1], [0.25, 0.75, 1.25])).toEqual({ mean: 0.25, low: 0.25, high: 0.25 });
  });

  it("pairs the questions: the same scores in another order are a difference, not noise", () => {
    const a = [1, 0, 1, 0, 1, 0, 1, 0];
    const paired = pairedBootstrap(a, a);
    expect(paired).toEqual({ mean: 0, low: 0, high: 0 });
    const swapped = pairedBootstrap(a, [0, 1, 0, 1, 0, 1, 0, 1]);
    expect(swapped.mean).toBe(0);
    expect(swapped.low).toBeLessThan(-0.25);
    expect(swapped.high).toBeGreaterThan(0.25);
  });

  it("one question of forty won by one ranker leaves zero inside the interval", () => {
    const a = Array.from({ length: 40 }, () => 1);
    const b = [...a.slice(1), 0];
    const { mean, low, high } = pairedBootstrap(a, b);
    expect(mean).toBeCloseTo(-0.025, 10);
    expect(low).toBeLessThan(mean);
    expect(high).toBe(0);
  });

  it("is reproducible and refuses lists of different lengths or no resamples", () => {
    const a = [0.1, 0.5, 0.2, 1, 0, 0.33];
    const b = [0.5, 0.5, 0, 1, 1, 0.25];
    expect(pairedBootstrap(a, b)).toEqual(pairedBootstrap(a, b));
    expect(() => pairedBootstrap(a, b.slice(1))).toThrow(/equally long/);
    expect(() => pairedBootstrap(a, b, 0)).toThrow(/resamples/);
    expect(() => pairedBootstrap(a, b, 2.5)).toThrow(/resamples/);
  });
});
