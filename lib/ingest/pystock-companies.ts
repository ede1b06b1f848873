import { z } from "zod";
import { namesMatch } from "@/lib/company-names";
import { BundledFileError } from "./compressed-files";
import type { JoinAudit } from "./join-audit";
import { type CompanyRecord, UNNAMED_US_VENUE } from "./universe";
import { symbolKey, usCompaniesBySymbol } from "./us-symbols";

/**
 * The US market of the pystock archives (2015-03-23 to 2017-03-31) in the universe: each symbol
 * with prices or reports joins the company that carries that symbol on a US venue under a matching
 * name (docs/METRICS.md "Joins between sources"); one that none carries becomes a company of its
 * own, on a venue the data does not name.
 */

/** A symbol of the archives' symbols.txt files: its name as last seen, earlier names, and the days it was listed. */
export interface PystockSymbol {
  symbol: string;
  name: string;
  earlierNames: string[];
  firstSeen: string;
  lastSeen: string;
}

const HEADER = "symbol,name,first_seen,last_seen,earlier_names";
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const SymbolRow = z.object({ symbol: z.string().min(1), name: z.string().min(1), first_seen: isoDate, last_seen: isoDate, earlier_names: z.string() });

/** The archives write some names with HTML character references ("Alexander&#39;s"). */
const decodeEntities = (name: string) =>
  name.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code))).replace(/&amp;/g, "&").replace(/&quot;/g, '"').replace(/&lt;/g, "<").replace(/&gt;/g, ">");

/** Parses data/pystock/symbols.csv.br (names may hold commas: the file quotes those cells). */
export function parsePystockSymbols(file: string, rows: readonly Record<string, string>[]): PystockSymbol[] {
  return rows.map((row, i) => {
    const parsed = SymbolRow.safeParse(row);
    if (!parsed.success) throw new BundledFileError(file, `row ${i + 2} is not a symbol row: ${JSON.stringify(row).slice(0, 120)}`);
    const { symbol, name, first_seen, last_seen, earlier_names } = parsed.data;
    return { symbol, name: decodeEntities(name), firstSeen: first_seen, lastSeen: last_seen, earlierNames: earlier_names === "" ? [] : earlier_names.split(" | ").map(decodeEntities) };
  });
}
export const PYSTOCK_SYMBOL_COLUMNS = HEADER.split(",");

export interface PystockJoin {
  /** The universe, with `marketSymbol` set on the companies joined, and the companies added. */
  records: CompanyRecord[];
  joined: number;
  added: number;
}

/**
 * Joins the symbols that carry data (`covered`) to the universe. A symbol whose only companies on a
 * US venue have another name is a different company (a symbol reused since): it is added, and the
 * audit records the refused join.
 */
export function joinPystockSymbols(universe: readonly CompanyRecord[], symbols: readonly PystockSymbol[], covered: (symbol: string) => boolean, audit: JoinAudit): PystockJoin {
  const bySymbol = usCompaniesBySymbol(universe);
  const records = universe.map((record) => ({ ...record }));
  const copies = new Map(universe.map((record, i) => [record, records[i]!]));
  let joined = 0;
  for (const entry of symbols) {
    if (!covered(entry.symbol)) continue;
    const names = [entry.name, ...entry.earlierNames];
    const candidates = bySymbol.get(symbolKey(entry.symbol)) ?? [];
    const match = candidates
      .filter((record) => [record.name, record.currentName].some((name) => name !== null && names.some((n) => namesMatch(n, name))))
      .map((record) => copies.get(record)!)
      .filter((record) => record.marketSymbol === null)
      .sort((a, b) => Number(b.inSp500) - Number(a.inSp500) || Number(a.listingStatus === "delisted") - Number(b.listingStatus === "delisted"))[0];
    if (match) {
      match.marketSymbol = entry.symbol;
      joined++;
      continue;
    }
    if (candidates.length > 0) {
      audit.record(
        "market-symbol-by-symbol",
        `${entry.symbol} ${entry.name}`,
        `the universe's ${candidates.map((c) => `${c.exchange}:${c.symbols[0]} "${c.name}"`).join(", ")} carry the symbol under another name: added as a company of its own`,
      );
    }
    records.push(pystockCompany(entry));
  }
  return { records, joined, added: records.length - universe.length };
}

/** A company the universe lacks: the archives give its symbol and names, nothing of place or classification. */
function pystockCompany(entry: PystockSymbol): CompanyRecord {
  return {
    fullTicker: "",
    symbol: entry.symbol,
    exchange: UNNAMED_US_VENUE.prefix,
    exchangeName: UNNAMED_US_VENUE.name,
    name: entry.name,
    currentName: null,
    currentSymbol: null,
    country: null,
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
    cik: null,
    issuerGroup: null,
    // Listed on the archives' last day (the as-of date), unknown since: today's lists do not name it.
    listingStatus: "delisted",
    symbols: [entry.symbol],
    priceTicker: null,
    fundamentalsTicker: null,
    marketSymbol: entry.symbol,
    inSp500: false,
    indexLists: [],
    profileSource: null,
  };
}
