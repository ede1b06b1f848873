import { createHash } from "node:crypto";
import type Database from "better-sqlite3";
import { z } from "zod";
import { usVenueSql } from "@/lib/companies/us-venues";
import { FILING_TERM_STATS } from "@/lib/db/filings-schema";
import { SqlFlag, SqlId } from "@/lib/db/sql-rows";
import type { BundledPaths } from "../bundled-paths";
import { readFilingCompanyOverrides, readSecTickers } from "../read-sources";
import type { Progress } from "../progress";
import { type CandidateCompany, type CompanyLink, linkFilingCompanies } from "./filing-companies";
import { type CoverFacts, type FiscalFacts, consistentPeriodEnd, fiscalFacts, learnCalendar, namedPeriod, readCoverFacts } from "./filing-metadata";
import { runEmbeddingsStage } from "./embeddings-stage";
import { companySearchLabel } from "./company-search-label";
import { filedWindow } from "./filed-window";
import { type DeclaredFacts, type SourceDocument, type SyncedFiling, readSourceDocuments } from "./filing-sources";
import type { FilingType } from "@/lib/filings/filing-types";
import { type FilingRow, type FilingWrites, prepareFilingWrites } from "./filing-writes";
import { documentText, indexedPassages, storedPages } from "./passages";
import { findSections } from "./sections";
import { TextRepairer, buildVocabulary } from "./text-repair";

export interface FilingsStageResult {
  filings: number;
  companies: number;
  passages: number;
  duplicates: string[];
  unlinked: string[];
}

const TYPE_WORDS: Record<string, string> = {
  "10-K": "10-K annual report",
  "10-Q": "10-Q quarterly report",
  "8-K": "8-K current report",
  "earnings-release": "earnings release press release results",
  "annual-report": "annual report 10-K",
};

/**
 * Loads the FinanceBench and edgartools filings (and those `npm run sync -- filings` kept): indexes
 * them (`indexDocuments`), finds each company's near-duplicate passages, and fits the corpus
 * embedding model.
 */
export function runFilingsStage(db: Database.Database, paths: BundledPaths, progress: Progress, synced: readonly SyncedFiling[] = []): FilingsStageResult {
  const read = readSourceDocuments(paths, synced);
  progress(`read ${read.length} filing documents`);
  const write = prepareFilingWrites(db, 1);
  const indexed = indexDocuments(db, paths, read, write, { nextFilingId: 1, annualFilings: () => [] }, progress);
  const twins = write.twins(null);
  progress(`filings: ${twins.passages} passages repeat near-verbatim within their company's filings (${twins.groups} groups)`);
  db.exec(FILING_TERM_STATS);
  runEmbeddingsStage(db, progress);
  return { filings: indexed.filings, companies: indexed.companyIds.size, passages: indexed.passages, duplicates: indexed.duplicates, unlinked: indexed.unlinked };
}

/** What is already indexed that a batch of documents is indexed against. */
export interface IndexedCorpus {
  /** The id the batch's first filing gets. */
  nextFilingId: number;
  /** A company's annual filings already indexed: its fiscal calendar is learned from them with the batch's. */
  annualFilings: (companyId: number) => CoverFacts[];
}

export interface IndexedBatch {
  filings: number;
  passages: number;
  /** Companies the batch's filings were linked to. */
  companyIds: Set<number>;
  duplicates: string[];
  unlinked: string[];
}

/**
 * Indexes documents in one transaction: repairs their text, skips exact duplicates (of each other
 * and of filings already indexed), reads form and fiscal period from the text or the filing's own
 * facts, links companies, and stores pages, sections and passages with their keyword index. The
 * build indexes every document at once; `npm run sync -- filings` indexes its new ones into a built
 * database (lib/ingest/filings/add-filings.ts).
 */
