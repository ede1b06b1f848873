import { describe, expect, it } from "vitest";
import { monthsBefore, rangeStart } from "./price-ranges";

describe("monthsBefore", () => {
  it("moves back whole months, across years and into shorter months", () => {
    expect(monthsBefore("2017-03-31", 1)).toBe("2017-02-28");
    expect(monthsBefore("2016-03-31", 1)).toBe("2016-02-29");
    expect(monthsBefore("2017-03-31", 12)).toBe("2016-03-31");
    expect(monthsBefore("2017-01-15", 3)).toBe("2016-10-15");
    expect(monthsBefore("2017-03-31", 60)).toBe("2012-03-31");
  });
});

describe("rangeStart", () => {
  const dates = ["2016-03-30", "2016-03-31", "2016-04-01", "2017-02-27", "2017-02-28", "2017-03-31"];
  it("starts at the first day on or after the range's first date", () => {
    expect(rangeStart(dates, "1M")).toBe(4);
    expect(rangeStart(dates, "1Y")).toBe(1);
    expect(rangeStart(dates, "5Y")).toBe(0);
    expect(rangeStart(dates, "Max")).toBe(0);
  });
  it("is 0 for no dates", () => {
    expect(rangeStart([], "1M")).toBe(0);
  });
});
