import { describe, expect, it } from "vitest";
import { BundledFileError } from "./compressed-files";
import { parsePrices } from "./prices";

const FILE = "data/prices/daily-2011-2021.csv.br";
const HEADER = "ticker,date,close,adjusted_close,volume,dividend_amount,split_coefficient";
const csv = (...rows: string[]) => [HEADER, ...rows, ""].join("\n");

describe("parsePrices", () => {
  it("reads per-ticker series sorted by date; a volume of 0 is a value", () => {
    const series = parsePrices(FILE, csv("A,2016-12-30,1.5,1.4,0,0.0,1.0", "A,2016-12-29,1.0,0.9,100,0.1,2.0", "B,2016-12-30,3,3,5,0,1"));
    expect(series.get("A")).toEqual([
      { date: "2016-12-29", close: 1, adjustedClose: 0.9, volume: 100, dividend: 0.1, split: 2 },
      { date: "2016-12-30", close: 1.5, adjustedClose: 1.4, volume: 0, dividend: 0, split: 1 },
    ]);
    expect([...series.keys()]).toEqual(["A", "B"]);
  });

  it.each([
    ["an empty", "A,2016-12-30,1.5,,100,0.0,1.0", 'adjusted_close "" is not a number'],
    ["a blank", "A,2016-12-30,1.5,1.4,100,0.0, ", 'split_coefficient " " is not a number'],
    ["a non-numeric", "A,2016-12-30,1.5x,1.4,100,0.0,1.0", 'close "1.5x" is not a number'],
  ])("stops at %s numeric cell, naming the file, row and column", (_, bad, message) => {
    const read = () => parsePrices(FILE, csv("A,2016-12-29,1.0,0.9,100,0.0,1.0", bad));
    expect(read).toThrow(BundledFileError);
    expect(read).toThrow(`${FILE}: row 3: ${message}`);
  });

  it("stops at a row with a missing cell or a bad date", () => {
    expect(() => parsePrices(FILE, csv("A,2016-12-30,1.5,1.4,100,0.0"))).toThrow(`${FILE}: row 2 is not a valid price row`);
    expect(() => parsePrices(FILE, csv("A,30-12-2016,1.5,1.4,100,0.0,1.0"))).toThrow(`${FILE}: row 2 is not a valid price row`);
  });
});
