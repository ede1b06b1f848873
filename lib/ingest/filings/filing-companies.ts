import { companyNameKey, namesMatch, sameCompanyName } from "@/lib/company-names";
import type { SourceDocument } from "./filing-sources";

/** A company of the universe that a filing can belong to. */
export interface CandidateCompany {
  id: number;
  name: string;
  /** Today's name, where it differs from `name` (the data's date's): filings of 2023 say "Ulta Beauty". */
  currentName: string | null;
  cik: number | null;
  symbols: string[];
  inSp500: boolean;
  usListed: boolean;
}

export interface CompanyLink {
  companyId: number | null;
  cik: number | null;
  /** How the link was made, for the ingest report: `cik`, `ticker`, `name`, `curated`. */
  method: string | null;
}

export interface LinkSources {
  companies: CandidateCompany[];
  /** SEC `company_tickers.json`: ticker → CIK (covers companies the universe has without a CIK). */
  secTickers: Map<string, { cik: number }>;
  /** Curated: FinanceBench name prefix → CIK, for documents no list can name (renamed companies). */
  curated: Map<string, number>;
}

const rankCompanies = (a: CandidateCompany, b: CandidateCompany) =>
  Number(b.inSp500) - Number(a.inSp500) || Number(b.usListed) - Number(a.usListed) || a.id - b.id;

/**
 * Links documents to companies: by the CIK in the source link, by ticker, by the source's company
 * label (short names such as "JPMorgan" or "AMD" too), and for unlabelled FinanceBench documents by
 * the company prefix of their name shared with labelled ones. All documents of one label share the
 * company found for any of them.
 */
export function linkFilingCompanies(documents: SourceDocument[], sources: LinkSources): CompanyLink[] {
  const byCik = new Map<number, CandidateCompany>();
  const bySymbol = new Map<string, CandidateCompany[]>();
  for (const company of [...sources.companies].sort(rankCompanies)) {
    if (company.cik !== null && !byCik.has(company.cik)) byCik.set(company.cik, company);
    for (const symbol of company.symbols) bySymbol.set(symbol, [...(bySymbol.get(symbol) ?? []), company]);
  }
  const byName = (label: string): CandidateCompany | null => {
    const namesOf = (c: CandidateCompany) => (c.currentName === null ? [c.name] : [c.name, c.currentName]);
    const matches = sources.companies.filter((c) => c.inSp500 && namesOf(c).some((name) => namesMatch(label, name))).sort(rankCompanies);
    const exact = matches.filter((c) => namesOf(c).some((name) => sameCompanyName(label, name)));
    if (exact.length > 0) return exact[0]!;
    if (matches.length === 1) return matches[0]!;
    // "AMD": a label that is a ticker of an S&P 500 company.
    return bySymbol.get(label.toUpperCase())?.find((c) => c.inSp500) ?? null;
  };

  // The FinanceBench name prefix ("JOHNSON_JOHNSON", "BESTBUY") names the company label.
  const prefixOf = (doc: SourceDocument) => companyNameKey(doc.sourceName.replace(/_(?:\d{4}|8K).*$/i, ""));
  const labelByPrefix = new Map<string, string>();
  for (const doc of documents) if (doc.companyLabel) labelByPrefix.set(prefixOf(doc), doc.companyLabel);

  const linkByLabel = new Map<string, CompanyLink>();
  for (const doc of documents) {
    const cik = Number(/CIK-?0*(\d+)/i.exec(doc.sourceUrl ?? "")?.[1] ?? NaN);
    const company = Number.isFinite(cik) ? byCik.get(cik) : undefined;
    if (company && doc.companyLabel && !linkByLabel.has(doc.companyLabel)) {
      linkByLabel.set(doc.companyLabel, { companyId: company.id, cik, method: "cik" });
    }
  }

  return documents.map((doc) => {
    if (doc.ticker) {
      const company = bySymbol.get(doc.ticker)?.sort(rankCompanies)[0] ?? null;
      const cik = company?.cik ?? sources.secTickers.get(doc.ticker)?.cik ?? null;
      return { companyId: company?.id ?? null, cik, method: company ? "ticker" : null };
    }
    const curatedCik = sources.curated.get(doc.sourceName.split("_")[0]!.toUpperCase());
    if (curatedCik !== undefined) {
      return { companyId: byCik.get(curatedCik)?.id ?? null, cik: curatedCik, method: "curated" };
    }
    const label = doc.companyLabel ?? labelByPrefix.get(prefixOf(doc)) ?? null;
    if (label === null) return { companyId: null, cik: null, method: null };
    let link = linkByLabel.get(label);
    if (!link) {
      const company = byName(label);
      link = { companyId: company?.id ?? null, cik: company?.cik ?? null, method: company ? "name" : null };
      linkByLabel.set(label, link);
    }
    return link;
  });
}
