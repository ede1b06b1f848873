import { CURRENT_SOURCES } from "@/lib/as-of";
import { companyNameKey, companyWordSetKey, namesMatch, sameCompanyName } from "@/lib/company-names";
import { EXCHANGES, US_EXCHANGE_CODES } from "./exchanges";
import type { IndexMember } from "./index-members";
import { type Listing, completeness, groupByIssuer, issuerProfile, selectHomeListings } from "./listings";
import { currentSectorName, type IndustryClassifier } from "./industries";
import type { CurrentClassification, Gics2016Taxonomy } from "./gics-2016";
import type { JoinAudit } from "./join-audit";

/**
 * One row of the company universe: one listed security. Name, symbol and classification are those
 * of the data's date (the 2016 list for its members); `current*` say what they are today.
 */
export interface CompanyRecord {
  fullTicker: string;
  symbol: string;
  exchange: string;
  exchangeName: string;
  name: string;
  /** Today's name and symbol, where they differ from `name` and `symbol`. */
  currentName: string | null;
  currentSymbol: string | null;
  country: string | null;
  currency: string | null;
  /** The GICS structure effective 2016-09-01 (one taxonomy for every row; see docs/METRICS.md). */
  sector: string | null;
  industryGroup: string | null;
  industry: string | null;
  subIndustry: string | null;
  /** Where the 2016 classification comes from: the 2016 S&P 500 list, or today's labels mapped. */
  classificationBasis: "sp500-2016" | "mapped-current";
  /** Today's classification as its source writes it (GICS 2018 structure), and that source. */
  current: CurrentClassification;
  currentSource: string | null;
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
  /** The symbol of the whole-market price and report files (pystock) the company joined, if any. */
  marketSymbol: string | null;
  inSp500: boolean;
  /** The S&P 500 lists that name the security, each with its date (`INDEX_LISTS`). */
  indexLists: IndexList[];
  /** The FinanceDatabase listing that lent the profile (for the join audit). */
  profileSource: string | null;
  /**
   * The issuer of a security outside the index lists, numbered by its FinanceDatabase profile text:
   * its share classes on its home venue share it; null without a profile.
   */
  issuerGroup: number | null;
}

/** The bundled S&P 500 lists and their dates (data/SOURCES.md). */
export const INDEX_LISTS = {
  sp500_2016: { name: "S&P 500 securities of the 2016 fundamentals file", date: "2016-12-31" },
  sp500_2021: { name: "S&P 500 constituents of the 2021 price file", date: "2021-04-21" },
  sp500_current: { name: "S&P 500 constituents list", date: "2026-08-01" },
} as const;
export type IndexList = keyof typeof INDEX_LISTS;

const NASDAQ = EXCHANGES.get("NMS")!;
/** A delisted U.S. security whose venue no bundled file names: `US` is a placeholder, not an exchange. */
export const UNNAMED_US_VENUE = { prefix: "US", name: "U.S. exchange not in the data" };
const US = "United States";

/** Parses "City, State" or "City, Country" headquarters into a country; a city alone ("Dublin") tells none. */
function headquartersCountry(headquarters: string | null, knownCountries: ReadonlySet<string>): string | null {
  const parts = headquarters?.split(",") ?? [];
  const last = parts.at(-1)?.trim();
  if (parts.length < 2 || !last) return null;
  return knownCountries.has(last) && last !== "Georgia" ? last : US;
}


export interface UniverseInputs {
  listings: readonly Listing[];
  members: readonly IndexMember[];
  classify: IndustryClassifier;
  gics2016: Gics2016Taxonomy;
  audit: JoinAudit;
  /** SEC tickers (2026): a member whose symbol is still its CIK's ticker there is still listed. */
  secTickers: ReadonlyMap<string, { cik: number }>;
}

/**
 * The company universe: S&P 500 members (with their FinanceDatabase profile where one is found),
 * then every other FinanceDatabase security on its home venue. Issuers a member claims are not
 * repeated from FinanceDatabase.
 */
