import { describe, expect, it } from "vitest";
import { rebasedCloses, rebaseTo, volumesOnLastBasis } from "./price-history";

describe("rebasedCloses", () => {
  it("keeps the adjusted shape and ends on the actual close", () => {
    // A 2:1 split between the two days: the adjusted series has no cliff, the actual one halves.
    const prices = [
      { date: "2016-01-04", close: 200, adjusted_close: 25, volume: 1000, split_index: 1 },
      { date: "2016-12-30", close: 110, adjusted_close: 27.5, volume: 2000, split_index: 2 },
    ];
    expect(rebasedCloses(prices)).toEqual([100, 110]);
  });

  it("is empty for no prices", () => {
    expect(rebasedCloses([])).toEqual([]);
  });
});

describe("volumesOnLastBasis", () => {
  it("restates each day's volume in the shares of the last day, as the closes are", () => {
    // A 2:1 split on the second day, a 3:1 split on the fourth: 1,000 shares on day one are 6,000 of today's.
    const prices = [1, 2, 2, 6].map((split_index, i) => ({ date: `2016-01-0${i + 4}`, close: 1, adjusted_close: 1, volume: 1000, split_index }));
    expect(volumesOnLastBasis(prices)).toEqual([6000, 3000, 3000, 1000]);
    expect(volumesOnLastBasis([])).toEqual([]);
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
