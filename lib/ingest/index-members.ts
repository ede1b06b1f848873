import { namesMatch, sameCompanyName } from "@/lib/company-names";
import type { JoinAudit } from "./join-audit";

/**
 * The S&P 500 side of the universe: every company of the 2016 fundamentals, the 2021 price file and
 * the 2026 constituents list, joined by SEC CIK (symbols change between the lists: PCLN is BKNG).
 * A company with several share classes in one list (GOOG and GOOGL) stays one security per class.
 */
export interface IndexMember {
  /** The newest CIK; `ciks` also holds those of predecessor holding companies. */
  cik: number | null;
  ciks: number[];
  /** Names from newest to oldest list. */
  names: string[];
  /** Newest symbol first; all of them stay searchable. */
  symbols: string[];
  priceTicker: string | null;
  fundamentalsTicker: string | null;
  gicsSector: string | null;
  gicsSubIndustry: string | null;
  headquarters: string | null;
  country: string | null;
  inCurrentList: boolean;
  /** The member's row of the 2016 list: its name, ticker and GICS classification of 2016. */
  list2016: ListRow | null;
}

export interface ListRow {
  symbol: string;
  name: string;
  cik: number | null;
  gicsSector?: string | null;
  gicsSubIndustry?: string | null;
  headquarters?: string | null;
  country?: string | null;
}

export interface IndexInputs {
  /** 2026 S&P 500 constituents (with CIK). */
  current: ListRow[];
  /** 2016 S&P 500 securities of the fundamentals file (with CIK). */
  fundamentals2016: ListRow[];
  /** Tickers that have fundamentals rows. */
  fundamentalsTickers: ReadonlySet<string>;
  /** 2021 price-file tickers with their names (no CIK). */
  prices2021: ListRow[];
  /** First trading date of each price ticker. */
  firstPriceDate: ReadonlyMap<string, string>;
  /** SEC ticker → CIK list (2026). */
  secTickers: ReadonlyMap<string, { cik: number; title: string }>;
  /** Curated symbol changes of price tickers that no list maps to a CIK (NLOK became GEN). */
  symbolChanges: ReadonlyMap<string, string>;
  asOf: string;
  audit: JoinAudit;
}

const secSymbol = (symbol: string) => symbol.replace(".", "-");

/** Finds the CIK of a 2021 price ticker; see docs/METRICS.md "Known quirks" on symbols that differ between files. */
function resolvePriceTickerCik(row: ListRow, inputs: IndexInputs): number | null {
  const by2016 = inputs.fundamentals2016.find((r) => r.symbol === row.symbol);
  const tradedAtAsOf = (inputs.firstPriceDate.get(row.symbol) ?? "9999") <= inputs.asOf;
  // The series carried this symbol at the as-of date: it is the 2016 holder of the symbol, even when
  // the name changed since (Apache became APA).
  if (by2016?.cik && namesMatch(by2016.name, row.name)) return by2016.cik;
  if (by2016?.cik && tradedAtAsOf) {
    inputs.audit.record(
      "price-ticker-by-symbol",
      `price ticker ${row.symbol}`,
      `joined to the 2016 list's ${by2016.symbol} "${by2016.name}" (CIK ${by2016.cik}) by symbol alone: the 2021 name "${row.name}" differs, but the series traded under this symbol at ${inputs.asOf}`,
    );
    return by2016.cik;
  }
  const byCurrent = inputs.current.find((r) => r.symbol === row.symbol && r.cik && namesMatch(r.name, row.name));
  if (byCurrent) return byCurrent.cik;
  const bySec = inputs.secTickers.get(secSymbol(row.symbol));
  if (bySec && namesMatch(bySec.title, row.name)) return bySec.cik;
  const byName = [...inputs.current, ...inputs.fundamentals2016].find((r) => r.cik && sameCompanyName(r.name, row.name));
  return byName?.cik ?? null;
}

