import { describe, expect, it } from "vitest";
import type { PriceDay } from "@/lib/market/price-rows";
import { issuerKey, primaryListing, shareClassIssuers, tradedValue } from "./share-classes";

const listing = (symbol: string, extra: { cik?: number; issuerGroup?: number; listingStatus?: "listed" | "delisted"; name?: string } = {}) => ({
  fullTicker: `NYSE:${symbol}`,
  symbol,
  name: extra.name ?? "HEICO Corporation",
  cik: extra.cik ?? null,
  issuerGroup: extra.issuerGroup ?? null,
  listingStatus: extra.listingStatus ?? ("listed" as const),
});
const day = (date: string, close: number, volume: number): PriceDay => ({ date, close, adjustedClose: close, volume, dividend: 0, split: 1 });
const years = (shareCounts: (number | null)[]) => shareCounts.map((sharesOutstanding) => ({ sharesOutstanding }));

describe("issuerKey", () => {
  it("joins listings by CIK, else by FinanceDatabase issuer group, else keeps each alone", () => {
    expect(issuerKey(listing("GOOGL", { cik: 1652044, issuerGroup: 3 }))).toBe("cik:1652044");
    expect(issuerKey(listing("HEI.A", { issuerGroup: 3 }))).toBe(issuerKey(listing("HEI", { issuerGroup: 3, name: "HEICO Corp Class A" })));
    // A profile text shared by another company's listing does not make it a class of the group.
    expect(issuerKey(listing("CTS", { issuerGroup: 4, name: "CTS Corporation" }))).not.toBe(issuerKey(listing("NX", { issuerGroup: 4, name: "Quanex Building Products" })));
    expect(issuerKey(listing("XYZ"))).toBe("listing:NYSE:XYZ");
  });
});

describe("tradedValue", () => {
  it("sums close times volume over the year to the as-of date, that day included", () => {
    const days = [day("2016-03-31", 10, 1000), day("2016-04-01", 10, 100), day("2017-03-31", 20, 10), day("2017-04-03", 20, 1000)];
    expect(tradedValue(days, "2017-03-31")).toBe(1200);
    expect(tradedValue(undefined, "2017-03-31")).toBe(0);
  });
});

describe("primaryListing", () => {
  it("takes the class with the most traded value", () => {
    expect(primaryListing([{ listing: listing("GOOG"), tradedValue: 307e9 }, { listing: listing("GOOGL"), tradedValue: 339e9 }])).toBe(1);
  });

  it("without trading, a listed class, then the shorter symbol, then the first in alphabetical order", () => {
    expect(primaryListing([{ listing: listing("DISCA", { listingStatus: "delisted" }), tradedValue: 0 }, { listing: listing("WBD"), tradedValue: 0 }])).toBe(1);
    expect(primaryListing([{ listing: listing("HEI.A"), tradedValue: 0 }, { listing: listing("HEI"), tradedValue: 0 }])).toBe(1);
    expect(primaryListing([{ listing: listing("MOG.B"), tradedValue: 0 }, { listing: listing("MOG.A"), tradedValue: 0 }])).toBe(1);
  });
});

describe("shareClassIssuers", () => {
  it("groups classes, picks the primary and the fundamentals that give the most share counts", () => {
    const listings = [listing("UA", { cik: 1336917 }), listing("AAPL", { cik: 320193 }), listing("UAA", { cik: 1336917 })];
    const traded = [15.7e9, 100e9, 48.6e9];
    const fundamentals = [years([2e8, 2.1e8]), years([5e9]), years([null, null])];
    const issuers = shareClassIssuers(listings, (i) => traded[i]!, (i) => fundamentals[i]);
    expect(issuers.primaryOf).toEqual([2, 1, 2]);
    expect(issuers.fundamentalsOf).toEqual([0, 1, 0]);
    expect(issuers.multiClass).toEqual([[2, 0]]);
  });

  it("keeps the primary's fundamentals on a tie", () => {
    const listings = [listing("GOOG", { cik: 1652044 }), listing("GOOGL", { cik: 1652044 })];
    const issuers = shareClassIssuers(listings, (i) => [1, 2][i]!, () => undefined);
    expect(issuers.fundamentalsOf).toEqual([1, 1]);
  });
});
