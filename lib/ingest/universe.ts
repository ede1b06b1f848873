import { companyNameKey, companyWordSetKey, namesMatch } from "@/lib/company-names";
import { EXCHANGES, US_EXCHANGE_CODES } from "./exchanges";
import type { IndexMember } from "./index-members";
import { type Listing, completeness, groupByIssuer, selectHomeListings } from "./listings";
import { currentSectorName, type IndustryClassifier } from "./industries";

/** One row of the company universe: one listed security. */
export interface CompanyRecord {
  fullTicker: string;
  symbol: string;
  exchange: string;
  exchangeName: string;
  name: string;
  country: string | null;
  currency: string | null;
  sector: string | null;
  industryGroup: string | null;
  industry: string | null;
  description: string | null;
  website: string | null;
  city: string | null;
  state: string | null;
  isin: string | null;
  cik: number | null;
  listingStatus: "listed" | "delisted";
  /** Every symbol the security is known by, current first (former ones stay searchable). */
  symbols: string[];
  priceTicker: string | null;
  fundamentalsTicker: string | null;
  inSp500: boolean;
}

const NASDAQ = EXCHANGES.get("NMS")!;
/** A delisted U.S. security whose venue no bundled file names. */
const UNNAMED_US_VENUE = { prefix: "US", name: "U.S. exchange (not named in the bundled data)" };
const US = "United States";

/** Parses "City, State" or "City, Country" headquarters into a country. */
function headquartersCountry(headquarters: string | null, knownCountries: ReadonlySet<string>): string | null {
  const last = headquarters?.split(",").at(-1)?.trim();
  if (!last) return null;
  return knownCountries.has(last) && last !== "Georgia" ? last : US;
}

export interface UniverseInputs {
  listings: readonly Listing[];
  members: readonly IndexMember[];
  classify: IndustryClassifier;
  /** SEC tickers (2026): a member whose symbol is still its CIK's ticker there is still listed. */
  secTickers: ReadonlyMap<string, { cik: number }>;
}

/**
 * The company universe: S&P 500 members (with their FinanceDatabase profile where one is found),
 * then every other FinanceDatabase security on its home venue. Issuers a member claims are not
 * repeated from FinanceDatabase.
 */
export function buildUniverse({ listings, members, classify, secTickers }: UniverseInputs): CompanyRecord[] {
  const active = listings.filter((l) => !l.delisted);
  const groups = groupByIssuer(active);
  const groupOf = new Map<Listing, number>();
  groups.forEach((group, index) => group.forEach((listing) => groupOf.set(listing, index)));
  // An ISIN names one security wherever it trades: the member's claims its listings abroad even
  // when its own US listing is marked delisted (and so is in no group).
  const groupOfIsin = new Map<string, number>();
  for (const [listing, index] of groupOf) if (listing.isin) groupOfIsin.set(listing.isin, index);
  const byNameKey = new Map<string, Listing[]>();
  for (const listing of listings) {
    for (const key of new Set([...nameKeys(listing.name), ...nameKeys(descriptionLeadName(listing.description))])) {
      byNameKey.set(key, [...(byNameKey.get(key) ?? []), listing]);
    }
  }
  const usBySymbol = new Map<string, Listing[]>();
  for (const listing of listings) {
    if (!US_EXCHANGE_CODES.has(listing.exchange.code)) continue;
    usBySymbol.set(listing.symbol, [...(usBySymbol.get(listing.symbol) ?? []), listing]);
  }
  const knownCountries = new Set(listings.map((l) => l.country).filter((c): c is string => c !== null));

  const claimed = new Set<number>();
  const records: CompanyRecord[] = [];
  for (const member of members) {
    // The member's own US listing, found by symbol and confirmed by name.
    const venue = member.symbols
      .flatMap((symbol) => usBySymbol.get(symbol) ?? [])
      .filter((l) => member.names.some((name) => namesMatch(name, l.name)))
      .sort((a, b) => Number(a.delisted) - Number(b.delisted) || completeness(b) - completeness(a))[0];
    // Its profile: that listing, or the fullest listing of the same name anywhere (NASDAQ-GS names
    // are absent from FinanceDatabase but their cross-listings carry the profile).
    const sameName = memberListings(member, byNameKey);
    const profile = [venue, ...sameName].filter((l): l is Listing => l !== undefined && l.description !== null)[0] ?? venue ?? sameName[0];
    for (const listing of [venue, ...sameName]) {
      const group = listing && (groupOf.get(listing) ?? (listing.isin ? groupOfIsin.get(listing.isin) : undefined));
      if (group !== undefined) claimed.add(group);
    }
    const gics = classify(member.gicsSubIndustry);
    const stillListed =
      member.inCurrentList ||
      (venue !== undefined && !venue.delisted) ||
      member.symbols.some((s) => {
        const cik = secTickers.get(s.replace(".", "-"))?.cik;
        return cik !== undefined && member.ciks.includes(cik);
      });
    // FinanceDatabase lacks only the NASDAQ Global Select file among US venues, so a listed member
    // missing from the others is NASDAQ-listed; a delisted one may have been on any US venue.
    const exchange = venue?.exchange ?? (stillListed ? NASDAQ : UNNAMED_US_VENUE);
    records.push({
      fullTicker: "",
      symbol: member.symbols[0]!,
      exchange: exchange.prefix,
      exchangeName: exchange.name,
      name: displayName(member.names[0]!),
      country: profile?.country ?? member.country ?? headquartersCountry(member.headquarters, knownCountries) ?? US,
      // The trading currency of the US listing, not of the cross-listing that lent the profile.
      currency: venue?.currency ?? "USD",
      sector: profile?.sector ?? gics?.sector ?? currentSectorName(member.gicsSector),
      industryGroup: profile?.sector ? profile.industryGroup : (gics?.industryGroup ?? null),
      industry: profile?.sector ? profile.industry : (gics?.industry ?? null),
      description: profile?.description ?? null,
      website: profile?.website ?? null,
      city: profile?.city ?? null,
      state: profile?.state ?? null,
      isin: venue?.isin ?? null,
      cik: member.cik,
      listingStatus: stillListed ? "listed" : "delisted",
      symbols: member.symbols,
      priceTicker: member.priceTicker,
      fundamentalsTicker: member.fundamentalsTicker,
      inSp500: true,
    });
  }

  groups.forEach((group, index) => {
    if (claimed.has(index)) return;
    for (const listing of selectHomeListings(group)) {
      records.push({
        fullTicker: "",
        symbol: listing.symbol,
        exchange: listing.exchange.prefix,
        exchangeName: listing.exchange.name,
        name: listing.name,
        country: listing.country,
        currency: listing.currency,
        sector: listing.sector,
        industryGroup: listing.industryGroup,
        industry: listing.industry,
        description: listing.description,
        website: listing.website,
        city: listing.city,
        state: listing.state,
        isin: listing.isin,
        cik: null,
        listingStatus: "listed",
        symbols: [listing.symbol],
        priceTicker: null,
        fundamentalsTicker: null,
        inSp500: false,
      });
    }
  });
  assignFullTickers(records);
  return records;
}

