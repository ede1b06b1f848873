import { describe, expect, it } from "vitest";
import { rebasedCloses, rebaseTo } from "./price-history";

describe("rebasedCloses", () => {
  it("keeps the adjusted shape and ends on the actual close", () => {
    // A 2:1 split between the two days: the adjusted series has no cliff, the actual one halves.
    const prices = [
      { date: "2016-01-04", close: 200, adjusted_close: 25, volume: 1000 },
      { date: "2016-12-30", close: 110, adjusted_close: 27.5, volume: 2000 },
    ];
    expect(rebasedCloses(prices)).toEqual([100, 110]);
  });

  it("is empty for no prices", () => {
    expect(rebasedCloses([])).toEqual([]);
  });
});

describe("rebaseTo", () => {
  it("scales a series to equal the anchor at the given index", () => {
    expect(rebaseTo([2, 4, 1], 1, 100)).toEqual([50, 100, 25]);
  });

  it("is all NaN when the series has no value there", () => {
    expect(rebaseTo([Number.NaN, 4], 0, 100).every(Number.isNaN)).toBe(true);
  });
});
