import { z } from "zod";
import type { BundledPaths } from "../bundled-paths";
import { BundledFileError, parseJsonLines, readBrotliText } from "../compressed-files";

/** One source document before it becomes a filing: its text and what the source says about it. */
export interface SourceDocument {
  source: "financebench" | "edgartools" | "edgar";
  /** The source's own name for the document (`3M_2018_10K`, `AAPL-10-K-2024-11-01`). */
  sourceName: string;
  /** Company as the source labels it ("3M", "JPMorgan"); null when the source does not say. */
  companyLabel: string | null;
  ticker: string | null;
  /** Document type as the source labels it (`10k`, `Earnings`, `10-Q`, ...). */
  sourceType: string | null;
  sourcePeriod: number | null;
  sourceUrl: string | null;
  filingDate: string | null;
  /** PDF pages (FinanceBench) or one element holding the whole plain-text document (edgartools). */
  pages: string[];
  hasPages: boolean;
  /** What an EDGAR filing says of itself (`npm run sync -- filings`): preferred to what its text suggests. */
  declared?: DeclaredFacts;
}

/** A synced filing's own metadata: the form EDGAR lists, its inline XBRL cover facts, its CIK. */
export interface DeclaredFacts {
  cik: number;
  form: string;
  fiscalYear: number | null;
  fiscalPeriod: string | null;
  periodEnd: string | null;
  reportDate: string | null;
}

/**
 * A filing `npm run sync -- filings` downloaded, as its record file keeps it (lib/sync/filing-records.ts):
 * its text and its own metadata (`DeclaredFacts`), read by every build beside the bundled filings.
 */
export const SyncedFiling = z.object({
  cik: z.int().positive(),
  companyName: z.string(),
  tickers: z.array(z.string()),
  accession: z.string().regex(/^\d{10}-\d{2}-\d{6}$/),
  form: z.string(),
  /** The filed date: the filing's public date. */
  filed: z.iso.date(),
  reportDate: z.iso.date().nullable(),
  /** From the filing's inline XBRL cover facts (null for plain HTML). */
  fiscalYear: z.int().nullable(),
  fiscalPeriod: z.string().nullable(),
  periodEnd: z.iso.date().nullable(),
  /** The document whose text this is (the primary document, or an 8-K's earnings exhibit) and its URL. */
  document: z.string(),
  url: z.url(),
  text: z.string(),
});
export type SyncedFiling = z.output<typeof SyncedFiling>;

interface FinanceBenchPagesRow {
  doc_name: string;
  company: string | null;
  doc_type: string | null;
  doc_period: number | null;
  doc_link: string | null;
  pages: string[];
}

interface FinanceBenchDocumentRow {
  doc_name: string;
  company: string;
  doc_type: string;
  doc_period: number;
  doc_link: string;
}

interface EdgartoolsRow {
  ticker: string;
  form: string;
  filing_date: string;
  text: string;
}

/** Astral-plane characters count as two JS string units but one SQLite character; keep offsets equal. */
export const toBasicPlane = (text: string) => text.replace(/[\u{10000}-\u{10FFFF}]/gu, "\uFFFD");

/**
 * Reads the bundled filing corpora. FinanceBench page rows lack metadata for 8 documents; the
 * document list fills in what it has, the text the rest (see filing-metadata.ts).
 */
export function readSourceDocuments(paths: BundledPaths, synced: readonly SyncedFiling[] = []): SourceDocument[] {
  const listed = new Map(
    parseJsonLines<FinanceBenchDocumentRow>(paths.financebenchDocuments, readBrotliText(paths.financebenchDocuments)).map((row) => [
      row.doc_name,
      row,
    ]),
  );
  const pageRows = parseJsonLines<FinanceBenchPagesRow>(paths.financebenchPages, readBrotliText(paths.financebenchPages));
  const documents: SourceDocument[] = pageRows.map((row, index) => {
    if (typeof row.doc_name !== "string" || !Array.isArray(row.pages)) {
      throw new BundledFileError(paths.financebenchPages, `line ${index + 1} lacks doc_name or pages`);
    }
    const meta = listed.get(row.doc_name);
    return {
      source: "financebench",
      sourceName: row.doc_name,
      companyLabel: row.company ?? meta?.company ?? null,
      ticker: null,
      sourceType: row.doc_type ?? meta?.doc_type ?? null,
      sourcePeriod: row.doc_period ?? meta?.doc_period ?? null,
      sourceUrl: row.doc_link ?? meta?.doc_link ?? null,
      filingDate: null,
      pages: row.pages.map(toBasicPlane),
      hasPages: true,
    };
  });
  const edgartools = parseJsonLines<EdgartoolsRow>(paths.edgartoolsFilings, readBrotliText(paths.edgartoolsFilings));
  // A bundled edgartools filing the sync brought again from EDGAR gives way to it (the same ticker, form and day).
  const resynced = replacedEdgartoolsNames(synced);
  edgartools.forEach((row, index) => {
    if (!row.ticker || !row.form || typeof row.text !== "string") {
      throw new BundledFileError(paths.edgartoolsFilings, `line ${index + 1} lacks ticker, form or text`);
    }
    const sourceName = edgartoolsName(row.ticker, row.form, row.filing_date);
    if (resynced.has(sourceName)) return;
    documents.push({
      source: "edgartools",
      sourceName,
      companyLabel: null,
      ticker: row.ticker,
      sourceType: row.form,
      sourcePeriod: null,
      sourceUrl: null,
      filingDate: row.filing_date,
      pages: [toBasicPlane(row.text)],
      hasPages: false,
    });
  });
  for (const filing of synced) documents.push(syncedDocument(filing));
  return documents;
}

/** The source name of a bundled edgartools filing, and of the synced filing that takes its place (the same ticker, form and day). */
export const edgartoolsName = (ticker: string, form: string, filed: string) => `${ticker}-${form}-${filed}`;

/** A filing `npm run sync -- filings` kept, as a source document. */
export function syncedDocument(filing: SyncedFiling): SourceDocument {
  return {
    source: "edgar",
    sourceName: `${filing.tickers[0] ?? `CIK${filing.cik}`}-${filing.form}-${filing.filed}-${filing.accession}`,
    companyLabel: filing.companyName,
    ticker: filing.tickers[0] ?? null,
    // An 8-K is synced for its earnings release (exhibit 99): that is the document indexed.
    sourceType: filing.form === "8-K" ? "Earnings" : filing.form,
    sourcePeriod: filing.fiscalYear,
    sourceUrl: filing.url,
    filingDate: filing.filed,
    pages: [toBasicPlane(filing.text)],
    hasPages: false,
    declared: { cik: filing.cik, form: filing.form, fiscalYear: filing.fiscalYear, fiscalPeriod: filing.fiscalPeriod, periodEnd: filing.periodEnd, reportDate: filing.reportDate },
  };
}

/** The bundled edgartools filings a synced filing replaces. */
export const replacedEdgartoolsNames = (synced: readonly SyncedFiling[]) => new Set(synced.flatMap((f) => f.tickers.map((ticker) => edgartoolsName(ticker, f.form, f.filed))));
