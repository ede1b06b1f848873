import { readFileSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { parse } from "csv-parse/sync";
import type { z } from "zod";
import type { BundledPaths } from "./bundled-paths";
import type { CompanyFacts } from "./companyfacts";
import { BundledFileError, readBrotliJson, readBrotliText } from "./compressed-files";
import type { ListRow } from "./index-members";
import { SecCompanyTickers, type SecListing, SecTickersExchange, secListings } from "./sec-filer-companies";

/** Reads a bundled CSV into records, naming the file when it is corrupt or lacks a column. */
export function readBundledCsv(file: string, requiredColumns: readonly string[]): Record<string, string>[] {
  let rows: Record<string, string>[];
  try {
    rows = parse(readBrotliText(file), { columns: true, skip_empty_lines: true });
  } catch (error) {
    if (error instanceof BundledFileError) throw error;
    throw new BundledFileError(file, (error as Error).message);
  }
  const missing = requiredColumns.filter((column) => rows.length > 0 && !(column in rows[0]!));
  if (missing.length > 0) throw new BundledFileError(file, `missing column(s) ${missing.join(", ")}`);
  return rows;
}

function parseCik(file: string, value: string | undefined, row: number): number | null {
  if (!value) return null;
  const cik = Number(value);
  if (!Number.isInteger(cik) || cik <= 0) throw new BundledFileError(file, `row ${row + 2}: invalid CIK ${JSON.stringify(value)}`);
  return cik;
}

const orNull = (value: string | undefined) => (value && value.trim() !== "" ? value.trim() : null);

export function readCurrentConstituents(paths: BundledPaths): ListRow[] {
  const file = paths.sp500Constituents;
  return readBundledCsv(file, ["Symbol", "Security", "GICS Sector", "GICS Sub-Industry", "Headquarters Location", "CIK"]).map((r, i) => ({
    symbol: r.Symbol!,
    name: r.Security!,
    cik: parseCik(file, r.CIK, i),
    gicsSector: orNull(r["GICS Sector"]),
    gicsSubIndustry: orNull(r["GICS Sub-Industry"]),
    headquarters: orNull(r["Headquarters Location"]),
  }));
}

export function readSecurities2016(paths: BundledPaths): ListRow[] {
  const file = paths.kaggleSecurities;
  return readBundledCsv(file, ["Ticker Symbol", "Security", "GICS Sector", "GICS Sub Industry", "Address of Headquarters", "CIK"]).map(
    (r, i) => ({
      symbol: r["Ticker Symbol"]!,
      name: r.Security!,
      cik: parseCik(file, r.CIK, i),
      gicsSector: orNull(r["GICS Sector"]),
      gicsSubIndustry: orNull(r["GICS Sub Industry"]),
      headquarters: orNull(r["Address of Headquarters"]),
    }),
  );
}

export function readPriceConstituents(paths: BundledPaths): Map<string, ListRow> {
  const rows = readBundledCsv(paths.priceConstituents, ["Symbol", "Name", "Sector"]);
  return new Map(rows.map((r) => [r.Symbol!, { symbol: r.Symbol!, name: r.Name!, cik: null, gicsSector: orNull(r.Sector) }]));
}

export function readSecTickers(paths: BundledPaths): Map<string, { cik: number; title: string }> {
  const file = paths.secCompanyTickers;
  const entries = Object.values(readBrotliJson<Record<string, { cik_str: number; ticker: string; title: string }>>(file));
  return new Map(entries.map((e) => [e.ticker, { cik: e.cik_str, title: e.title }]));
}

/**
 * The SEC companyfacts files by CIK (`CIK##########.json`, or `.json.br` as bundled): the bundled
 * ones, then those of each later directory (a sync's downloads), which replace a bundled one of the same CIK.
 */
export function companyFactsFiles(dirs: readonly string[]): Map<number, string> {
  const files = new Map<number, string>();
  for (const dir of dirs) {
    const inDir = new Map<number, string>();
    for (const name of readdirSync(dir).filter((f) => /^CIK\d{10}\.json(\.br)?$/.test(f))) {
      const cik = Number(name.slice(3, 13));
      const file = path.join(dir, name);
      // Both forms of one company (a bulk extraction, then a per-company download): the newer.
      const other = inDir.get(cik);
      if (other === undefined || statSync(file).mtimeMs > statSync(other).mtimeMs) inDir.set(cik, file);
    }
    for (const [cik, file] of inDir) files.set(cik, file);
  }
  return files;
}

/** One companyfacts file, compressed (bundled) or as the SEC serves it (synced). */
export function readCompanyFacts(file: string): CompanyFacts {
  return readSecJson<CompanyFacts>(file, "companyfacts");
}

/** An SEC JSON file, Brotli-compressed (bundled, `.br`) or as the SEC serves it (synced). */
function readSecJson<T>(file: string, what: string): T {
  if (file.endsWith(".br")) return readBrotliJson<T>(file);
  try {
    return JSON.parse(readFileSync(file, "utf8")) as T;
  } catch (error) {
    throw new BundledFileError(file, `is not valid ${what} JSON (${(error as Error).message})`);
  }
}

/** Where a build reads SEC's tickers: a sync's downloads, else the bundled company_tickers.json. */
export interface SecTickerFiles {
  companyTickers: string;
  /** company_tickers_exchange.json, when the sync got one. */
  tickersExchange: string | null;
}

/** Each filer's tickers (and exchanges) from SEC's tickers files, named when one does not have SEC's layout. */
export function readSecListings(files: SecTickerFiles): Map<number, SecListing[]> {
  const parseFile = <S extends z.ZodType>(schema: S, file: string): z.infer<S> => {
    const parsed = schema.safeParse(readSecJson<unknown>(file, "tickers"));
    if (!parsed.success) throw new BundledFileError(file, `does not have SEC's layout (${parsed.error.issues[0]?.message ?? "invalid"})`);
    return parsed.data;
  };
  return secListings(
    parseFile(SecCompanyTickers, files.companyTickers),
    files.tickersExchange ? parseFile(SecTickersExchange, files.tickersExchange) : null,
  );
}

/** A curated (uncompressed) CSV of `data/curated/`, naming the file when it is corrupt. */
export function readCuratedCsv(file: string): Record<string, string>[] {
  try {
    return parse(readFileSync(file, "utf8"), { columns: true, skip_empty_lines: true });
  } catch (error) {
    throw new BundledFileError(file, (error as Error).message);
  }
}

/** Curated symbol changes (old → new) for price tickers no list maps to a CIK. */
export function readSymbolChanges(paths: BundledPaths): Map<string, string> {
  return new Map(readCuratedCsv(paths.symbolChanges).map((r) => [r.old_symbol!, r.new_symbol!]));
}

/** Curated FinanceBench name prefix → CIK, for filings of renamed companies no list names. */
export function readFilingCompanyOverrides(paths: BundledPaths): Map<string, number> {
  const file = paths.filingCompanies;
  return new Map(readCuratedCsv(file).map((r, i) => [r.source_prefix!.toUpperCase(), parseCik(file, r.cik, i)!]));
}
