import path from "node:path";
import { describe, expect, it } from "vitest";
import { bundledPaths } from "./bundled-paths";
import { readBrotliText } from "./compressed-files";
import { parseSp500History } from "./sp500-history";

const file = bundledPaths(path.resolve("data")).sp500History;
const history = () => parseSp500History(file, readBrotliText(file));

describe("parseSp500History (the bundled fja05680/sp500 intervals)", () => {
  it("lists each ticker's stretches in the index, a removal day being the first day out", () => {
    expect(history().intervalsOf("AAL")).toEqual([
      { ticker: "AAL", start: "1996-01-02", end: "1997-01-15" },
      { ticker: "AAL", start: "2015-03-23", end: "2024-09-23" },
    ]);
    expect(history().membersOn("2015-03-20")).not.toContain("AAL");
    expect(history().membersOn("2015-03-23")).toContain("AAL");
    expect(history().membersOn("2024-09-23")).not.toContain("AAL");
  });

  it("has about 500 members on the snapshot date, share classes spelled with a dot", () => {
    const members = history().membersOn("2017-03-31");
    expect(members).toHaveLength(506);
    expect(members).toEqual(expect.arrayContaining(["AAPL", "BRK.B", "GOOG", "GOOGL", "NFLX"]));
  });

  it("refuses a file that is not the interval list", () => {
    expect(() => parseSp500History("f", "ticker,start\n")).toThrow(/unexpected header/);
    expect(() => parseSp500History("f", "ticker,start_date,end_date\nA,2001-01-01,2000-01-01\n")).toThrow(/line 2/);
  });
});
