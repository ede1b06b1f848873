import { namesMatch } from "@/lib/company-names";
import { EXCHANGES } from "./exchanges";
import type { CompanyRecord } from "./universe";

const US_PREFIXES = new Set([...EXCHANGES.values()].filter((e) => e.country === "United States").map((e) => e.prefix));

/**
 * Joins SEC filers that no list gave a CIK to the universe's listings: a listing on a U.S. exchange
 * without a CIK whose symbol is the filer's ticker in SEC's company_tickers.json and whose name
 * matches SEC's (NYSE:SNOW "Snowflake, Inc." is CIK 1640147 "Snowflake Inc."). A ticker that names
 * no such listing, or more than one, joins nothing. Returns the universe with those CIKs set.
 */
export function joinSecFilers(
  companies: readonly CompanyRecord[],
  ciks: Iterable<number>,
  secTickers: ReadonlyMap<string, { cik: number; title: string }>,
): { companies: CompanyRecord[]; joined: string[] } {
  const wanted = new Set(ciks);
  const bySymbol = new Map<string, number[]>();
  companies.forEach((c, i) => {
    if (c.cik === null && US_PREFIXES.has(c.exchange)) bySymbol.set(c.symbol, [...(bySymbol.get(c.symbol) ?? []), i]);
  });
  const joinedCiks = new Map<number, number>();
  for (const [ticker, { cik, title }] of secTickers) {
    if (!wanted.has(cik)) continue;
    const matches = (bySymbol.get(ticker) ?? []).filter((i) => namesMatch(companies[i]!.name, title));
    if (matches.length === 1) joinedCiks.set(matches[0]!, cik);
  }
  return {
    companies: companies.map((c, i) => (joinedCiks.has(i) ? { ...c, cik: joinedCiks.get(i)! } : c)),
    joined: [...joinedCiks].map(([i, cik]) => `${companies[i]!.fullTicker} (CIK ${cik})`),
  };
}
