import { describe, expect, it } from "vitest";
import { nextBenchmarkSums } from "./benchmark-sums";

describe("nextBenchmarkSums", () => {
  const level = new Map([
    ["2016-01-04", 1],
    ["2016-01-05", 1.1],
    ["2016-01-06", 1.21],
    ["2016-01-07", 0.968],
  ]);

  it("pairs each return with the benchmark's over the same interval, across a day the company did not trade", () => {
    const first = nextBenchmarkSums(undefined, "2016-01-04", 50, level);
    expect(first).toEqual({ benchmarkReturnSum: 0, benchmarkSquareSum: 0, benchmarkCrossSum: 0 });
    const second = nextBenchmarkSums({ date: "2016-01-04", adjustedClose: 50, ...first }, "2016-01-05", 60, level);
    // Own return 0.2, the benchmark's 0.1.
    expect(second.benchmarkReturnSum).toBeCloseTo(0.1, 12);
    expect(second.benchmarkSquareSum).toBeCloseTo(0.01, 12);
    expect(second.benchmarkCrossSum).toBeCloseTo(0.02, 12);
    // No row on the 6th: the next return runs from the 5th to the 7th, as does the benchmark's (0.968 / 1.1 − 1 = −0.12).
    const third = nextBenchmarkSums({ date: "2016-01-05", adjustedClose: 60, ...second }, "2016-01-07", 54, level);
    expect(third.benchmarkReturnSum).toBeCloseTo(0.1 - 0.12, 12);
    expect(third.benchmarkSquareSum).toBeCloseTo(0.01 + 0.0144, 12);
    expect(third.benchmarkCrossSum).toBeCloseTo(0.02 + -0.1 * -0.12, 12);
  });

  it("refuses a day the benchmark does not have, rather than pairing a return with nothing", () => {
    const first = nextBenchmarkSums(undefined, "2016-01-04", 50, level);
    expect(() => nextBenchmarkSums({ date: "2016-01-04", adjustedClose: 50, ...first }, "2016-01-08", 51, level)).toThrow("no value on 2016-01-08");
  });
});
