import { describe, expect, it } from "vitest";
import { companyHref, readerHref } from "./links";

describe("links", () => {
  it("addresses a company by its full ticker", () => {
    expect(companyHref("NYSE:BRK.B")).toBe("/company/NYSE%3ABRK.B/");
  });

  it("addresses a hit in the reader, with the queries to mark within a sane length", () => {
    expect(readerHref("3M_2018_10K", { hit: { start: 10, end: 20 }, queries: ["capex", "PP&E"] })).toBe("/filings/3M_2018_10K/?hit=10-20&q=capex&q=PP%26E#hit");
    expect(readerHref("3M_2018_10K", { page: 7 })).toBe("/filings/3M_2018_10K/?page=7");
    const long = readerHref("X", { queries: Array.from({ length: 12 }, () => "ж".repeat(300)) });
    expect(new URL(long, "http://x").searchParams.getAll("q")).toHaveLength(2);
  });
});
