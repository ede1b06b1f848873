import { companyNameKey, significantWords } from "@/lib/company-names";
import { expandFiscalYears, textWords, withoutPossessives } from "./text-terms";

/**
 * What a question says about where its answer is: the fiscal years it names ("FY2018", "2022") and
 * the companies it names ("What is 3M's ..."). The search uses them as soft scopes: passages of
 * matching filings get an extra ranking in the fusion, the others stay reachable.
 */
export interface QueryHints {
  fiscalYears: number[];
  companyIds: number[];
  /** The query's words that name those companies (lower case, as `significantWords` gives them). */
  nameWords: string[];
}

export interface NamedCompany {
  id: number;
  names: string[];
}

const MAX_NAME_WORDS = 4;

export function queryHints(query: string, companies: NamedCompany[]): QueryHints {
  const fiscalYears = [...new Set([...expandFiscalYears(query).matchAll(/\b(19[89]\d|20\d\d)\b/g)].map((m) => Number(m[1])))];
  // Each window of up to MAX_NAME_WORDS words, by its key, with the words it spans; read with and
  // without possessives ("JPMorgan's" names JPMorgan, "McDonald's" names McDonald's).
  const windows = new Map<string, string[]>();
  for (const words of [significantWords(withoutPossessives(query)), significantWords(query)]) {
    for (let i = 0; i < words.length; i++) {
      for (let n = 1; n <= MAX_NAME_WORDS && i + n <= words.length; n++) windows.set(words.slice(i, i + n).join(""), words.slice(i, i + n));
    }
  }
  const companyIds: number[] = [];
  const nameWords = new Set<string>();
  for (const company of companies) {
    const spans = company.names.map((name) => windows.get(companyNameKey(name))).filter((span) => span !== undefined);
    if (spans.length === 0) continue;
    companyIds.push(company.id);
    for (const word of spans.flat()) nameWords.add(word);
  }
  return { fiscalYears, companyIds, nameWords: [...nameWords] };
}

/**
 * The query's words naming a company the search covers: with no company filter, any company the
 * query names (`hints`, its hints over every company); with one, only the filter's companies.
 */
export function namesInScope(query: string, hints: QueryHints, companies: NamedCompany[], filter: readonly number[] | null): string[] {
  return filter === null ? hints.nameWords : queryHints(query, companies.filter((c) => filter.includes(c.id))).nameWords;
}

/**
 * The query as typed, less its words naming companies (`nameWords`, as `queryHints` gives them):
 * what it asks about those companies' filings. Null when it names none of them, or holds nothing
 * else.
 */
export function withoutNameWords(query: string, nameWords: readonly string[]): string | null {
  if (nameWords.length === 0) return null;
  const names = new Set(nameWords);
  // A word as typed: hyphenated ("Coca-Cola") or with apostrophes ("McDonald's": "mcdonald" or "mcdonalds").
  const naming = (word: string) => {
    const parts = textWords(withoutPossessives(word));
    return (parts.length > 0 && parts.every((part) => names.has(part))) || names.has(textWords(word).join(""));
  };
  const rest = query.replace(/[\p{L}\p{N}]+(?:[-‐‑'’‘ʼ`][\p{L}\p{N}]+)*/gu, (word) => (naming(word) ? " " : word));
  if (rest === query || textWords(rest).length === 0) return null;
  return rest.replace(/\s+/g, " ").trim();
}