export function buildUniverse({ listings, members, classify, gics2016, audit, secTickers }: UniverseInputs): CompanyRecord[] {
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
    const then = member.list2016;
    const name = displayName(then?.name ?? member.names[0]!);
    const symbol = then?.symbol ?? member.symbols[0]!;
    const subject = `${exchange.prefix}:${symbol} ${name}`;
    // The S&P 500 lists (joined by CIK) say where the company is; a profile found by symbol or
    // name that places it elsewhere is another issuer's row, or mixes one in (FinanceDatabase's
    // ZTS row carries TIS Inc.'s country, industry and website).
    const headquarters = then?.headquarters ?? member.headquarters ?? null;
    const listed = member.country ?? headquartersCountry(headquarters, knownCountries) ?? headquartersCountry(member.headquarters, knownCountries);
    const placed = profile && (profile.country === null || listed === null || profile.country === listed) ? profile : undefined;
    const country = listed ?? placed?.country ?? US;
    if (profile && !placed) {
      audit.record(
        "profile-country-conflict",
        subject,
        `FinanceDatabase ${profile.yahooSymbol} "${profile.name}" says ${profile.country}, the S&P 500 lists place the headquarters ("${headquarters}"; today "${member.headquarters}") in ${country}: its country, classification, website and city are not used`,
      );
    }
    const description = profile?.description && describesMember(profile.description, member) ? profile.description : null;
    if (profile?.description && description === null) {
      audit.record(
        "profile-description-of-other-issuer",
        subject,
        `FinanceDatabase ${profile.yahooSymbol}'s description opens with "${descriptionLeadName(profile.description)}", not a name of this company: not used`,
      );
    }
    // Today's classification: the current S&P 500 list's GICS where the member is in it, else its profile's.
    const current: CurrentClassification = gics ?? {
      sector: placed?.sector ?? currentSectorName(member.gicsSector),
      industryGroup: placed?.sector ? placed.industryGroup : null,
      industry: placed?.sector ? placed.industry : null,
    };
    const currentSource = gics ? CURRENT_SOURCES.sp500 : placed?.sector ? CURRENT_SOURCES.financeDatabase : current.sector ? CURRENT_SOURCES.sp500 : null;
    const asOfClass = then ? gics2016.fromList2016(then.gicsSubIndustry ?? null) : null;
    if (then && !asOfClass) {
      audit.record("unplaced-gics-label", subject, `the 2016 list's sub-industry "${then.gicsSubIndustry}" is neither in the GICS 2016 structure nor in data/curated/gics-2016-labels.csv`);
    }
    const classification = asOfClass ?? placeCurrent(gics2016, current, subject, audit);
    records.push({
      fullTicker: "",
      symbol,
      exchange: exchange.prefix,
      exchangeName: exchange.name,
      name,
      // A respelling ("Home Depot", "The Home Depot") is not a new name.
      currentName: sameCompanyName(member.names[0]!, name) ? null : displayName(member.names[0]!),
      currentSymbol: member.symbols[0] === symbol ? null : member.symbols[0]!,
      country,
      // The trading currency of the US listing, not of the cross-listing that lent the profile.
      currency: venue?.currency ?? "USD",
      sector: classification?.sector ?? null,
      industryGroup: classification?.industryGroup ?? null,
      industry: classification?.industry ?? null,
      subIndustry: classification?.subIndustry ?? null,
      classificationBasis: asOfClass ? "sp500-2016" : "mapped-current",
      current,
      currentSource,
      description,
      website: placed?.website ?? null,
      city: placed?.city ?? null,
      state: placed?.state ?? null,
      isin: venue?.isin ?? null,
      cik: member.cik,
      listingStatus: stillListed ? "listed" : "delisted",
      symbols: member.symbols,
      priceTicker: member.priceTicker,
      fundamentalsTicker: member.fundamentalsTicker,
      marketSymbol: null,
      inSp500: true,
      indexLists: [
        ...(member.list2016 ? (["sp500_2016"] as const) : []),
        ...(member.priceTicker ? (["sp500_2021"] as const) : []),
        ...(member.inCurrentList ? (["sp500_current"] as const) : []),
      ],
      profileSource: profile?.yahooSymbol ?? null,
      issuerGroup: null,
    });
  }

  // The share classes of one issuer carry its one profile text; an issuer group may also join
  // namesakes (Shoei Co. and Shoei Corporation) or a fund family's products, which stay apart.
  const issuers = new Map<string, number>();
  groups.forEach((group, index) => {
    if (claimed.has(index)) return;
    for (const listing of selectHomeListings(group)) {
      const profile = issuerProfile(listing);
      if (profile !== null && !issuers.has(profile)) issuers.set(profile, issuers.size);
      records.push({
        fullTicker: "",
        symbol: listing.symbol,
        exchange: listing.exchange.prefix,
        exchangeName: listing.exchange.name,
        name: listing.name,
        currentName: null,
        currentSymbol: null,
        country: listing.country,
        currency: listing.currency,
        ...mappedClassification(listing, gics2016, audit),
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
        marketSymbol: null,
        inSp500: false,
        indexLists: [],
        profileSource: listing.yahooSymbol,
        issuerGroup: profile === null ? null : issuers.get(profile)!,
      });
    }
  });
  assignFullTickers(records);
  auditSharedProfiles(records, audit);
  return records;
}

