import { type CompanyRecord, UNNAMED_US_VENUE } from "./universe";

/** US venues of the universe that a symbol of a US source (pystock, the S&P 500 intervals) can join a company on. */
const US_VENUES: ReadonlySet<string> = new Set(["NYSE", "NASDAQ", "NYSEAMERICAN", "BATS", UNNAMED_US_VENUE.prefix]);

/** One spelling of class-share symbols: "BRK.B" and "BRK-B" meet. */
export const symbolKey = (symbol: string) => symbol.toUpperCase().replace(/[.\-/]/g, "-");

/** The companies on a US venue under every symbol they had (by `symbolKey`), in the universe's order. */
export function usCompaniesBySymbol<T extends Pick<CompanyRecord, "exchange" | "symbols">>(records: readonly T[]): Map<string, T[]> {
  const bySymbol = new Map<string, T[]>();
  for (const record of records) {
    if (!US_VENUES.has(record.exchange)) continue;
    for (const symbol of new Set(record.symbols.map(symbolKey))) bySymbol.set(symbol, [...(bySymbol.get(symbol) ?? []), record]);
  }
  return bySymbol;
}
