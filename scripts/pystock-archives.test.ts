import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { type ArchiveFiles, PystockBundler } from "./pystock-archives";

const FIXTURES = path.resolve("test/fixtures/pystock");

/** The archive excerpts in test/fixtures/pystock/ (README.md there says where each line is from). */
export function fixtureArchives(): ArchiveFiles[] {
  return readdirSync(FIXTURES)
    .filter((name) => /^\d{8}$/.test(name))
    .sort()
    .map((name) => {
      const read = (file: string) => {
        try {
          return readFileSync(path.join(FIXTURES, name, file), "utf8");
        } catch {
          return undefined;
        }
      };
      return { day: `${name.slice(0, 4)}-${name.slice(4, 6)}-${name.slice(6)}`, prices: read("prices.csv"), reports: read("reports.csv") };
    });
}

/** Every fixture archive's day and the days before them its files list are trading days. */
const TRADING_DAYS = new Set([
  "2015-04-01", "2015-04-02", "2015-04-06", "2015-04-07", "2015-06-08", "2015-06-09", "2015-06-10", "2015-06-11", "2015-06-12",
  "2015-07-13", "2015-07-14", "2015-07-15", "2015-07-16", "2015-12-21", "2015-12-22", "2015-12-23", "2015-12-24",
  "2015-12-28", "2016-02-02", "2016-02-03", "2016-02-04", "2016-02-05",
]);

export function fixtureBundle(): PystockBundler {
  const bundler = new PystockBundler(TRADING_DAYS);
  for (const archive of fixtureArchives()) bundler.add(archive);
  return bundler;
}

const rowsOf = (text: string, symbol: string) => text.split("\n").filter((line) => line.startsWith(`${symbol},`));

describe("PystockBundler", () => {
  it("keeps each day's own reading and that archive's reading of the day before where it differs", () => {
    const prices = fixtureBundle().pricesCsv().text;
    expect(rowsOf(prices, "NKE").filter((row) => row.includes(",2015-12-2"))).toEqual([
      "NKE,2015-12-21,129.800003,129.800003,4451100,-,-,2015-12-22",
      "NKE,2015-12-22,131.850006,131.850006,7163700,,,",
      "NKE,2015-12-23,128.710007,128.710007,28591600,,,",
      // 20151224 read 2015-12-23 with the split applied to adj_close only.
      "NKE,2015-12-24,63.18,63.18,13889100,128.710007,64.355003,",
      "NKE,2015-12-28,63.810001,63.810001,8704400,,,",
    ]);
  });

  it("reads a day whose archive is empty from the next archive, without a previous day", () => {
    const prices = fixtureBundle().pricesCsv().text;
    expect(rowsOf(prices, "AAPL").filter((row) => row.includes(",2015-06-1"))).toEqual([
      "AAPL,2015-06-10,128.880005,128.880005,38915900,-,-,2015-06-11",
      "AAPL,2015-06-11,128.589996,128.589996,35260400,,,",
      "AAPL,2015-06-12,127.169998,127.169998,36754200,,,",
    ]);
    expect(fixtureBundle().archivesWithoutPrices).toContain("2015-06-10");
  });

  it("counts the stray header, the exact duplicates and keeps the last crawl of a day listed twice", () => {
    const bundler = fixtureBundle();
    const aeo = rowsOf(bundler.pricesCsv().text, "AEO");
    expect(aeo).toContain("AEO,2015-04-06,17.26,17.26,3642700,17.02,16.90,");
    expect(bundler.counts.get("prices: stray header lines")).toBe(1);
    expect(bundler.counts.get("prices: exact duplicate rows within an archive")).toBe(3);
    expect(bundler.counts.get("prices: rows listed again with other values in the same archive (the last kept)")).toBe(1);
  });

  it("keeps the first filing of a report and its amendment as its own row", () => {
    const bundler = fixtureBundle();
    const fold = rowsOf(bundler.reportsCsv().text.split("\n").map((line) => line.slice(11)).join("\n"), "FOLD");
    const filed = bundler.reportsCsv().text.split("\n").filter((line) => line.includes(",FOLD,")).map((line) => line.slice(0, 10));
    expect(fold.map((row) => row.split(",")[2])).toEqual(["False", "True"]);
    expect(filed).toEqual(["2017-03-01", "2017-03-03"]);
    expect(bundler.counts.get("reports: rows filed again on a later day (the first filing kept)")).toBe(2);
  });

  it("reads a reports.csv without a header row", () => {
    const bundler = fixtureBundle();
    expect(bundler.headerlessReports).toBe(1);
    expect(bundler.reportsCsv().text).toContain("\n2015-04-07,CIA,2014-12-31,False,FY,2014,10-K,");
  });
});
