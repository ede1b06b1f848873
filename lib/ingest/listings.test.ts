import { describe, expect, it } from "vitest";
import { groupByIssuer, parseListings, selectHomeListings } from "./listings";

const HEADER = "symbol,name,summary,currency,sector,industry_group,industry,exchange,mic,market,country,state,city,website,isin,figi,composite_figi,shareclass_figi,delisted";
const csv = (...rows: string[]) => [HEADER, ...rows].join("\n");
const row = (symbol: string, name: string, exchange: string, country: string, isin = "", currency = "USD", summary = "") =>
  `${symbol},"${name}","${summary}",${currency},,,,${exchange},,,${country},,,,${isin},,,,False`;

describe("parseListings", () => {
  it("cleans currencies, symbols and German venue names, and drops non-common US listings", () => {
    const listings = parseListings(
      "test.csv",
      csv(
        row("BRK-B", "Berkshire Hathaway Inc.", "NYQ", "United States"),
        row("AAQC-UN", "Accelerate Acquisition Corp.", "NYQ", "United States"),
        row("ABR-PA", "Arbor Realty Trust, Inc.", "NYQ", "United States"),
        row("0ZG.BE", "ZILLOW GROUP DL-,01", "BER", "United States", "", "EUR"),
        row("TEVA.TA", "Teva", "TLV", "Israel", "", "ILA"),
        row("X.XX", "Unknown venue", "", "Nowhere"),
      ),
    );
    expect(listings.map((l) => `${l.exchange.prefix}:${l.symbol} ${l.name} ${l.currency}`)).toEqual([
      "NYSE:BRK.B Berkshire Hathaway Inc. USD",
      "BER:0ZG ZILLOW GROUP EUR",
      "TASE:TEVA Teva ILS",
    ]);
  });
});

describe("home listings", () => {
  it("keeps one listing per security on its home venue and share classes apart", () => {
    const listings = parseListings(
      "test.csv",
      csv(
        row("SIE.DE", "Siemens Aktiengesellschaft", "GER", "Germany", "DE0007236101", "EUR"),
        row("SIE.BE", "Siemens Aktiengesellschaft", "BER", "Germany", "DE0007236101", "EUR"),
        row("SIEGY", "Siemens AG", "NGM", "Germany", "US8261975010"),
        row("RDS-A", "Royal Dutch Shell plc", "NYQ", "United Kingdom", "US7802591070"),
        row("RDS-B", "Royal Dutch Shell plc", "NYQ", "United Kingdom", "US7802592060"),
        row("SHEL.L", "Royal Dutch Shell plc", "LSE", "United Kingdom", "GB00BP6MXD84", "GBP"),
      ),
    );
    const home = groupByIssuer(listings).flatMap(selectHomeListings).map((l) => l.yahooSymbol).sort();
    expect(home).toEqual(["SHEL.L", "SIE.DE"]);
  });

  it("joins cross-listings that share a long description", () => {
    const text = "Zillow Group, Inc. operates real estate brands on mobile applications and websites in the United States. ".repeat(3);
    const listings = parseListings(
      "test.csv",
      csv(row("Z", "Zillow Group, Inc.", "NCM", "United States", "", "USD", text), row("0ZG.BE", "ZILLOW GROUP DL-,01", "BER", "", "", "EUR", text)),
    );
    expect(groupByIssuer(listings).flatMap(selectHomeListings).map((l) => l.yahooSymbol)).toEqual(["Z"]);
  });
});
