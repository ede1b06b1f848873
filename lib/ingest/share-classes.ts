import { shiftYears } from "@/lib/calendar";
import { companyNameKey } from "@/lib/company-names";
import type { FiscalYearInputs } from "./fiscal-years";
import type { PriceDay } from "@/lib/market/price-rows";
import type { CompanyRecord } from "./universe";

/**
 * Share classes as one company (docs/METRICS.md "Share classes"): the listings of one issuer, the
 * one that stands for it (its primary listing), and the issuer's values on every class's row.
 */

type ClassListing = Pick<CompanyRecord, "cik" | "issuerGroup" | "fullTicker" | "symbol" | "listingStatus" | "name">;

/**
 * An issuer's listings share its SEC CIK, else FinanceDatabase's issuer group and the start of
 * their names (the group's shared profile text can be a copying error: Quanex's NX and CTS
 * Corporation's CTS carry one); any other listing is its own issuer.
 */
export function issuerKey(listing: ClassListing): string {
  if (listing.cik !== null) return `cik:${listing.cik}`;
  return listing.issuerGroup !== null ? `group:${listing.issuerGroup}:${companyNameKey(listing.name).slice(0, 5)}` : `listing:${listing.fullTicker}`;
}

/** Traded value (unadjusted close × shares traded) over the year to `asOf`: (asOf − 1 year, asOf]. */
export function tradedValue(days: readonly PriceDay[] | undefined, asOf: string): number {
  const from = shiftYears(asOf, -1);
  let value = 0;
  for (const day of days ?? []) if (day.date > from && day.date <= asOf) value += day.close * day.volume;
  return value;
}

/**
 * The primary listing among one issuer's: the most traded value over the year to the as-of date;
 * then a listed one before a delisted one, the shorter symbol (the common or Class A share: HEI
 * before HEI.A), the symbol in alphabetical order. Returns its position in `listings`.
 */
export function primaryListing(listings: readonly { listing: ClassListing; tradedValue: number }[]): number {
  type Candidate = (typeof listings)[number];
  const delisted = ({ listing }: Candidate) => (listing.listingStatus === "delisted" ? 1 : 0);
  const compare = (a: Candidate, b: Candidate) =>
    b.tradedValue - a.tradedValue ||
    delisted(a) - delisted(b) ||
    a.listing.symbol.length - b.listing.symbol.length ||
    (a.listing.symbol < b.listing.symbol ? -1 : a.listing.symbol > b.listing.symbol ? 1 : 0);
  return listings.reduce((best, candidate, i) => (compare(candidate, listings[best]!) < 0 ? i : best), 0);
}

/** The issuers of a universe: for every listing (by index), its primary listing's index and the index whose fundamentals stand for the issuer. */
export interface ShareClassIssuers {
  primaryOf: number[];
  fundamentalsOf: number[];
  /** Issuers with more than one listing: each its listings' indexes, the primary first. */
  multiClass: number[][];
}

/**
 * Groups the listings by issuer and picks each issuer's primary listing (`primaryListing`) and its
 * fundamentals: the listing whose fiscal years give a share count in the most years, the primary on
 * a tie (the Kaggle file gives a multi-class issuer's EPS and share count on one class's rows only).
 */
export function shareClassIssuers(
  listings: readonly ClassListing[],
  tradedValueOf: (index: number) => number,
  fiscalYearsOf: (index: number) => readonly Pick<FiscalYearInputs, "sharesOutstanding">[] | undefined,
): ShareClassIssuers {
  const byIssuer = new Map<string, number[]>();
  listings.forEach((listing, i) => {
    const key = issuerKey(listing);
    byIssuer.set(key, [...(byIssuer.get(key) ?? []), i]);
  });
  const primaryOf: number[] = [];
  const fundamentalsOf: number[] = [];
  const multiClass: number[][] = [];
  const shareCounts = (i: number) => (fiscalYearsOf(i) ?? []).filter((fy) => fy.sharesOutstanding !== null).length;
  for (const indexes of byIssuer.values()) {
    const primary = indexes[primaryListing(indexes.map((i) => ({ listing: listings[i]!, tradedValue: tradedValueOf(i) })))]!;
    const fundamentals = indexes.reduce((best, i) => (shareCounts(i) > shareCounts(best) ? i : best), primary);
    for (const i of indexes) {
      primaryOf[i] = primary;
      fundamentalsOf[i] = fundamentals;
    }
    if (indexes.length > 1) multiClass.push([primary, ...indexes.filter((i) => i !== primary)]);
  }
  return { primaryOf, fundamentalsOf, multiClass };
}

/** The ingest's line on share classes: the issuers with several listings, naming those priced by the as-of date (primary first). */
export function describeShareClasses<T extends ClassListing>(issuers: readonly (readonly T[])[], priced: (listing: T) => boolean): string {
  const pricedIssuers = issuers.filter((listings) => listings.some(priced));
  const names = pricedIssuers.map((listings) => listings.map((l) => l.fullTicker).join(" + ")).join(", ");
  return `share classes: ${issuers.length} issuers with several listings (one row each by default), ${pricedIssuers.length} of them priced by the as-of date: ${names}`;
}
