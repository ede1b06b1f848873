import { z } from "zod";
import { EXCHANGES } from "./exchanges";
import type { CompanyRecord } from "./universe";

/** SEC's `company_tickers.json`: `{"0": {"cik_str": 320193, "ticker": "AAPL", "title": "Apple Inc."}, ...}`, ordered by SEC. */
export const SecCompanyTickers = z.record(z.string(), z.object({ cik_str: z.number().int(), ticker: z.string(), title: z.string() }));

/** SEC's `company_tickers_exchange.json`: `{"fields": ["cik","name","ticker","exchange"], "data": [[320193, "Apple Inc.", "AAPL", "Nasdaq"], ...]}`. */
export const SecTickersExchange = z.object({
  fields: z.tuple([z.literal("cik"), z.literal("name"), z.literal("ticker"), z.literal("exchange")]),
  data: z.array(z.tuple([z.number().int(), z.string(), z.string().nullable(), z.string().nullable()])),
});

/** One ticker of a filer, as SEC's tickers files list it; `exchange` only where company_tickers_exchange.json names one. */
export interface SecListing {
  cik: number;
  name: string;
  ticker: string;
  exchange: string | null;
}

/**
 * Each CIK's tickers in SEC's order (SEC lists a filer's tickers by market value, largest first):
 * those of company_tickers_exchange.json, with their exchange, then tickers only company_tickers.json
 * has (a filer listed after the exchange file was taken). Without an exchange file, company_tickers.json alone.
 */
export function secListings(
  tickers: z.infer<typeof SecCompanyTickers>,
  exchange: z.infer<typeof SecTickersExchange> | null,
): Map<number, SecListing[]> {
  const byCik = new Map<number, SecListing[]>();
  const add = (listing: SecListing) => {
    const listings = byCik.get(listing.cik) ?? [];
    if (!listings.some((l) => l.ticker === listing.ticker)) byCik.set(listing.cik, [...listings, listing]);
  };
  for (const [cik, name, ticker, venue] of exchange?.data ?? []) if (ticker) add({ cik, name, ticker, exchange: venue || null });
  for (const t of Object.values(tickers)) add({ cik: t.cik_str, name: t.title, ticker: t.ticker, exchange: null });
  return byCik;
}

/** Ticker → the filer (CIK and SEC's name) that holds it, for joining listings without a CIK. */
export function secTickerIndex(listings: ReadonlyMap<number, readonly SecListing[]>): Map<string, { cik: number; title: string }> {
  const index = new Map<string, { cik: number; title: string }>();
  for (const [cik, all] of listings) for (const l of all) if (!index.has(l.ticker)) index.set(l.ticker, { cik, title: l.name });
  return index;
}

/**
 * SEC's exchange names and the universe's exchange codes. SEC names Nasdaq without its market tier;
 * "OTC" is OTC Markets (as FinanceDatabase's OTC listings). A filer whose ticker has no exchange
 * ("" in the file, or a ticker only company_tickers.json has) gets `US`, the code of a U.S.
 * security whose venue the data does not name.
 */
const SEC_VENUES: Readonly<Record<string, { prefix: string; name: string }>> = {
  Nasdaq: { prefix: EXCHANGES.get("NMS")!.prefix, name: "Nasdaq (market tier not named by SEC)" },
  NYSE: EXCHANGES.get("NYQ")!,
  "Cboe US": EXCHANGES.get("BTS")!,
  OTC: EXCHANGES.get("OQB")!,
};
const UNNAMED_VENUE = { prefix: "US", name: "U.S., no exchange in SEC's tickers files" };

export interface SecFilerCompanies {
  companies: CompanyRecord[];
  /** Filers no tickers file names: nothing to list them by (investment funds, private issuers, former filers). */
  withoutTicker: number[];
}

/**
 * Companies for SEC filers that match no company of the universe: name and tickers from SEC's
 * tickers files, the first ticker (SEC's order: the largest by market value) as the symbol and the
 * others as its aliases, the exchange of that ticker. SEC's files carry no classification, country
 * or profile: those stay null (the company page and the sector filter treat them as unknown).
 */
export function secFilerCompanies(ciks: Iterable<number>, listings: ReadonlyMap<number, readonly SecListing[]>): SecFilerCompanies {
  const companies: CompanyRecord[] = [];
  const withoutTicker: number[] = [];
  for (const cik of ciks) {
    const [first, ...others] = listings.get(cik) ?? [];
    if (!first) {
      withoutTicker.push(cik);
      continue;
    }
    const venue = (first.exchange !== null ? SEC_VENUES[first.exchange] : undefined) ?? UNNAMED_VENUE;
    companies.push({
      fullTicker: "",
      symbol: first.ticker,
      exchange: venue.prefix,
      exchangeName: venue.name,
      name: first.name,
      currentName: null,
      currentSymbol: null,
      country: null,
      // A ticker in SEC's lists trades in the United States.
      currency: "USD",
      sector: null,
      industryGroup: null,
      industry: null,
      subIndustry: null,
      classificationBasis: "mapped-current",
      current: { sector: null, industryGroup: null, industry: null },
      currentSource: null,
      description: null,
      website: null,
      city: null,
      state: null,
      isin: null,
      cik,
      listingStatus: "listed",
      symbols: [first.ticker, ...others.map((l) => l.ticker)],
      priceTicker: null,
      fundamentalsTicker: null,
      marketSymbol: null,
      inSp500: false,
      indexLists: [],
      profileSource: null,
      issuerGroup: null,
    });
  }
  return { companies, withoutTicker };
}
