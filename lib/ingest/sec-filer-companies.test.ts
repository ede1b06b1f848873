import { describe, expect, it } from "vitest";
import { TICKERS_EXCHANGE_FIXTURE } from "@/test/support/sec/sec-server";
import { readSecListings } from "./read-sources";
import { secFilerCompanies, secTickerIndex } from "./sec-filer-companies";
import { readBrotliJson } from "./compressed-files";

/** SEC's real tickers files: company_tickers.json (bundled, 2026) and company_tickers_exchange.json (2023-05-26). */
const BUNDLED_TICKERS = "data/sec/company_tickers.json.br";
const listings = readSecListings({ companyTickers: BUNDLED_TICKERS, tickersExchange: TICKERS_EXCHANGE_FIXTURE });
const exchangeRows = readBrotliJson<{ data: [number, string, string, string][] }>(TICKERS_EXCHANGE_FIXTURE).data;
/** The first row of the exchange file on `exchange`, as SEC wrote it. */
const firstOn = (exchange: string) => exchangeRows.find((r) => r[3] === exchange)!;

const ALPHABET = 1652044;
const SNOWFLAKE = 1640147;
const LPA = 1997711;

describe("SEC filers that match no company of the universe", () => {
  it("become companies named and listed as SEC's tickers files say, the first ticker the symbol and the others aliases", () => {
    const { companies } = secFilerCompanies([ALPHABET, SNOWFLAKE], listings);
    expect(companies.map((c) => ({ cik: c.cik, name: c.name, symbol: c.symbol, symbols: c.symbols, exchange: c.exchange, exchangeName: c.exchangeName }))).toEqual([
      // GOOGL precedes GOOG in both files (SEC orders a filer's tickers by market value).
      { cik: ALPHABET, name: "Alphabet Inc.", symbol: "GOOGL", symbols: ["GOOGL", "GOOG"], exchange: "NASDAQ", exchangeName: "Nasdaq (market tier not named by SEC)" },
      { cik: SNOWFLAKE, name: "Snowflake Inc.", symbol: "SNOW", symbols: ["SNOW"], exchange: "NYSE", exchangeName: "New York Stock Exchange" },
    ]);
    // SEC's files carry no classification, country or profile; nothing is guessed.
    expect(companies[0]).toMatchObject({ sector: null, industry: null, country: null, description: null, listingStatus: "listed", inSp500: false, indexLists: [], priceTicker: null });
  });

  it("maps SEC's exchanges to the universe's codes: Cboe US and OTC to theirs, none named to US", () => {
    const rows = [firstOn("Cboe US"), firstOn("OTC"), firstOn("")];
    const { companies } = secFilerCompanies([...rows.map((r) => r[0]), LPA], listings);
    expect(companies.map((c) => [c.name, c.symbol, c.exchange])).toEqual([
      [rows[0]![1], rows[0]![2], "CBOE"],
      [rows[1]![1], rows[1]![2], "OTC"],
      [rows[2]![1], rows[2]![2], "US"],
      // Listed in 2024: only the 2026 company_tickers.json has it, without an exchange.
      ["Logistic Properties of the Americas", "LPA", "US"],
    ]);
  });

  it("leaves out a filer no tickers file names, and says which", () => {
    const unnamed = Math.max(...listings.keys()) + 1;
    expect(secFilerCompanies([unnamed, SNOWFLAKE], listings)).toMatchObject({ withoutTicker: [unnamed], companies: [{ cik: SNOWFLAKE }] });
  });

  it("without an exchange file, names filers and tickers from company_tickers.json, exchanges unnamed", () => {
    const tickersOnly = readSecListings({ companyTickers: BUNDLED_TICKERS, tickersExchange: null });
    expect(secFilerCompanies([ALPHABET], tickersOnly).companies[0]).toMatchObject({ symbol: "GOOGL", symbols: ["GOOGL", "GOOG"], exchange: "US" });
    expect(secTickerIndex(tickersOnly).get("SNOW")).toEqual({ cik: SNOWFLAKE, title: "Snowflake Inc." });
  });
});