export function indexDocuments(
  db: Database.Database,
  paths: BundledPaths,
  read: readonly SourceDocument[],
  write: FilingWrites,
  corpus: IndexedCorpus,
  progress: Progress,
): IndexedBatch {
  const duplicates: string[] = [];
  const seen = new Map<string, SourceDocument | string>(
    db.prepare("SELECT content_sha256 AS hash, source_name AS name FROM filings").all().map((row) => {
      const { hash, name } = StoredHashRow.parse(row);
      return [hash, name];
    }),
  );
  const hashes = new Map<SourceDocument, string>();
  for (const doc of read) {
    const hash = createHash("sha256").update(doc.pages.join("\f")).digest("hex");
    const first = seen.get(hash);
    if (first !== undefined) {
      duplicates.push(`${doc.sourceName} = ${typeof first === "string" ? first : first.sourceName}`);
      continue;
    }
    seen.set(hash, doc);
    hashes.set(doc, hash);
  }
  const documents = [...hashes.keys()];

  // Clean text (the HTML filings) tells real words from extraction debris.
  const repairer = new TextRepairer(buildVocabulary(documents.filter((d) => !d.hasPages).map((d) => d.pages.join("\n"))));
  const repaired = documents.map((doc) => repairer.repair(doc.pages));
  progress("filings: text repaired");
  const covers = documents.map((doc, i) => declaredCover(readCoverFacts(repaired[i]!.pages, doc.sourceType, doc.sourceName, doc.filingDate), doc.declared));
  const links = linkFilingCompanies(documents, {
    companies: readCandidateCompanies(db),
    secTickers: readSecTickers(paths),
    curated: readFilingCompanyOverrides(paths),
  });
  const repairedCount = repaired.filter((r) => r.ligatures + r.splitWords > 0).length;
  progress(`filings: ${documents.length} unique (${duplicates.length} duplicates skipped), ${repairedCount} repaired, ${links.filter((l) => l.companyId !== null).length} linked to companies`);

  const calendars = companyCalendars(documents, covers, links, corpus.annualFilings);
  const companyNames = readCompanyLabels(db);
  const order = documents.map((_, i) => i).sort((a, b) => (links[a]!.companyId ?? 1e9) - (links[b]!.companyId ?? 1e9) || (documents[a]!.sourceName < documents[b]!.sourceName ? -1 : 1));
  let passages = 0;
  const unreadableFilings: string[] = [];
  db.transaction(() => {
    for (const [position, i] of order.entries()) {
      const doc = documents[i]!;
      const cover = covers[i]!;
      const link = links[i]!;
      const calendar = calendars.get(groupKey(doc, link))!;
      const fiscal = declaredFiscal(doc.declared) ?? fiscalFacts(cover, calendar, doc.source === "financebench" ? namedPeriod(doc.sourceName) : null);
      const pages = storedPages(repaired[i]!.pages, doc.hasPages);
      const indexed = indexedPassages(pages, doc.hasPages);
      if (indexed.unreadablePages > 0) unreadableFilings.push(`${doc.sourceName} (${indexed.unreadablePages} of ${pages.length})`);
      const text = documentText(pages, doc.hasPages);
      const company = link.companyId !== null ? companyNames.get(link.companyId) : undefined;
      const label = [company, doc.companyLabel, TYPE_WORDS[cover.filingType], fiscal.fiscalYear ? `fiscal ${fiscal.fiscalYear} FY${fiscal.fiscalYear}` : "", fiscal.fiscalPeriod ?? ""]
        .filter(Boolean)
        .join(" ");
      const periodEnd = consistentPeriodEnd(cover, fiscal, calendar);
      const row: FilingRow = {
        id: corpus.nextFilingId + position,
        source: doc.source,
        source_name: doc.sourceName,
        company_id: link.companyId,
        company_label: doc.companyLabel,
        cik: link.cik,
        filing_type: cover.filingType,
        fiscal_year: fiscal.fiscalYear,
        fiscal_period: fiscal.fiscalPeriod,
        period_end: periodEnd,
        report_date: cover.reportDate,
        source_url: doc.sourceUrl ?? (link.cik !== null ? edgarUrl(link.cik, cover.filingType) : null),
        ...filedWindow({ ...fiscal, filingType: cover.filingType, filingDate: doc.filingDate, periodEnd, reportDate: cover.reportDate, calendar }),
        has_pages: doc.hasPages ? 1 : 0,
        page_count: doc.hasPages ? pages.length : 0,
        char_count: text.length,
        content_sha256: hashes.get(doc)!,
        repaired_ligatures: repaired[i]!.ligatures,
        repaired_split_words: repaired[i]!.splitWords,
        unreadable_pages: indexed.unreadablePages,
        search_label: label,
      };
      passages += write.filing(row, pages, findSections(text).map((section) => ({ ...section, title: repairer.repairHeading(section.title) })), indexed.spans);
    }
    if (unreadableFilings.length > 0) progress(`filings: pages with an unreadable text layer, not indexed: ${unreadableFilings.join(", ")}`);
    for (const duplicate of duplicates) {
      const [copy, original] = duplicate.split(" = ") as [string, string];
      write.duplicate(copy, original);
    }
    write.finish();
  })();
  const companyIds = new Set(links.map((l) => l.companyId).filter((id) => id !== null));
  const unlinked = documents.filter((_, i) => links[i]!.companyId === null).map((d) => d.sourceName);
  progress(`filings: ${documents.length} of ${companyIds.size} companies, ${passages} passages indexed${unlinked.length ? `; not linked: ${unlinked.slice(0, 20).join(", ")}${unlinked.length > 20 ? ` and ${unlinked.length - 20} more` : ""}` : ""}`);
  return { filings: documents.length, passages, companyIds, duplicates, unlinked };
}

