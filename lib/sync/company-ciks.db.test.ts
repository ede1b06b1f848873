import { describe, expect, it } from "vitest";
import { env } from "@/lib/env";
import { bundledPaths } from "@/lib/ingest/bundled-paths";
import { readSecTickers } from "@/lib/ingest/read-sources";
import { companyCiks } from "./company-ciks";
import { SyncError } from "./sync-error";

const ciks = (tickers: string[] | null) => companyCiks(env().DATABASE_PATH, env().DATA_DIR, tickers);

describe("the CIKs sync filings asks about", () => {
  it("takes a ticker's company's CIK, and SEC's tickers list for a company the database has without one", () => {
    expect(ciks(["AAPL", "NVDA", "ORCL"])).toEqual([320193, 1045810, 1341439]);
    // AAON: known only to the whole-market archives (US:AAON, no CIK); SEC's list gives it one.
    expect(ciks(["AAON"])).toEqual([readSecTickers(bundledPaths(env().DATA_DIR)).get("AAON")!.cik]);
  });

  it("refuses a ticker nothing gives a CIK, naming it", () => {
    expect(() => ciks(["AAPL", "ZZZZQ"])).toThrow(SyncError);
    expect(() => ciks(["ZZZZQ"])).toThrow(/ZZZZQ/);
  });

  it("takes the whole market without tickers: the companies with a CIK and the US listings SEC's list names", () => {
    const all = ciks(null);
    expect(all).toEqual([...new Set(all)].sort((a, b) => a - b));
    expect(all).toEqual(expect.arrayContaining([320193, 1045810, 1318605]));
    // Far more than the 658 companies the build gives a CIK.
    expect(all.length).toBeGreaterThan(3_000);
  });
});
