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

  describe("drops the days no market made (lib/ingest/price-plausibility.ts)", () => {
    // Rows of data/pystock/prices.csv.br as the file holds them.
    const excerpt = [
      "RMI,2015-12-23,39.74,39.74,998900,,,",
      "RMI,2015-12-24,39.53,39.53,895300,,,",
      "RMI,2015-12-28,0.004,0.004,000,-,-,2015-12-29",
      "RMI,2015-12-29,0.004,0.004,000,,,",
      "RMI,2015-12-30,38.19,38.19,589200,,,",
      "RMI,2015-12-31,38.71,38.71,332900,,,",
      "NK,2015-07-24,0.005,0.005,000,-,-,2015-07-27",
      "NK,2015-07-27,0.01,0.01,5800,,,",
      "NK,2015-07-28,34.64,34.64,12745700,,,",
      "NK,2015-07-29,34.990002,34.990002,2023300,34.639999,34.639999,",
      "NK,2015-07-30,31.50,31.50,1123600,,,",
      "NK,2015-07-31,30.60,30.60,699700,,,",
    ];
    const cj = [
      "CJ,2017-03-06,41.00,41.00,328500,-,-,2017-03-07",
      "CJ,2017-03-07,40.50,40.50,309500,,,",
      "CJ,2017-03-08,38.44,38.44,310000,,,",
      "CJ,2017-03-09,0.022,0.022,000,,,",
      "CJ,2017-03-10,0.022,0.022,000,,,",
      "CJ,2017-03-13,36.50,36.50,171000,36.30,36.30,",
      "CJ,2017-03-14,0.02,0.02,000,,,",
      "CJ,2017-03-15,38.58,38.58,267500,,,",
      "CJ,2017-03-16,38.17,38.17,92700,,,",
      "CJ,2017-03-17,36.83,36.83,278800,,,",
      "CJ,2017-03-20,0.02,0.02,000,0.02,0.02,",
      "CJ,2017-03-21,0.02,0.02,000,,,",
      "CJ,2017-03-22,0.02,0.02,000,35.90,35.90,",
      "CJ,2017-03-23,33.84,33.84,184300,-,-,2017-03-24",
      "CJ,2017-03-24,33.61,33.61,146700,,,",
      "CJ,2017-03-27,32.49,32.49,700400,,,",
      "CJ,2017-03-28,0.02,0.02,000,,,",
      "CJ,2017-03-29,0.02,0.02,000,,,",
      "CJ,2017-03-30,34.23,34.23,233200,,,",
      "CJ,2017-03-31,0.02,0.02,000,,,",
    ];
    const parsed = () => parsePystockPricesWithCounts("excerpt", [PYSTOCK_PRICE_HEADER, ...excerpt, ...cj].join("\n"));

    it("a run of bad prints that comes back: RMI at $0.004 for two days between $39.53 and $38.19", () => {
      const { series: all, counts } = parsed();
      expect(all.get("RMI")!.map((d) => d.date)).toEqual(["2015-12-23", "2015-12-24", "2015-12-30", "2015-12-31"]);
      // The return across the gap is that of the prices either side of it.
      const [, before, after] = all.get("RMI")!;
      expect(after!.adjustedClose / before!.adjustedClose).toBeCloseTo(38.19 / 39.53, 10);
      // RMI's two days and CJ's eight.
      expect(counts).toMatchObject({ spikeDays: 10, implausibleSymbols: 3 });
    });

    it("closes no market made under an adjusted close that chains the next archive's readings: CJ in March 2017", () => {
      const days = parsed().series.get("CJ")!;
      expect(days.map((d) => d.close)).toEqual([41, 40.5, 38.44, 36.5, 38.58, 38.17, 36.83, 33.84, 33.61, 32.49, 34.23]);
      // Each kept day's return is its close's: the $0.022 of 2017-03-09 left no step in the adjusted closes.
      for (const d of days) expect(d.adjustedClose).toBeCloseTo(d.close, 9);
    });

    it("the rows before a listing: NK's series starts at its first trade, $34.64", () => {
      const { series: all, counts } = parsed();
      expect(all.get("NK")!.map((d) => d.date)).toEqual(["2015-07-28", "2015-07-29", "2015-07-30", "2015-07-31"]);
      expect(all.get("NK")!.at(-1)!.adjustedClose).toBe(30.6);
      // NK's two, and CJ's last day ($0.02 on 2017-03-31: nothing after it to come back to).
      expect(counts.cutDays).toBe(3);
    });
  });

  it("names the file and row of a malformed row", () => {
    expect(() => parsePystockPrices("f", `${PYSTOCK_PRICE_HEADER}\nA,2017-03-31,x,1,1,,,\n`)).toThrow(BundledFileError);
    expect(() => parsePystockPrices("f", "symbol,date\n")).toThrow(/unexpected header/);
  });
});
