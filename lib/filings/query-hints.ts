import { companyNameKey, significantWords } from "@/lib/company-names";
import { expandFiscalYears } from "./text-terms";

/**
 * What a question says about where its answer is: the fiscal years it names ("FY2018", "2022") and
 * the companies it names ("What is 3M's ..."). The search uses them as soft scopes: passages of
 * matching filings get an extra ranking in the fusion, the others stay reachable.
 */
export interface QueryHints {
  fiscalYears: number[];
  companyIds: number[];
}

export interface NamedCompany {
  id: number;
  names: string[];
}

const MAX_NAME_WORDS = 4;

export function queryHints(query: string, companies: NamedCompany[]): QueryHints {
  const fiscalYears = [...new Set([...expandFiscalYears(query).matchAll(/\b(19[89]\d|20\d\d)\b/g)].map((m) => Number(m[1])))];
  const words = significantWords(query.replace(/['’]s\b/gi, ""));
  const windows = new Set<string>();
  for (let i = 0; i < words.length; i++) {
    for (let n = 1; n <= MAX_NAME_WORDS && i + n <= words.length; n++) windows.add(words.slice(i, i + n).join(""));
  }
  const companyIds = companies.filter((c) => c.names.some((name) => windows.has(companyNameKey(name)))).map((c) => c.id);
  return { fiscalYears, companyIds };
}