/** One FinanceDatabase profile lent to two members of different CIKs names one of them wrongly. */
function auditSharedProfiles(records: readonly CompanyRecord[], audit: JoinAudit) {
  const byProfile = new Map<string, CompanyRecord>();
  for (const record of records) {
    if (!record.inSp500 || record.profileSource === null || record.description === null) continue;
    const first = byProfile.get(record.profileSource);
    if (first && first.cik !== record.cik) {
      audit.record(
        "profile-shared-by-members",
        `${record.fullTicker} ${record.name}`,
        `its profile, FinanceDatabase ${record.profileSource}, is also ${first.fullTicker} ${first.name}'s (CIK ${first.cik} vs ${record.cik})`,
      );
    }
    if (!first) byProfile.set(record.profileSource, record);
  }
}

/**
 * A current classification's place in the 2016 structure. An industry neither the structure nor
 * the label table places would leave the company without a sector in silence: the audit refuses it.
 */
function placeCurrent(gics2016: Gics2016Taxonomy, current: CurrentClassification, subject: string, audit: JoinAudit) {
  const placed = gics2016.fromCurrent(current);
  if (placed === null && current.industry !== null) {
    audit.record("unplaced-gics-label", subject, `today's industry "${current.industry}" is neither in the GICS 2016 structure nor in data/curated/gics-2016-labels.csv`);
  }
  return placed;
}

/** A FinanceDatabase listing's own (current) classification and its place in the 2016 structure. */
function mappedClassification(listing: Listing, gics2016: Gics2016Taxonomy, audit: JoinAudit) {
  const current: CurrentClassification = { sector: listing.sector, industryGroup: listing.industryGroup, industry: listing.industry };
  const mapped = placeCurrent(gics2016, current, `${listing.exchange.prefix}:${listing.symbol} ${listing.name}`, audit);
  return {
    sector: mapped?.sector ?? null,
    industryGroup: mapped?.industryGroup ?? null,
    industry: mapped?.industry ?? null,
    subIndustry: null,
    classificationBasis: "mapped-current" as const,
    current,
    currentSource: current.sector ? CURRENT_SOURCES.financeDatabase : null,
  };
}

// A profile's opening words name a company when they end in a legal form ("IES Holdings, Inc.").
const COMPANY_NAME_ENDING = /\b(?:Inc|Corp|Corporation|Company|Co|Ltd|Limited|plc|PLC|Trust|Holdings|N\.V|S\.A|AG|SE|LLC|L\.P)\.?,?$/;

/**
 * Whether a profile text is about the member: when it opens with a company name, that is one of
 * the member's names. A text that opens otherwise ("Based in ...", "As of December 31, ...") passes.
 */
function describesMember(description: string, member: IndexMember): boolean {
  const lead = descriptionLeadName(description);
  if (/\d/.test(lead) || !COMPANY_NAME_ENDING.test(lead)) return true;
  return member.names.some((name) => namesMatch(name, lead) || namesMatch(displayName(name), lead));
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