export function buildIndexMembers(inputs: IndexInputs): IndexMember[] {
  const members: IndexMember[] = [];
  const byCik = new Map<number, IndexMember[]>();

  const newMember = (cik: number | null): IndexMember => {
    const member: IndexMember = {
      cik,
      ciks: cik === null ? [] : [cik],
      names: [],
      symbols: [],
      priceTicker: null,
      fundamentalsTicker: null,
      gicsSector: null,
      gicsSubIndustry: null,
      headquarters: null,
      country: null,
      inCurrentList: false,
      list2016: null,
    };
    members.push(member);
    if (cik !== null) byCik.set(cik, [...(byCik.get(cik) ?? []), member]);
    return member;
  };

  const merge = (member: IndexMember, row: ListRow, cik: number | null) => {
    if (cik !== null && !member.ciks.includes(cik)) {
      member.ciks.push(cik);
      member.cik ??= cik;
      byCik.set(cik, [...(byCik.get(cik) ?? []), member]);
    }
    if (!member.symbols.includes(row.symbol)) member.symbols.push(row.symbol);
    if (!member.names.includes(row.name)) member.names.push(row.name);
    member.gicsSector ??= row.gicsSector ?? null;
    member.gicsSubIndustry ??= row.gicsSubIndustry ?? null;
    member.headquarters ??= row.headquarters ?? null;
    member.country ??= row.country ?? null;
  };

  /**
   * Adds one list. Rows of one issuer in one list are its share classes; each joins the issuer's
   * security with the same symbol, or, when symbols changed (a rename), the one security left.
   */
  const addList = (rows: { row: ListRow; cik: number | null }[], patch: (member: IndexMember, row: ListRow) => void) => {
    const byIssuer = new Map<string, { row: ListRow; cik: number | null }[]>();
    rows.forEach((entry, i) => {
      const key = entry.cik === null ? `row:${i}` : `cik:${entry.cik}`;
      byIssuer.set(key, [...(byIssuer.get(key) ?? []), entry]);
    });
    for (const entries of byIssuer.values()) {
      const cik = entries[0]!.cik;
      const existing = cik === null ? [] : (byCik.get(cik) ?? []);
      const unmatched = entries.filter(({ row }) => {
        const member = existing.find((m) => m.symbols.includes(row.symbol)) ?? successorOf(row, cik);
        if (member) {
          merge(member, row, cik);
          patch(member, row);
        }
        return !member;
      });
      const free = existing.filter((m) => !entries.some(({ row }) => m.symbols.includes(row.symbol)));
      for (const { row } of unmatched) {
        const member = unmatched.length === 1 && free.length === 1 ? free[0]! : newMember(cik);
        merge(member, row, cik);
        patch(member, row);
      }
    }
  };

  /**
   * The listed security that carries on this row's symbol: the same symbol with a matching name (a
   * new holding company with a new CIK, as BlackRock, Cigna and Disney formed) or with no CIK to
   * tell otherwise, or the symbol a curated change names.
   */
  const successorOf = (row: ListRow, cik: number | null): IndexMember | undefined => {
    const renamed = inputs.symbolChanges.get(row.symbol);
    return members.find(
      (m) =>
        m.inCurrentList &&
        ((renamed !== undefined && m.symbols.includes(renamed)) ||
          (m.symbols.includes(row.symbol) && (cik === null || m.names.some((name) => namesMatch(name, row.name))))),
    );
  };

  addList(
    inputs.current.map((row) => ({ row, cik: row.cik })),
    (m) => (m.inCurrentList = true),
  );
  addList(
    inputs.prices2021.map((row) => ({ row, cik: resolvePriceTickerCik(row, inputs) })),
    (m, row) => (m.priceTicker = row.symbol),
  );
  addList(
    inputs.fundamentals2016.map((row) => ({ row, cik: row.cik })),
    (m, row) => {
      if (inputs.fundamentalsTickers.has(row.symbol)) m.fundamentalsTicker ??= row.symbol;
      m.list2016 ??= row;
    },
  );
  return members;
}
