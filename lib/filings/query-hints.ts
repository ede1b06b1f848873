import { companyNameKey, significantWords } from "@/lib/company-names";
import { isContentWord, isTopicWord, parseQuery } from "./query-text";
import { expandFiscalYears, withoutPossessives } from "./text-terms";

/**
 * What a question says about where its answer is: the fiscal years it names ("FY2018", "2022") and
 * the companies it names ("What is 3M's ..."). The search uses them as soft scopes: passages of
 * matching filings get an extra ranking in the fusion, the others stay reachable.
 */
export interface QueryHints {
  fiscalYears: number[];
  companyIds: number[];
  /** Where the query names those companies. */
  names: NameMention[];
}

/** A span of the query's characters naming a company. */
export interface NameMention {
  companyId: number;
  start: number;
  end: number;
}

export interface NamedCompany {
  id: number;
  names: string[];
  /** Its ticker symbols, found in a query only as typed in capitals ("XOM buybacks", not "cost of sales" for COST). */
  symbols: string[];
}

/** A word of two to five capitals, as analysts type a ticker. */
const TICKER = /(?<![\p{L}\p{N}])[A-Z]{2,5}(?![\p{L}\p{N}])/gu;

const MAX_NAME_WORDS = 4;

/** A word as typed, with in-word apostrophes ("McDonald's"); hyphens and points part words ("Coca-Cola", "J.P."). */
const WORD = /[\p{L}\p{N}]+(?:['’‘ʼ`][\p{L}\p{N}]+)*/gu;

export function queryHints(query: string, companies: NamedCompany[]): QueryHints {
  const fiscalYears = [...new Set([...expandFiscalYears(query).matchAll(/\b(19[89]\d|20\d\d)\b/g)].map((m) => Number(m[1])))];
  // Each word's significant words, read without and with a possessive ("JPMorgan's" names JPMorgan,
  // "McDonald's" names McDonald's); "the", "and", "Inc." have none.
  const words = [...query.matchAll(WORD)].map((m) => ({
    start: m.index,
    end: m.index + m[0].length,
    readings: [significantWords(withoutPossessives(m[0])), significantWords(m[0])],
  }));
  // Each run of words from a significant one holding up to MAX_NAME_WORDS significant words, by its key.
  const windows = new Map<string, Omit<NameMention, "companyId">[]>();
  for (let i = 0; i < words.length; i++) {
    for (const reading of [0, 1]) {
      const spanned: string[] = [];
      for (let j = i; j < words.length; j++) {
        const own = words[j]!.readings[reading]!;
        if (own.length === 0) {
          if (j === i) break;
          continue;
        }
        spanned.push(...own);
        if (spanned.length > MAX_NAME_WORDS) break;
        const key = spanned.join("");
        const found = windows.get(key) ?? [];
        const span = { start: words[i]!.start, end: words[j]!.end };
        if (!found.some((f) => f.start === span.start && f.end === span.end)) windows.set(key, [...found, span]);
      }
    }
  }
  const tickers = [...query.matchAll(TICKER)].map((m) => ({ symbol: m[0], start: m.index, end: m.index + m[0].length }));
  const companyIds: number[] = [];
  const names: NameMention[] = [];
  for (const company of companies) {
    const named = [...new Set(company.names.map(companyNameKey))].flatMap((key) => windows.get(key) ?? []);
    const ticked = tickers.filter((t) => company.symbols.includes(t.symbol) && !named.some((n) => n.start <= t.start && t.end <= n.end));
    const spans = [...named, ...ticked.map(({ start, end }) => ({ start, end }))];
    if (spans.length === 0) continue;
    companyIds.push(company.id);
    for (const span of spans) names.push({ companyId: company.id, ...span });
  }
  return { fiscalYears, companyIds, names };
}

/**
 * The query's mentions of companies the search covers: with no company filter, any company the
 * query names; with one, only the filter's companies.
 */
export function namesInScope(hints: QueryHints, filter: readonly number[] | null): NameMention[] {
  return filter === null ? hints.names : hints.names.filter((n) => filter.includes(n.companyId));
}

/** The query as typed, less the spans naming companies. */
export function withoutNames(query: string, names: readonly NameMention[]): string {
  let rest = query;
  // Blanked, not cut, so every span's offsets still hold.
  for (const { start, end } of names) rest = rest.slice(0, start) + " ".repeat(end - start) + rest.slice(end);
  return rest.replace(/\s+/g, " ").trim();
}

/**
 * What the query asks about the companies it names: the query without their names, or null when it
 * names none or asks nothing else ("Apple FY2022", "Tell me about Apple": no topic word left).
 */
export function topicWithoutNames(query: string, names: readonly NameMention[]): string | null {
  if (names.length === 0) return null;
  const rest = withoutNames(query, names);
  const { words, phrases } = parseQuery(rest);
  const asks = [...phrases.flat(), ...words].some((w) => isContentWord(w) && isTopicWord(w));
  return asks ? rest : null;
}