/** "Walt Disney Company (The)", as index lists sort names, reads "The Walt Disney Company". */
export function displayName(name: string): string {
  const match = /^(.*?)\s*\(The\)$/i.exec(name);
  return match ? `The ${match[1]}` : name;
}

const LEAD_CONNECTORS = new Set(["&", "and", "of", "de", "the", "du", "la", "&amp;"]);

/**
 * The company name a profile opens with ("Airbnb, Inc., together with its subsidiaries, ..."):
 * cross-listings often abbreviate the name field, while the profile text spells it out.
 */
export function descriptionLeadName(description: string | null): string {
  if (!description || description.length < 100) return "";
  const lead: string[] = [];
  for (const word of description.split(/\s+/).slice(0, 8)) {
    if (!/^[A-Z0-9]/.test(word) && !LEAD_CONNECTORS.has(word)) break;
    lead.push(word);
  }
  return lead.join(" ");
}

/** Exact and word-order-insensitive keys of a name. */
function nameKeys(name: string): string[] {
  const key = companyNameKey(name);
  return key === "" ? [] : [key, `words:${companyWordSetKey(name)}`];
}

/** FinanceDatabase listings named like the member, in the member's country (or with none). */
function memberListings(member: IndexMember, byNameKey: ReadonlyMap<string, Listing[]>): Listing[] {
  const keys = new Set(member.names.flatMap(nameKeys));
  const country = member.country ?? US;
  return [...keys]
    .flatMap((key) => byNameKey.get(key) ?? [])
    .filter((l) => l.country === null || l.country === country)
    .sort((a, b) => completeness(b) - completeness(a));
}

/**
 * `full_ticker` is `EXCHANGE:SYMBOL`. When a delisted security's symbol has since been reused by a
 * listed one (E. I. du Pont's DD is DuPont de Nemours' DD now), the listed one keeps the plain form
 * and the older holder gets a numbered one (`NYSE:DD-1`), as common fundamentals datasets do.
 */
export function assignFullTickers(records: CompanyRecord[]) {
  const order = [...records.keys()].sort(
    (a, b) => Number(records[a]!.listingStatus === "delisted") - Number(records[b]!.listingStatus === "delisted") || a - b,
  );
  const taken = new Set<string>();
  for (const index of order) {
    const record = records[index]!;
    const base = `${record.exchange}:${record.symbol}`;
    let fullTicker = base;
    for (let n = 1; taken.has(fullTicker); n++) fullTicker = `${base}-${n}`;
    taken.add(fullTicker);
    record.fullTicker = fullTicker;
  }
}
