import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { bundledPaths } from "@/lib/ingest/bundled-paths";
import { readBrotliText } from "@/lib/ingest/compressed-files";
import { parsePrices } from "@/lib/ingest/prices";
import { AGREEMENT_TOLERANCE, overlapDisagreement } from "@/lib/ingest/synced-prices";
import { readPriceFile } from "./price-files";
import { readPriceFiles } from "./price-folder";
import { silentProgress } from "@/lib/ingest/progress";

const STOOQ = "test/fixtures/prices/stooq/aapl.us.txt.br";
const YFINANCE = "test/fixtures/prices/yfinance/aapl.us.txt.br";
const rawLines = (file: string) => readBrotliText(file).trim().split("\n");
const work = mkdtempSync(path.join(tmpdir(), "price-files-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe("daily price files", () => {
  it("reads Stooq's daily ASCII layout: ticker from the rows, dates, close and volume", async () => {
    const lines = rawLines(STOOQ);
    const file = await readPriceFile(STOOQ);
    expect(file?.layout).toBe("stooq");
    expect(file?.rows).toBe(lines.length - 1);
    const [series] = file!.series;
    expect(series?.ticker).toBe("AAPL");
    for (const line of [lines[1]!, lines.at(-1)!]) {
      const cells = line.split(",");
      const date = `${cells[2]!.slice(0, 4)}-${cells[2]!.slice(4, 6)}-${cells[2]!.slice(6)}`;
      expect(series!.days.find((d) => d.date === date)).toEqual({ date, close: Number(cells[7]), adjustedClose: Number(cells[7]), volume: Number(cells[8]) });
    }
  });

  it("reads yfinance's to_csv layout, the ticker from its second header row", async () => {
    const lines = rawLines(YFINANCE);
    expect(lines[1]!.split(",")[1]).toBe("AAPL");
    const file = await readPriceFile(YFINANCE);
    expect(file?.layout).toBe("yahoo");
    expect(file?.rows).toBe(lines.length - 2);
    const header = lines[0]!.split(",");
    const cells = lines[2]!.split(",");
    const close = Number(cells[header.indexOf("Close")]);
    expect(file!.series[0]!.days[0]).toEqual({ date: cells[0], close, adjustedClose: close, volume: Number(cells[header.indexOf("Volume")]) });
  });

  it("agrees with the bundled AAPL history of 2015-2021, scaled at its last day", async () => {
    const bundled = parsePrices("daily", readBrotliText(bundledPaths("data").dailyPrices)).get("AAPL")!;
    const last = bundled.at(-1)!;
    // Re-derived from the raw rows: the file's close over the bundled adjusted close, against that ratio on the last day.
    const bundledAdjusted = new Map(bundled.map((d) => [d.date, d.adjustedClose]));
    const offDays = (closes: Map<string, number>) => {
      const atLast = closes.get(last.date)! / last.adjustedClose;
      return [...closes].filter(([date, close]) => date <= last.date && bundledAdjusted.has(date) && Math.abs(close / bundledAdjusted.get(date)! / atLast - 1) > AGREEMENT_TOLERANCE).map(([date]) => date);
    };
    const stooqCloses = new Map(rawLines(STOOQ).slice(1).map((l) => l.split(",")).map((c) => [`${c[2]!.slice(0, 4)}-${c[2]!.slice(4, 6)}-${c[2]!.slice(6)}`, Number(c[7])]));
    const yfinanceCloses = new Map(rawLines(YFINANCE).slice(2).map((l) => l.split(",")).map((c) => [c[0]!, Number(c[4])]));
    const stooq = overlapDisagreement(bundled, (await readPriceFile(STOOQ))!.series[0]!.days, "AAPL");
    const yfinance = overlapDisagreement(bundled, (await readPriceFile(YFINANCE))!.series[0]!.days, "AAPL");
    expect(stooq.days).toBe(offDays(stooqCloses).length);
    expect(yfinance.days).toBe(offDays(yfinanceCloses).length);
    // yfinance agrees everywhere; Stooq on all days but one (its 2015-03-12 close).
    expect(yfinance.days).toBe(0);
    expect(offDays(stooqCloses)).toEqual([stooq.largestOn]);
  });

  it("refuses a file of an unknown layout, and a bad row, naming the file and line", async () => {
    const notes = path.join(work, "notes.txt");
    // The real Stooq file with its header line replaced by a note: no layout to read it by.
    writeFileSync(notes, readBrotliText(STOOQ).replace(/^[^\n]*\n/, "# price notes\n"));
    await expect(readPriceFiles(work, silentProgress)).rejects.toThrow(`${notes}:1: not a daily price layout`);
    const lines = rawLines(STOOQ);
    lines[5] = lines[5]!.replace(/,D,/, ",W,");
    writeFileSync(notes, lines.join("\n"));
    await expect(readPriceFile(notes)).rejects.toThrow(`${notes}:6: period "W" is not D (daily)`);
  });
});
