import type { JoinAudit } from "./join-audit";
import type { MembershipInterval } from "./sp500-history";
import { type CompanyRecord, INDEX_LISTS, type IndexList } from "./universe";
import { symbolKey, usCompaniesBySymbol } from "./us-symbols";

/**
 * The S&P 500 membership intervals (fja05680/sp500: tickers as of each day) joined to the
 * universe's companies (docs/METRICS.md "Index membership"). A ticker names a company only while
 * that company carried it, and symbols are reused (AAL was another company's in 1996), so a
 * company that carries the ticker joins an interval only with evidence from within it:
 *
 * - strong: an index list names the company under the ticker on a date inside the interval;
 * - weak: its price history overlaps the interval, or it is still listed under the ticker and the
 *   interval has not ended.
 *
 * A ticker the file writes for a stretch the company traded under an earlier symbol (Yahoo's
 * AABA, Tesoro's ANDV) meets that symbol through the curated symbol changes. Companies of the
 * index lists come first, strong evidence before weak. A ticker carried on by a successor (21st Century Fox's FOX, then Fox Corporation's) has strong evidence for two companies:
 * the interval is split where the successor's evidence begins.
 */

/** What the join reads of a company. */
export type IntervalCompany = Pick<CompanyRecord, "fullTicker" | "name" | "symbol" | "symbols" | "exchange" | "inSp500" | "indexLists" | "priceTicker" | "listingStatus"> & {
  /** The first and last day of its price history. */
  prices: { from: string; to: string } | null;
};

/** A stretch of a ticker in the index and the company (index into the companies given) that carried it; null: none joined. */
export interface JoinedInterval extends MembershipInterval {
  company: number | null;
}

export interface IntervalJoin {
  /** Every day of every interval, once: a split interval is two rows of one ticker. */
  intervals: JoinedInterval[];
  /** Intervals of the file that joined no company: no company of the universe carries the ticker, or none with evidence. */
  unjoined: { withoutCompany: MembershipInterval[]; withoutEvidence: MembershipInterval[] };
}

/** The symbol a list names the company by: the 2016 list's, the 2021 price file's, today's. */
const listSymbol = (company: IntervalCompany, list: IndexList) =>
  list === "sp500_2016" ? company.symbol : list === "sp500_2021" ? company.priceTicker : company.symbols[0];

const inside = (interval: MembershipInterval, date: string) => interval.start <= date && (interval.end === null || date < interval.end);

interface Evidence {
  index: number;
  /** Dates of the lists naming the company under the ticker inside the interval, oldest first. */
  strong: string[];
  /** The first day inside the interval that its prices or listing vouch for; null: none. */
  weakFrom: string | null;
}

function evidenceOf(company: IntervalCompany, index: number, interval: MembershipInterval, tickers: ReadonlySet<string>): Evidence {
  const strong = company.indexLists
    .filter((list) => tickers.has(symbolKey(listSymbol(company, list) ?? "")) && inside(interval, INDEX_LISTS[list].date))
    .map((list) => INDEX_LISTS[list].date)
    .sort();
  const { prices } = company;
  const overlaps = prices !== null && prices.to >= interval.start && (interval.end === null || prices.from < interval.end);
  const listedUnder = interval.end === null && company.listingStatus === "listed" && tickers.has(symbolKey(company.symbols[0]!));
  const weakFrom = overlaps ? (prices.from > interval.start ? prices.from : interval.start) : listedUnder ? interval.start : null;
  return { index, strong, weakFrom };
}

const describe = (interval: MembershipInterval) => `S&P 500 ${interval.ticker} ${interval.start}..${interval.end ?? "today"}`;

/** A ticker and the symbols a curated change links it to, either way (`symbolChanges`: old → new). */
function tickerAliases(symbolChanges: ReadonlyMap<string, string>): (ticker: string) => Set<string> {
  const aliases = new Map<string, string[]>();
  for (const [from, to] of symbolChanges) {
    const [a, b] = [symbolKey(from), symbolKey(to)];
    aliases.set(a, [...(aliases.get(a) ?? []), b]);
    aliases.set(b, [...(aliases.get(b) ?? []), a]);
  }
  return (ticker) => new Set([symbolKey(ticker), ...(aliases.get(symbolKey(ticker)) ?? [])]);
}

export function joinMembershipIntervals(
  intervals: readonly MembershipInterval[],
  companies: readonly IntervalCompany[],
  symbolChanges: ReadonlyMap<string, string>,
  audit: JoinAudit,
): IntervalJoin {
  const indexOf = new Map(companies.map((company, i) => [company, i]));
  const bySymbol = usCompaniesBySymbol(companies);
  const aliasesOf = tickerAliases(symbolChanges);
  const joined: JoinedInterval[] = [];
  const unjoined: IntervalJoin["unjoined"] = { withoutCompany: [], withoutEvidence: [] };
  const label = (i: number) => `${companies[i]!.fullTicker} "${companies[i]!.name}"`;
  for (const interval of intervals) {
    const tickers = aliasesOf(interval.ticker);
    const carriers = [...new Set([...tickers].flatMap((ticker) => bySymbol.get(ticker) ?? []))];
    const evidence = carriers.map((c) => evidenceOf(c, indexOf.get(c)!, interval, tickers));
    const strong = evidence.filter((e) => e.strong.length > 0);
    const weak = evidence.filter((e) => e.weakFrom !== null);
    const members = weak.filter((e) => companies[e.index]!.inSp500);
    const chosen = strong.length > 0 ? strong : members.length > 0 ? members : weak;
    if (chosen.length === 0) {
      (carriers.length === 0 ? unjoined.withoutCompany : unjoined.withoutEvidence).push(interval);
      joined.push({ ...interval, company: null });
      continue;
    }
    const pieces = strong.length > 1 ? split(interval, strong) : [{ ...interval, company: chosen[0]!.index }];
    if (pieces.length > 1) {
      audit.record("index-interval-split", describe(interval), `carried on by a successor: ${pieces.map((p) => `${label(p.company!)} from ${p.start}`).join(", ")}`);
    }
    const others = evidence.filter((e) => !pieces.some((p) => p.company === e.index) && (e.strong.length > 0 || e.weakFrom !== null));
    if (others.length > 0) {
      audit.record(
        "index-interval-candidates",
        describe(interval),
        `joined to ${pieces.map((p) => label(p.company!)).join(" and ")}; also carried, with prices or a listing in the interval, by ${others.map((e) => label(e.index)).join(", ")}`,
      );
    }
    joined.push(...pieces);
  }
  return { intervals: joined, unjoined };
}

/**
 * An interval several companies have strong evidence in: each holds it from where its evidence
 * begins after its predecessor's last list date (its prices, else that list date) to the next's.
 * Evidence that does not order them leaves the interval to the first.
 */
function split(interval: MembershipInterval, strong: readonly Evidence[]): JoinedInterval[] {
  const ordered = [...strong].sort((a, b) => (a.strong[0]! < b.strong[0]! ? -1 : 1));
  const starts = ordered.map((e, k) => {
    if (k === 0) return interval.start;
    const after = ordered[k - 1]!.strong.at(-1)!;
    return e.weakFrom !== null && e.weakFrom > after && e.weakFrom <= e.strong[0]! ? e.weakFrom : e.strong[0]!;
  });
  if (starts.some((start, k) => k > 0 && start <= starts[k - 1]!)) return [{ ...interval, company: ordered[0]!.index }];
  return ordered.map((e, k) => ({ ticker: interval.ticker, start: starts[k]!, end: starts[k + 1] ?? interval.end, company: e.index }));
}