const StoredHashRow = z.object({ hash: z.string(), name: z.string() });

/** The product's filing type of an EDGAR form synced (an 8-K is synced for its earnings release). */
const DECLARED_TYPES: Record<string, FilingType> = { "10-K": "10-K", "10-Q": "10-Q", "8-K": "earnings-release", "20-F": "annual-report", "40-F": "annual-report" };

/** A synced filing's cover: its form as EDGAR lists it, and its own period end and report date where it gives them. */
function declaredCover(cover: CoverFacts, declared: DeclaredFacts | undefined): CoverFacts {
  if (!declared) return cover;
  return { ...cover, filingType: DECLARED_TYPES[declared.form] ?? cover.filingType, periodEnd: declared.periodEnd ?? cover.periodEnd, reportDate: declared.reportDate ?? cover.reportDate };
}

/** A synced filing's fiscal year and period from its inline XBRL cover facts; null where it declares none (plain HTML, an 8-K). */
function declaredFiscal(declared: DeclaredFacts | undefined): FiscalFacts | null {
  if (declared?.fiscalYear == null) return null;
  const period = declared.fiscalPeriod;
  return { fiscalYear: declared.fiscalYear, fiscalPeriod: period === "FY" || period === "Q1" || period === "Q2" || period === "Q3" || period === "Q4" ? period : null };
}

/** Documents of one company share a fiscal calendar, learned from its annual filings. */
const groupKey = (doc: SourceDocument, link: CompanyLink) => (link.companyId !== null ? `id:${link.companyId}` : `doc:${doc.sourceName}`);

function companyCalendars(documents: SourceDocument[], covers: CoverFacts[], links: CompanyLink[], indexedAnnual: IndexedCorpus["annualFilings"]) {
  const annual = new Map<string, CoverFacts[]>();
  documents.forEach((doc, i) => {
    const key = groupKey(doc, links[i]!);
    const companyId = links[i]!.companyId;
    const list = annual.get(key) ?? (companyId !== null ? [...indexedAnnual(companyId)] : []);
    const type = covers[i]!.filingType;
    if (type === "10-K" || type === "annual-report") list.push(covers[i]!);
    annual.set(key, list);
  });
  return new Map([...annual].map(([key, facts]) => [key, learnCalendar(facts)]));
}

/** EDGAR's filing index of the company for the form (the edgartools fixtures carry no document URL). */
function edgarUrl(cik: number, filingType: string): string {
  const form = filingType === "10-K" || filingType === "10-Q" || filingType === "8-K" ? filingType : "";
  return `https://www.sec.gov/cgi-bin/browse-edgar?action=getcompany&CIK=${String(cik).padStart(10, "0")}&type=${form}&dateb=&owner=include&count=40`;
}

const CompanyNamesRow = z.object({ id: SqlId, name: z.string(), currentName: z.string().nullable() });
const CandidateRow = CompanyNamesRow.extend({ cik: z.int().nullable(), inSp500: SqlFlag, usListed: SqlFlag, symbols: z.string().nullable() });
const LabelRow = CompanyNamesRow.extend({ symbols: z.string() });

function readCandidateCompanies(db: Database.Database): CandidateCompany[] {
  const rows = CandidateRow.array().parse(
    db
      .prepare(
        `SELECT c.id, c.companyName AS name, c.current_name AS currentName, c.cik, c.in_sp500 AS inSp500, ${usVenueSql("c.exchange")} AS usListed,
                group_concat(s.symbol, ' ') AS symbols
         FROM companies c LEFT JOIN company_symbols s ON s.company_id = c.id
         WHERE c.country = 'United States' OR c.in_sp500 = 1 OR c.cik IS NOT NULL
         GROUP BY c.id`,
      )
      .all(),
  );
  return rows.map((r) => ({ ...r, inSp500: r.inSp500 === 1, usListed: r.usListed === 1, symbols: r.symbols?.split(" ") ?? [] }));
}

function readCompanyLabels(db: Database.Database): Map<number, string> {
  const rows = LabelRow.array().parse(
    db
      .prepare(
        "SELECT c.id, c.companyName AS name, c.current_name AS currentName, group_concat(s.symbol, ' ') AS symbols FROM companies c JOIN company_symbols s ON s.company_id = c.id GROUP BY c.id",
      )
      .all(),
  );
  return new Map(rows.map((r) => [r.id, companySearchLabel({ name: r.name, currentName: r.currentName, symbols: r.symbols.split(" ") })]));
}
