import { describe, expect, it } from "vitest";
import { fixtureBundle } from "@/scripts/pystock-archives.test";
import { BundledFileError } from "./compressed-files";
import { PYSTOCK_PRICE_HEADER, parsePystockPrices, parsePystockPricesWithCounts } from "./pystock-prices";

/** The bundle of the archive excerpts in test/fixtures/pystock/ (their README says where each is from). */
const series = () => parsePystockPrices("fixture", fixtureBundle().pricesCsv().text);
const day = (symbol: string, date: string) => series().get(symbol)!.find((d) => d.date === date)!;

describe("parsePystockPrices", () => {
  it("finds NKE's 2-for-1 split on its ex-date, with unadjusted closes and a return within one archive", () => {
    expect(day("NKE", "2015-12-23")).toMatchObject({ close: 128.710007, split: 1, dividend: 0 });
    const exDate = day("NKE", "2015-12-24");
    expect(exDate).toMatchObject({ close: 63.18, volume: 13889100, split: 2, dividend: 0 });
    // 20151224 read 2015-12-23's adj_close as 64.355003: the day's return is 63.18 / 64.355003.
    expect(exDate.adjustedClose / day("NKE", "2015-12-23").adjustedClose).toBeCloseTo(63.18 / 64.355003, 10);
  });

  it("dates NFLX's 7-for-1 split on 2015-07-15 although Yahoo adjusted 2015-07-14 already", () => {
    expect(day("NFLX", "2015-07-14").split).toBe(1);
    expect(day("NFLX", "2015-07-15")).toMatchObject({ split: 7, dividend: 0 });
  });

  it("finds Apple's $0.52 dividend on its ex-date, 2016-02-04", () => {
    expect(day("AAPL", "2016-02-03").dividend).toBe(0);
    expect(day("AAPL", "2016-02-04").dividend).toBeCloseTo(0.52, 4);
    expect(day("AAPL", "2016-02-05").dividend).toBe(0);
  });

  it("leaves the dividend unknown on a day without its archive's reading, and knows the next day's", () => {
    expect(day("AAPL", "2015-06-10")).toMatchObject({ close: 128.880005, dividend: null, split: 1 });
    expect(day("AAPL", "2015-06-11").dividend).toBe(0);
    // KO's $0.33 dividend went ex on 2015-06-11, which 20150611 read together with 2015-06-10.
    expect(day("KO", "2015-06-11").dividend).toBeCloseTo(0.33, 4);
  });

  it("ends each adjusted series at the last close and counts what it derived", () => {
    const { series: all, counts } = parsePystockPricesWithCounts("fixture", fixtureBundle().pricesCsv().text);
    for (const days of all.values()) expect(days.at(-1)!.adjustedClose).toBe(days.at(-1)!.close);
    expect(counts).toMatchObject({ splits: 2, earlySplitAdjustments: 0, unexplainedAdjustments: 0 });
  });

  it("names the file and row of a malformed row", () => {
    expect(() => parsePystockPrices("f", `${PYSTOCK_PRICE_HEADER}\nA,2017-03-31,x,1,1,,,\n`)).toThrow(BundledFileError);
    expect(() => parsePystockPrices("f", "symbol,date\n")).toThrow(/unexpected header/);
  });
});
