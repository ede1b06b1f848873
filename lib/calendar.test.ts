import { describe, expect, it } from "vitest";
import { weekdaysAfter } from "./calendar";

describe("weekdaysAfter", () => {
  it("lists the weekdays after a day up to another, weekends left out", () => {
    // Friday 2018-01-19 to Monday 2018-01-22: one weekday; to Friday 2018-01-26: five.
    expect(weekdaysAfter("2018-01-19", "2018-01-22")).toEqual(["2018-01-22"]);
    expect(weekdaysAfter("2018-01-19", "2018-01-26")).toHaveLength(5);
    expect(weekdaysAfter("2018-01-19", "2018-01-21")).toEqual([]);
    expect(weekdaysAfter("2018-01-19", "2018-01-18")).toEqual([]);
  });
});
