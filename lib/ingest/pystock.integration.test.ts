import path from "node:path";
import { describe, expect, it } from "vitest";
import { bundledPaths } from "./bundled-paths";
import { readBrotliText } from "./compressed-files";
import { plausibleDays } from "./price-plausibility";
import { parsePrices } from "./prices";
import { parsePystockPricesWithCounts } from "./pystock-prices";
import { parsePystockReports } from "./pystock-reports";

const paths = bundledPaths(path.resolve("data"));

/** The bundled whole-market files (data/SOURCES.md, "pystock"): about 20 s to read the prices. */
describe("the bundled pystock files", () => {
  it("price every listed symbol to the snapshot date and derive splits and dividends", () => {
    const { series, counts } = parsePystockPricesWithCounts(paths.pystockPrices, readBrotliText(paths.pystockPrices));
    expect(series.size).toBe(7072);
    expect(counts.rows).toBe(3_099_559);
    const lastWeek = [...series.values()].filter((days) => days.some((d) => d.date >= "2017-03-27" && d.date <= "2017-03-31"));
    expect(lastWeek.length).toBeGreaterThan(5_950);
    expect(lastWeek.length).toBeLessThan(6_000);
    expect(counts.splits).toBeGreaterThan(300);
    expect(counts.dividends).toBeGreaterThan(29_000);
    const msft = series.get("MSFT")!.filter((d) => d.dividend! > 0).map((d) => [d.date, Number(d.dividend!.toFixed(2))]);
    expect(msft).toContainEqual(["2017-02-14", 0.39]);
    expect(series.get("CMCSA")!.find((d) => d.date === "2017-02-21")!.split).toBe(2);
    // The days no market made are out (lib/ingest/price-plausibility.ts): no day is ten times above
    // or below the day before it, in any series.
    const breaks = [...series].flatMap(([symbol, days]) =>
      days.slice(1).flatMap((d, i) => (d.adjustedClose > 10 * days[i]!.adjustedClose || 10 * d.adjustedClose < days[i]!.adjustedClose ? [`${symbol} ${d.date}`] : [])),
    );
    expect(breaks).toEqual([]);
    expect(series.get("RMI")!.some((d) => d.date === "2015-12-28")).toBe(false);
    expect(counts.implausibleSymbols).toBeGreaterThan(50);
    expect(counts.implausibleSymbols).toBeLessThan(100);
  }, 120_000);

  it("beside the S&P 500 price file, which holds no day the plausibility rule would drop and is read as it is", () => {
    const sp500 = parsePrices(paths.dailyPrices, readBrotliText(paths.dailyPrices));
    const dropped = [...sp500].filter(([, days]) => plausibleDays(days).days.length !== days.length).map(([ticker]) => ticker);
    expect(dropped).toEqual([]);
  });

  it("hold the 10-Ks and 10-Qs filed while the archives were collected", () => {
    const { reports, counts } = parsePystockReports(paths.pystockReports, readBrotliText(paths.pystockReports));
    expect(counts.rows).toBe(31_729);
    expect(reports).toHaveLength(31_721);
    expect(new Set(reports.filter((r) => r.docType === "10-K").flatMap((r) => r.symbols)).size).toBeGreaterThan(4_100);
    expect(reports.filter((r) => r.amended).length).toBe(318);
  });
});
