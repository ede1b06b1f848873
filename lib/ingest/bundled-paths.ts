import path from "node:path";

/** Where each bundled raw file lives inside `data/` (see data/SOURCES.md for provenance). */
export function bundledPaths(dataDir: string) {
  const at = (...parts: string[]) => path.join(dataDir, ...parts);
  return {
    listings: at("financedatabase", "equities.csv.br"),
    industryCategories: at("financedatabase", "categories.json"),
    sp500Constituents: at("sp500", "constituents-2026.csv.br"),
    kaggleFundamentals: at("kaggle", "fundamentals.csv.br"),
    kaggleSecurities: at("kaggle", "securities-2016.csv.br"),
    dailyPrices: at("prices", "daily-2011-2021.csv.br"),
    priceConstituents: at("prices", "constituents-2021.csv.br"),
    secCompanyTickers: at("sec", "company_tickers.json.br"),
    secCompanyFactsDir: at("sec", "companyfacts"),
    financebenchDocuments: at("filings", "financebench-documents.jsonl.br"),
    financebenchPages: at("filings", "financebench-pages.jsonl.br"),
    edgartoolsFilings: at("filings", "edgartools-filings.jsonl.br"),
    symbolChanges: at("curated", "symbol-changes.csv"),
    filingCompanies: at("curated", "filing-companies.csv"),
    gics2016: at("curated", "gics-2016.csv"),
    gics2016Labels: at("curated", "gics-2016-labels.csv"),
    pystockPrices: at("pystock", "prices.csv.br"),
    pystockReports: at("pystock", "reports.csv.br"),
    pystockSymbols: at("pystock", "symbols.csv.br"),
    sp500History: at("sp500", "ticker-start-end.csv.br"),
  };
}

export type BundledPaths = ReturnType<typeof bundledPaths>;
