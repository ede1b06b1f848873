import { describe, expect, it } from "vitest";
import { linearScale, niceTicks } from "./scale";

describe("niceTicks", () => {
  it("covers the range with round steps", () => {
    expect(niceTicks(0, 100, 5)).toEqual([0, 50, 100]);
    expect(niceTicks(13.2, 118.7, 5)).toEqual([0, 50, 100, 150]);
    expect(niceTicks(-0.3, 0.45, 4)).toEqual([-0.5, 0, 0.5]);
    expect(niceTicks(12, 19, 5)).toEqual([12, 14, 16, 18, 20]);
  });

  it("handles a flat or empty range", () => {
    expect(niceTicks(5, 5)).toEqual([5]);
    expect(niceTicks(Number.NaN, 1)).toEqual([]);
  });
});

describe("linearScale", () => {
  it("maps the domain onto the range, inverted ranges included", () => {
    const y = linearScale(0, 200, 180, 20);
    expect(y(0)).toBe(180);
    expect(y(200)).toBe(20);
    expect(y(100)).toBe(100);
  });
});
