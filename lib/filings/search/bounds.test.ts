import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestDatabase, createFilingsTestDatabase } from "@/test/support/filings/filings-database";
import { SAMPLE_COMPANIES, SAMPLE_FILINGS } from "@/test/support/filings/sample-filings";
import { FiledRange, type SearchBounds } from "../search-bounds";
import { type SearchBackend, createSearchBackend } from "./backend";
import { searchWithin } from "@/test/support/filings/parsed-search";

let database: TestDatabase;
let backend: SearchBackend;

beforeAll(() => {
  database = createFilingsTestDatabase(SAMPLE_COMPANIES, SAMPLE_FILINGS);
  backend = createSearchBackend(database.db);
});
afterAll(() => database.close());

/** The filings a broad keyword search finds within the bounds. */
async function filingsWithin(bounds: SearchBounds, using = backend): Promise<Set<string>> {
  const { results } = await searchWithin({ queries: ["management discussion results"], results: 25, searchtype: "keyword" }, using, bounds);
  return new Set(results.map((h) => h.filing.id));
}

describe("the filed-date bound of the search layer", () => {
  // Windows: 3M FY2017 10-K 2017-12-31..2018-03-31 and FY2018 2018-12-31..2019-03-31 (90 days after
  // the year), JPMorgan's Q2 2022 10-Q 2022-06-30..2022-08-14 (45 days), Coca-Cola's 10-K filed 2023-02-21.
  it("keeps every filing without a bound", async () => {
    expect(await filingsWithin({})).toEqual(new Set(["3M_2018_10K", "3M_2017_10K", "JPMORGAN_2022Q2_10Q", "KO-10-K-2023-02-21"]));
  });

  it("`to` keeps only filings public by that date, judging a filing without a filed date by its deadline", async () => {
    expect(await filingsWithin({ filed: { to: "2018-03-31" } })).toEqual(new Set(["3M_2017_10K"]));
    // A day before the deadline the 10-K may not have been filed yet: it is left out.
    expect(await filingsWithin({ filed: { to: "2018-03-30" } })).toEqual(new Set());
    expect(await filingsWithin({ filed: { to: "2023-02-20" } })).toEqual(new Set(["3M_2018_10K", "3M_2017_10K", "JPMORGAN_2022Q2_10Q"]));
    expect(await filingsWithin({ filed: { to: "2023-02-21" } })).toEqual(new Set(["3M_2018_10K", "3M_2017_10K", "JPMORGAN_2022Q2_10Q", "KO-10-K-2023-02-21"]));
  });

  it("`from` keeps only filings filed on or after that date at the earliest", async () => {
    expect(await filingsWithin({ filed: { from: "2023-02-21" } })).toEqual(new Set(["KO-10-K-2023-02-21"]));
    expect(await filingsWithin({ filed: { from: "2019-01-01", to: "2022-12-31" } })).toEqual(new Set(["JPMORGAN_2022Q2_10Q"]));
  });

  it("combines with the company bound and the request's filters", async () => {
    expect(await filingsWithin({ companyIds: [1], filed: { to: "2019-03-31" } })).toEqual(new Set(["3M_2018_10K", "3M_2017_10K"]));
    expect(await filingsWithin({ companyIds: [2, 3], filed: { to: "2019-03-31" } })).toEqual(new Set());
    const { results } = await searchWithin({ queries: ["management discussion results"], name: "3M", searchtype: "keyword", results: 25 }, backend, { filed: { to: "2018-12-31" } });
    expect(new Set(results.map((h) => h.filing.id))).toEqual(new Set(["3M_2017_10K"]));
  });

  it("bounds the vector leg as well", async () => {
    const { results } = await searchWithin({ queries: ["goodwill impairment retail segment"], searchtype: "vector", results: 25 }, backend, { filed: { to: "2018-03-31" } });
    expect(results.length).toBeGreaterThan(0);
    expect(new Set(results.map((h) => h.filing.id))).toEqual(new Set(["3M_2017_10K"]));
  });

  it("gives every hit its filed window", async () => {
    const { results } = await searchWithin({ queries: ["management discussion results"], searchtype: "keyword", results: 25 }, backend);
    const windows = new Map(results.map((h) => [h.filing.id, h.filing.filed]));
    expect(windows.get("KO-10-K-2023-02-21")).toEqual({ date: "2023-02-21", earliest: "2023-02-21", latest: "2023-02-21" });
    expect(windows.get("3M_2018_10K")).toEqual({ date: null, earliest: "2018-12-31", latest: "2019-03-31" });
  });

  it("the range schema takes ISO dates, in order, and names what is wrong", () => {
    expect(FiledRange.safeParse({ to: "2017-03-31" }).success).toBe(true);
    const paths = (value: unknown) => FiledRange.safeParse(value).error?.issues.map((i) => i.path.join("/"));
    expect(paths({ to: "2017-3-31" })).toEqual(["to"]);
    expect(paths({ from: "2018-01-01", to: "2017-03-31" })).toEqual(["from"]);
    expect(paths({ until: "2017-03-31" })).toEqual([""]);
  });
});
