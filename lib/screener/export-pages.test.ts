import { describe, expect, it } from "vitest";
import { FIELD_BY_NAME } from "./catalog";
import { collectAllPages, csvRecords } from "./export-pages";

describe("collectAllPages", () => {
  it("pages until the total is reached and reports progress", async () => {
    const all = Array.from({ length: 2345 }, (_, i) => `T${i}`);
    const calls: number[] = [];
    const progress: [number, number][] = [];
    const items = await collectAllPages(
      async (offset, limit) => {
        calls.push(offset);
        return { total: all.length, items: all.slice(offset, offset + limit) };
      },
      { pageSize: 1000, onProgress: (done, total) => progress.push([done, total]) },
    );
    expect(items).toEqual(all);
    expect(calls).toEqual([0, 1000, 2000]);
    expect(progress).toEqual([[1000, 2345], [2000, 2345], [2345, 2345]]);
  });

  it("stops when aborted", async () => {
    const controller = new AbortController();
    const run = collectAllPages(
      async (offset) => {
        controller.abort();
        return { total: 5000, items: Array(1000).fill(String(offset)) };
      },
      { pageSize: 1000, signal: controller.signal },
    );
    await expect(run).rejects.toThrow();
  });
});

describe("csvRecords", () => {
  it("writes a header of field names and raw values, blanks for missing ones", () => {
    expect(csvRecords([{ full_ticker: "NYSE:IBM", marketCap_usd: 1.5e11, peRatio: null }], ["full_ticker", "marketCap_usd", "peRatio"])).toEqual([
      ["full_ticker", "marketCap_usd", "peRatio"],
      ["NYSE:IBM", 1.5e11, ""],
    ]);
  });

  it("writes staleness as true or false and a space-separated list of fields", () => {
    const row = { full_ticker: "NASDAQ:MSFT", fundamentals_stale: true, stale_fields: ["marketCap_usd", "peRatio"] };
    expect(csvRecords([row, { ...row, fundamentals_stale: false, stale_fields: [] }], ["fundamentals_stale", "stale_fields"]).slice(1)).toEqual([
      ["true", "marketCap_usd peRatio"],
      ["false", ""],
    ]);
  });

  it("names each field's basis in the header where the field has a label", () => {
    const labels = { peRatio: FIELD_BY_NAME.get("peRatio")!.label, return_1y: FIELD_BY_NAME.get("return_1y")!.label };
    expect(csvRecords([{ peRatio: 14.2, return_1y: 0.1, revenueCagr_3y: 0.05 }], ["peRatio", "return_1y", "revenueCagr_3y"], labels)[0]).toEqual([
      "peRatio: P/E (latest FY EPS)",
      "return_1y: 1-year total return",
      "revenueCagr_3y",
    ]);
  });
});
