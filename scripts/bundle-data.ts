/**
 * Developer tool: copies the parts of the shared raw data the product uses into `data/`, trimmed
 * to the rows and columns the ingest reads, Brotli-compressed. Users never run this; the result is
 * committed. Usage: npm run bundle-data -- /path/to/shared/data
 */
import { copyFileSync, mkdirSync, readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { parse } from "csv-parse/sync";
import { stringify } from "csv-stringify/sync";
import { bundledPaths } from "../lib/ingest/bundled-paths";
import { writeBrotli } from "../lib/ingest/compressed-files";
import { US_EXCHANGE_CODES } from "../lib/ingest/exchanges";

const source = path.resolve(process.argv[2] ?? "../shared/data");
const dataDir = path.resolve("data");
const out = bundledPaths(dataDir);
const src = (...parts: string[]) => path.join(source, ...parts);

function readCsv(file: string): Record<string, string>[] {
  const text = file.endsWith(".gz") ? gunzipSync(readFileSync(file)).toString("utf8") : readFileSync(file, "utf8");
  return parse(text, { columns: true, skip_empty_lines: true, relax_quotes: false, bom: true });
}

function writeCsv(file: string, rows: Record<string, string>[], columns: string[]) {
  mkdirSync(path.dirname(file), { recursive: true });
  const bytes = writeBrotli(file, stringify(rows, { header: true, columns }));
  console.log(`${path.relative(dataDir, file)}: ${rows.length} rows, ${(bytes / 1e6).toFixed(2)} MB`);
}

function writeText(file: string, text: string, rows: number) {
  mkdirSync(path.dirname(file), { recursive: true });
  const bytes = writeBrotli(file, text);
  console.log(`${path.relative(dataDir, file)}: ${rows} rows, ${(bytes / 1e6).toFixed(2)} MB`);
}

// FinanceDatabase: every exchange file in one table. Delisted rows are kept only on US exchanges,
// where they give exchange and profile to 2016 S&P 500 members that have since been delisted.
const LISTING_COLUMNS = [
  "symbol", "name", "summary", "currency", "sector", "industry_group", "industry", "exchange", "mic",
  "market", "country", "state", "city", "website", "isin", "figi", "composite_figi", "shareclass_figi", "delisted",
];
const listings: Record<string, string>[] = [];
for (const file of readdirSync(src("financedatabase", "equities")).sort()) {
  for (const row of readCsv(src("financedatabase", "equities", file))) {
    if (row.delisted === "True" && !US_EXCHANGE_CODES.has(row.exchange ?? "")) continue;
    listings.push(row);
  }
}
writeCsv(out.listings, listings, LISTING_COLUMNS);
copyFileSync(src("financedatabase", "LICENSE"), path.join(dataDir, "financedatabase", "LICENSE"));
copyFileSync(src("financedatabase", "categories.json"), out.industryCategories);

const sp500 = readCsv(src("sp500", "constituents.csv"));
writeCsv(out.sp500Constituents, sp500, Object.keys(sp500[0]!));

// Kaggle fundamentals: the columns docs/METRICS.md and the company page use.
const FUNDAMENTAL_COLUMNS = [
  "Ticker Symbol", "Period Ending", "For Year", "Total Revenue", "Cost of Revenue", "Gross Profit",
  "Research and Development", "Operating Income", "Earnings Before Interest and Tax", "Interest Expense",
  "Earnings Before Tax", "Income Tax", "Net Income", "Earnings Per Share", "Estimated Shares Outstanding",
  "Depreciation", "Total Assets", "Total Liabilities", "Total Equity", "Long-Term Debt",
  "Short-Term Debt / Current Portion of Long-Term Debt", "Cash and Cash Equivalents",
  "Net Cash Flow-Operating", "Capital Expenditures",
];
const fundamentals = readCsv(src("kaggle-nyse-fundamentals", "fundamentals.csv"));
writeCsv(out.kaggleFundamentals, fundamentals, FUNDAMENTAL_COLUMNS);
const securities = readCsv(src("kaggle-nyse-fundamentals", "securities_modified_by_tongula.csv"));
writeCsv(out.kaggleSecurities, securities, [
  "Ticker Symbol", "Security", "GICS Sector", "GICS Sub Industry", "Address of Headquarters", "CIK",
]);

// Prices: the whole history (values as of any date read only the days up to that date; see
// docs/METRICS.md), and only the columns the metrics and the price chart use.
const PRICE_COLUMNS = ["ticker", "date", "close", "adjusted_close", "volume", "dividend_amount", "split_coefficient"];
const prices = readCsv(src("pooksoft-sp500-prices", "sp500_daily_adjusted_2011_2021.csv.gz"));
writeCsv(out.dailyPrices, prices, PRICE_COLUMNS);
const priceConstituents = readCsv(src("pooksoft-sp500-prices", "constituents.csv"));
writeCsv(out.priceConstituents, priceConstituents, ["Symbol", "Name", "Sector"]);
copyFileSync(src("pooksoft-sp500-prices", "LICENSE"), path.join(dataDir, "prices", "LICENSE"));

// SEC: verbatim companyfacts JSON of the four companies and the ticker-to-CIK list.
mkdirSync(out.secCompanyFactsDir, { recursive: true });
for (const file of readdirSync(src("sec-companyfacts-edgartools")).filter((f) => /^CIK\d{10}\.json$/.test(f))) {
  const text = readFileSync(src("sec-companyfacts-edgartools", file), "utf8");
  writeText(path.join(out.secCompanyFactsDir, `${file}.br`), text, 1);
}
writeText(out.secCompanyTickers, readFileSync(src("sec-companyfacts-edgartools", "company_tickers.json"), "utf8"), 1);
copyFileSync(src("sec-companyfacts-edgartools", "LICENSE.edgartools.txt"), path.join(dataDir, "sec", "LICENSE.edgartools.txt"));

// Filings: FinanceBench page texts and document metadata, edgartools primary documents.
const jsonLines = (text: string) => text.split("\n").filter((line) => line.trim() !== "");
const documents = jsonLines(readFileSync(src("financebench", "financebench_document_information.jsonl"), "utf8"));
writeText(out.financebenchDocuments, documents.join("\n") + "\n", documents.length);
const pages = jsonLines(gunzipSync(readFileSync(src("financebench", "financebench_docs_pages.jsonl.gz"))).toString("utf8"));
writeText(out.financebenchPages, pages.join("\n") + "\n", pages.length);
const edgar = jsonLines(readFileSync(src("edgartools-filings", "filings.jsonl"), "utf8")).map((line) => {
  const { source_path: _drop, ...rest } = JSON.parse(line) as Record<string, unknown>;
  return JSON.stringify(rest);
});
writeText(out.edgartoolsFilings, edgar.join("\n") + "\n", edgar.length);
