import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSearchBackend } from "./backend";
import { FilingSearchResponseSchema } from "../search-schema";
import { type TestDatabase, createFilingsTestDatabase } from "@/test/support/filings/filings-database";
import { searchV1 } from "@/test/support/filings/parsed-search";

// eBay's interest-rate risk factor, word for word on page 18 of its 2017 and 2018 10-Ks.
const EBAY_RATES =
  "We are exposed to fluctuations in interest rates. Some of our borrowings bear interest at floating rates and we have entered into agreements intended to convert the interest rate on some of our fixed rate debt instruments to floating rates. To the extent that prevailing rates increase, our interest expense under these debt instruments will increase. Investments in both fixed-rate and floating-rate interest-earning instruments carry varying degrees of interest rate risk. The fair market value of our fixed-rate investment securities may be adversely impacted due to a rise in interest rates.";
// Its 2018 10-K's note on the 2018 share repurchase programme (a passage of that year only).
const EBAY_BUYBACK =
  "In January 2018, our Board authorized a $6.0 billion stock repurchase program, with no expiration from the date of authorization. Our stock repurchase programs are intended to programmatically offset the impact of dilution from our equity compensation programs and, subject to market conditions and other factors, to make opportunistic and programmatic repurchases of our common stock to reduce our outstanding share count.";

let database: TestDatabase;

beforeAll(() => {
  const ebay = { companyId: 1, companyLabel: "eBay", type: "10-K", fiscalPeriod: "FY" } as const;
  database = createFilingsTestDatabase(
    [{ id: 1, name: "eBay Inc.", symbol: "EBAY", exchange: "NASDAQ", cik: 1065088 }],
    [
      { ...ebay, name: "EBAY_2017_10K", fiscalYear: 2017, periodEnd: "2017-12-31", pages: ["Item 1A. Risk Factors\n" + EBAY_RATES] },
      { ...ebay, name: "EBAY_2018_10K", fiscalYear: 2018, periodEnd: "2018-12-31", pages: ["Item 1A. Risk Factors\n" + EBAY_RATES, "Item 5. Market\n" + EBAY_BUYBACK] },
    ],
  );
});
afterAll(() => database.close());

describe("near-duplicate passages in results", () => {
  it("collapse into one hit that names the other filings, in the v1 response shape", async () => {
    const response = await searchV1({ queries: ["rising interest rates floating rate borrowings"], results: 5, searchtype: "keyword" }, createSearchBackend(database.db));
    expect(FilingSearchResponseSchema.safeParse(response).success).toBe(true);
    const rates = response.results.filter((hit) => hit.text.includes("fluctuations in interest rates"));
    expect(rates).toHaveLength(1);
    const other = rates[0]!.filing.id === "EBAY_2017_10K" ? "EBAY_2018_10K" : "EBAY_2017_10K";
    expect(rates[0]!.also_in?.map((twin) => [twin.filing.id, twin.filing.fiscal_year, twin.page])).toEqual([[other, other === "EBAY_2017_10K" ? 2017 : 2018, 1]]);
  });

  it("leave a passage without twins as it was, with no also_in", async () => {
    const response = await searchV1({ queries: ["stock repurchase program authorized"], results: 5, searchtype: "keyword" }, createSearchBackend(database.db));
    const buyback = response.results.find((hit) => hit.text.includes("$6.0 billion"));
    expect(buyback?.filing.id).toBe("EBAY_2018_10K");
    expect(buyback && "also_in" in buyback).toBe(false);
  });
});

describe("passages of one filing showing the same snippet", () => {
  // Two real pages of Boston Properties' 2015 10-K: two years' residential tables, each followed by the
  // same footnotes defining Average Economic Occupancy (apostrophes differ: "property's", "property’s").
  const page = (n: number) => readFileSync(`test/fixtures/filing-pages/BOSTONPROPERTIES_2015_10K-p${n}.txt`, "utf8");
  let bxp: TestDatabase;
  beforeAll(() => {
    bxp = createFilingsTestDatabase(
      [{ id: 1, name: "Boston Properties, Inc.", symbol: "BXP", exchange: "NYSE", cik: 1037540 }],
      [{ companyId: 1, companyLabel: "Boston Properties", type: "10-K", fiscalPeriod: "FY", name: "BOSTONPROPERTIES_2015_10K", fiscalYear: 2015, periodEnd: "2015-12-31", pages: [page(65), page(76)] }],
    );
  });
  afterAll(() => bxp.close());

  it("are one hit, the other page first in its also_in", async () => {
    const response = await searchV1({ queries: ["economic occupancy market rents"], results: 10, searchtype: "keyword" }, createSearchBackend(bxp.db));
    expect(FilingSearchResponseSchema.safeParse(response).success).toBe(true);
    const definition = response.results.filter((hit) => hit.snippet.text.includes("Market Rents used by us in calculating Economic Occupancy"));
    expect(definition).toHaveLength(1);
    const [hit] = definition;
    expect(hit!.also_in?.map((other) => [other.filing.id, other.page])).toEqual([["BOSTONPROPERTIES_2015_10K", hit!.page === 1 ? 2 : 1]]);
    // The collapsed passage is still reachable: its id is a passage of the other page.
    expect(hit!.also_in?.[0]?.id).toMatch(/^BOSTONPROPERTIES_2015_10K:[12]:\d+$/);
  });

  it("stay apart where their snippets differ (each table's figures)", async () => {
    const response = await searchV1({ queries: ["average physical occupancy"], results: 10, searchtype: "keyword" }, createSearchBackend(bxp.db));
    const tables = response.results.filter((hit) => /Average Physical Occupancy \(3\)/.test(hit.snippet.text));
    expect(tables.map((hit) => hit.page).sort()).toEqual([1, 2]);
    expect(tables.every((hit) => !("also_in" in hit))).toBe(true);
  });
});
