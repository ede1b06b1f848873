/**
 * S&P 500 membership as of a screen's date (docs/METRICS.md "Index membership"), re-derived from
 * the bundled interval file: the screen's members on a day are the file's tickers of that day,
 * less exactly the intervals the ingest joined to no company.
 */
import path from "node:path";
import { describe, expect, it } from "vitest";
import { bundledPaths } from "@/lib/ingest/bundled-paths";
import { readBrotliText } from "@/lib/ingest/compressed-files";
import { parseSp500History } from "@/lib/ingest/sp500-history";
import { cachedStatement } from "@/lib/db/market-db";
import { AdvancedScreenRequestV2, BasicScreenRequest } from "./request-schema";
import type { TickersResponse } from "./response-schema";
import { runScreen } from "./service";

const file = bundledPaths(path.resolve("data")).sp500History;
const history = parseSp500History(file, readBrotliText(file));

const SP500 = { index_membership: { values: ["sp500"] } };
const screen = (body: Record<string, unknown>) => runScreen(AdvancedScreenRequestV2.parse({ result_format: "tickers", page: { limit: 1000 }, ...body })) as TickersResponse;

/** The stored intervals of `date`: their tickers, and those joined to no company. */
function storedOn(date: string): { tickers: string[]; unjoined: string[] } {
  const rows = cachedStatement('SELECT ticker, company_id FROM index_membership_intervals WHERE start <= ? AND ("end" IS NULL OR "end" > ?)').all(date, date) as {
    ticker: string;
    company_id: number | null;
  }[];
  return { tickers: rows.map((r) => r.ticker).sort(), unjoined: rows.filter((r) => r.company_id === null).map((r) => r.ticker) };
}

describe("in the S&P 500 as of the screen's date", () => {
  // The intervals of each date the ingest joined to no company (docs/METRICS.md "Index membership").
  const UNJOINED: Record<string, string[]> = { "2015-06-30": ["DXC"], "2017-03-31": ["CPRI"], "2020-12-31": ["VNT"] };
  for (const [date, unjoined] of Object.entries(UNJOINED)) {
    it(`${date}: the file's members, less the counted unjoined intervals, every listing`, () => {
      const members = history.membersOn(date);
      const stored = storedOn(date);
      expect(stored.tickers).toEqual(members);
      expect(stored.unjoined).toEqual(unjoined);
      const result = screen({ as_of: date, listings: "all", filters: SP500 });
      expect(result.total).toBe(members.length - unjoined.length);
      // Excluding the index leaves the rest of the universe.
      const all = screen({ as_of: date, listings: "all" }).total;
      expect(screen({ as_of: date, listings: "all", filters: { index_membership: { operator: "exclude", values: ["sp500"] } } }).total).toBe(all - result.total);
    });
  }

  it("reads the default date without as_of (v1) as as_of 2017-03-31; one row per company by default", () => {
    const v1 = runScreen(BasicScreenRequest.parse({ filters: SP500, result_format: "tickers", page: { limit: 1000 } })) as TickersResponse;
    const v2 = screen({ as_of: "2017-03-31", filters: SP500 });
    expect(v1.total).toBe(v2.total);
    expect(v1.tickers).toEqual(v2.tickers);
    // Share classes (GOOG and GOOGL, FOX and FOXA, ...) are one company of a default screen.
    expect(v1.total).toBeLessThan(screen({ as_of: "2017-03-31", listings: "all", filters: SP500 }).total);
    expect(v1.total).toBeGreaterThan(480);
  });

  it("a company added in 2016 (Ulta Beauty, 2016-04-18) is no member as of 2015", () => {
    expect(history.intervalsOf("ULTA")).toEqual([{ ticker: "ULTA", start: "2016-04-18", end: null }]);
    const tickersOn = (date: string) => screen({ as_of: date, filters: SP500 }).tickers;
    expect(tickersOn("2015-06-30")).not.toContain("NASDAQ:ULTA");
    expect(tickersOn("2016-04-15")).not.toContain("NASDAQ:ULTA");
    expect(tickersOn("2016-04-18")).toContain("NASDAQ:ULTA");
    expect(tickersOn("2017-03-31")).toContain("NASDAQ:ULTA");
  });
});
