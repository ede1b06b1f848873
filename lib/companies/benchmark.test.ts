import { describe, expect, it } from "vitest";
import { chainIndex } from "./benchmark";

describe("chainIndex", () => {
  it("chains daily mean growth from 1, keeping the level on a day without returns", () => {
    const index = chainIndex([
      { date: "2011-01-03", growth: null },
      { date: "2011-01-04", growth: 1.1 },
      { date: "2011-01-05", growth: null },
      { date: "2011-01-06", growth: 0.5 },
    ]);
    expect(index.dates).toEqual(["2011-01-03", "2011-01-04", "2011-01-05", "2011-01-06"]);
    expect(index.values.map((v) => Number(v.toFixed(6)))).toEqual([1, 1.1, 1.1, 0.55]);
  });
});
