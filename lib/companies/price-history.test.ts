import { describe, expect, it } from "vitest";
import { rebasedCloses } from "./price-history";

describe("rebasedCloses", () => {
  it("keeps the adjusted shape and ends on the actual close", () => {
    // A 2:1 split between the two days: the adjusted series has no cliff, the actual one halves.
    const prices = [
      { date: "2016-01-04", close: 200, adjusted_close: 25 },
      { date: "2016-12-30", close: 110, adjusted_close: 27.5 },
    ];
    expect(rebasedCloses(prices)).toEqual([100, 110]);
  });

  it("is empty for no prices", () => {
    expect(rebasedCloses([])).toEqual([]);
  });
});
