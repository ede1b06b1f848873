import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { basicScreenV2Operation } from "@/lib/api/screener-v2-operations";
import { env } from "@/lib/env";
import { AdvancedScreenRequest, BasicScreenRequestV2 } from "./request-schema";
import type { RowsResponse } from "./response-schema";
import { runScreen } from "./service";

const FIELDS = ["full_ticker", "price", "marketCap_usd", "peRatio", "priceToBook", "fiscal_year", "period_end", "fundamentals_stale", "stale_fields"];
const microsoft = (asOf?: string) => {
  const request = BasicScreenRequestV2.parse({ filters: { description_keywords: { fts: "Microsoft" } }, fields: FIELDS, ...(asOf ? { as_of: asOf } : {}) });
  const answer = runScreen(request) as RowsResponse;
  return answer.rows.find((row) => row.full_ticker === "NASDAQ:MSFT")!;
};

describe("stale fundamentals", () => {
  it("as of 2021-04-21, marks Microsoft's FY2016 values and the ratios on them, not its price", () => {
    const row = microsoft("2021-04-21");
    expect(row).toMatchObject({ fiscal_year: 2016, period_end: "2016-06-30", fundamentals_stale: true });
    expect(row.peRatio).toBeCloseTo(122.92, 2);
    expect(row.stale_fields).toEqual(["marketCap_usd", "peRatio", "priceToBook"]);
  });

  it("as of 2017-03-31, nine months after that year's end, marks nothing", () => {
    for (const row of [microsoft("2017-03-31"), microsoft()]) {
      expect(row).toMatchObject({ period_end: "2016-06-30", fundamentals_stale: false, stale_fields: [] });
      expect(row.peRatio).toEqual(expect.any(Number));
    }
  });

  it("on the default date, marks exactly the fiscal years that ended before 2015-12-31 (read from the database)", () => {
    const db = new Database(env().DATABASE_PATH, { readonly: true });
    // One row per company (its primary listing), as the screen answers by default.
    const expected = db.prepare("SELECT full_ticker FROM companies WHERE period_end < '2015-12-31' AND id = issuer_id ORDER BY full_ticker").pluck().all();
    db.close();
    const page = (offset: number) =>
      runScreen(AdvancedScreenRequest.parse({ filters: { coverage: { values: ["fundamentals"] } }, fields: FIELDS, page: { limit: 1000, offset } })) as RowsResponse;
    const rows = page(0).rows;
    for (let total = page(0).total; rows.length < total; ) rows.push(...page(rows.length).rows);
    const answer = { rows };
    const stale = answer.rows.filter((row) => row.fundamentals_stale === true).map((row) => row.full_ticker);
    expect(stale.sort()).toEqual(expected);
    expect(expected.length).toBeGreaterThan(0);
    for (const row of answer.rows) {
      const shown = FIELDS.filter((f) => ["marketCap_usd", "peRatio", "priceToBook"].includes(f) && row[f] !== null);
      expect(row.stale_fields).toEqual(row.fundamentals_stale ? shown : []);
    }
  });

  it("leaves companies without a fiscal year unmarked (null)", () => {
    const answer = runScreen(AdvancedScreenRequest.parse({ filters: { coverage: { operator: "exclude", values: ["fundamentals"] } }, fields: FIELDS, page: { limit: 5 } })) as RowsResponse;
    expect(answer.rows.length).toBeGreaterThan(0);
    for (const row of answer.rows) expect(row).toMatchObject({ fundamentals_stale: null, stale_fields: null });
  });

  it("the OpenAPI example is the service's answer", () => {
    const request = basicScreenV2Operation.request.examples.staleAsOf2021.value;
    const response = basicScreenV2Operation.response.examples.staleAsOf2021.value;
    const answer = runScreen(BasicScreenRequestV2.parse(request)) as RowsResponse;
    expect(answer).toMatchObject({ ...response, rows: [{ ...response.rows[0], peRatio: expect.closeTo(response.rows[0]!.peRatio, 6) }] });
  });
});
