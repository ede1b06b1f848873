import { parse } from "csv-parse/sync";
import { companyNameKey } from "@/lib/company-names";
import { BundledFileError } from "./compressed-files";
import { type Exchange, localSymbol, resolveExchange } from "./exchanges";

/** One FinanceDatabase listing, cleaned. */
export interface Listing {
  yahooSymbol: string;
  symbol: string;
  exchange: Exchange;
  name: string;
  description: string | null;
  currency: string | null;
  sector: string | null;
  industryGroup: string | null;
  industry: string | null;
  country: string | null;
  state: string | null;
  city: string | null;
  website: string | null;
  isin: string | null;
  shareclassFigi: string | null;
  delisted: boolean;
}

// Quote units that FinanceDatabase gives as currencies: minor units become their currency.
const CURRENCY_ALIASES: Record<string, string> = { ILA: "ILS", ZAC: "ZAR", GBp: "GBP", GBX: "GBP" };

// German venues append par value and currency to abbreviated names ("ZILLOW GROUP DL-,01").
const GERMAN_VENUES = new Set(["BER", "MUN", "DUS", "HAM", "HAN", "XETRA"]);
const GERMAN_PAR_VALUE = /(?:\s+|(?<=\.))(?:[A-Z]{2}\s?-?,\d+|[A-Z]{2}\s?\d+(?:,\d*)?-?|-,\d+|[A-Z]{2} -,\d+)$/;

// US listings that are not common stock: warrants, units, rights and preferred series.
const US_NON_COMMON = /(?:[-. ](?:WTA?|WTB|WS|UN|U|RT|RI|RW|W|P[A-Z]?)|\s.+)$/;

const clean = (value: string | undefined): string | null => {
  const trimmed = (value ?? "").replace(/\s+/g, " ").trim();
  return trimmed === "" ? null : trimmed;
};

/** Parses the bundled listings CSV; rows without a name or a known exchange are skipped. */
export function parseListings(file: string, csv: string): Listing[] {
  let rows: Record<string, string>[];
  try {
    rows = parse(csv, { columns: true, skip_empty_lines: true });
  } catch (error) {
    throw new BundledFileError(file, (error as Error).message);
  }
  const listings: Listing[] = [];
  for (const row of rows) {
    const name = clean(row.name);
    const yahooSymbol = clean(row.symbol);
    if (!name || !yahooSymbol) continue;
    const exchange = resolveExchange(row.exchange ?? "", yahooSymbol);
    if (!exchange) continue;
    let symbol = localSymbol(yahooSymbol, exchange);
    if (exchange.country === "United States") {
      if (US_NON_COMMON.test(symbol)) continue;
      symbol = symbol.replace("-", "."); // class shares: BRK-B is BRK.B, as exchanges and the price file write it
    }
    const currency = clean(row.currency);
    const displayName = GERMAN_VENUES.has(exchange.prefix) ? name.replace(GERMAN_PAR_VALUE, "") : name;
    listings.push({
      yahooSymbol,
      symbol,
      exchange,
      name: displayName,
      description: clean(row.summary),
      currency: currency ? (CURRENCY_ALIASES[currency] ?? currency) : null,
      sector: clean(row.sector),
      industryGroup: clean(row.industry_group),
      industry: clean(row.industry),
      country: clean(row.country),
      state: clean(row.state),
      city: clean(row.city),
      website: clean(row.website),
      isin: clean(row.isin),
      shareclassFigi: clean(row.shareclass_figi),
      delisted: row.delisted === "True",
    });
  }
  return listings;
}

/** Union-find over listing indexes. */
class DisjointSets {
  private readonly parent: number[];
  constructor(size: number) {
    this.parent = Array.from({ length: size }, (_, i) => i);
  }
  find(i: number): number {
    while (this.parent[i] !== i) {
      const grand = this.parent[this.parent[i]!]!;
      this.parent[i] = grand;
      i = grand;
    }
    return i;
  }
  union(a: number, b: number) {
    this.parent[this.find(a)] = this.find(b);
  }
}

// Profiles are written per issuer, so a long description shared word for word is one issuer's.
const MIN_SHARED_DESCRIPTION = 200;

/** A listing's business description when long enough to name its issuer (shared only by that issuer's listings). */
export function issuerProfile(listing: Listing): string | null {
  return listing.description !== null && listing.description.length >= MIN_SHARED_DESCRIPTION ? listing.description : null;
}

/**
 * The issuer groups: listings that share an ISIN, a share-class FIGI, a long business description,
 * or a name within one country.
 */
export function groupByIssuer(listings: readonly Listing[]): Listing[][] {
  const sets = new DisjointSets(listings.length);
  const firstWithKey = new Map<string, number>();
  const link = (key: string, index: number) => {
    const first = firstWithKey.get(key);
    if (first === undefined) firstWithKey.set(key, index);
    else sets.union(index, first);
  };
  listings.forEach((listing, index) => {
    if (listing.isin) link(`isin:${listing.isin}`, index);
    if (listing.shareclassFigi) link(`figi:${listing.shareclassFigi}`, index);
    const nameKey = companyNameKey(listing.name);
    if (nameKey) link(`name:${nameKey}|${listing.country ?? ""}`, index);
    const profile = issuerProfile(listing);
    if (profile) link(`description:${profile}`, index);
  });
  const groups = new Map<number, Listing[]>();
  listings.forEach((listing, index) => {
    const root = sets.find(index);
    const group = groups.get(root);
    if (group) group.push(listing);
    else groups.set(root, [listing]);
  });
  return [...groups.values()];
}

/** How good a listing is as an issuer's home listing: a home-country venue first, then venue rank. */
function homeScore(listing: Listing): number {
  const domestic = listing.country !== null && listing.exchange.country === listing.country;
  return (domestic ? 0 : 1000) + listing.exchange.rank;
}

/**
 * One row per listed security: within each issuer group, the listings on the issuer's home venue
 * (share classes stay separate rows); listings of the same securities on other venues are dropped.
 */
export function selectHomeListings(group: readonly Listing[]): Listing[] {
  let best = group[0]!;
  for (const listing of group) if (homeScore(listing) < homeScore(best)) best = listing;
  const bySymbol = new Map<string, Listing>();
  for (const listing of group) {
    if (listing.exchange.prefix !== best.exchange.prefix) continue;
    const current = bySymbol.get(listing.symbol);
    if (!current || completeness(listing) > completeness(current)) bySymbol.set(listing.symbol, listing);
  }
  return [...bySymbol.values()];
}

/** How many profile fields a listing fills (to choose between duplicates of one symbol). */
export function completeness(listing: Listing): number {
  return [listing.description, listing.sector, listing.industry, listing.country, listing.currency, listing.isin].filter(
    (value) => value !== null,
  ).length;
}
