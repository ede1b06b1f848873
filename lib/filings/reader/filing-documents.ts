import type Database from "better-sqlite3";
import { z } from "zod";
import { FilingDescription } from "@/lib/db/filings-schema";
import { marketDb } from "@/lib/db/market-db";
import { SqlCount, SqlFlag, SqlId } from "@/lib/db/sql-rows";
import { type FilingFurniture, filingFurniture } from "./page-furniture";

/**
 * Filings as documents to read (the reader and the company page): the SQL of reading, apart from
 * the SQL of searching (filing-search-repository.ts).
 */

const FilingRecord = FilingDescription.extend({
  id: SqlId,
  has_pages: SqlFlag,
  /** Stored pages (PDF pages, or blocks of a plain-text filing). */
  pages: SqlCount,
  char_count: SqlCount,
  repaired_ligatures: SqlCount,
  repaired_split_words: SqlCount,
  /** Pages whose text layer is unreadable (text-layer.ts): not searched, and the reader says so. */
  unreadable_pages: SqlCount,
  company_name: z.string().nullable(),
  full_ticker: z.string().nullable(),
  cik: z.int().nullable(),
});
export type FilingRecord = z.output<typeof FilingRecord>;

const FilingPage = z.object({ number: z.int().positive(), start_offset: SqlCount, text: z.string() });
export type FilingPage = z.output<typeof FilingPage>;

const FilingSection = z.object({
  key: z.string(),
  title: z.string(),
  start_offset: SqlCount,
  /** The page the section starts on. */
  page: z.int().positive(),
});
export type FilingSection = z.output<typeof FilingSection>;

const CompanyFiling = FilingRecord.omit({ company_name: true, full_ticker: true, cik: true, repaired_ligatures: true, repaired_split_words: true, unreadable_pages: true });
export type CompanyFiling = z.output<typeof CompanyFiling>;

/** `max(number)` of a filing's pages up to an offset: null before its first page. */
const PageNumber = z.int().positive().nullable();
const PageTexts = z.array(z.string());

const FILING_COLUMNS = `f.id, f.source_name, f.company_label, f.filing_type, f.fiscal_year, f.fiscal_period, f.period_end, f.report_date,
  f.source_url, f.filed_date, f.filed_earliest, f.filed_latest, f.has_pages, f.char_count, (SELECT count(*) FROM filing_pages pg WHERE pg.filing_id = f.id) AS pages`;

/** Filings whose page furniture is kept learnt (it takes every page of the filing). */
const FURNITURE_CACHE = 64;

export class FilingDocuments {
  private readonly statements: ReturnType<FilingDocuments["prepare"]>;
  private readonly furnitures = new Map<number, FilingFurniture>();

  constructor(db: Database.Database) {
    this.statements = this.prepare(db);
  }

  private prepare(db: Database.Database) {
    return {
      filing: db.prepare(`
        SELECT ${FILING_COLUMNS}, f.repaired_ligatures, f.repaired_split_words, f.unreadable_pages,
               c.companyName AS company_name, c.full_ticker, coalesce(c.cik, f.cik) AS cik
        FROM filings f LEFT JOIN companies c ON c.id = f.company_id
        WHERE f.source_name = ?`),
      pages: db.prepare(`
        SELECT number, start_offset, text FROM filing_pages WHERE filing_id = ? AND number BETWEEN ? AND ? ORDER BY number`),
      pageTexts: db.prepare("SELECT text FROM filing_pages WHERE filing_id = ? ORDER BY number").pluck(),
      pageAt: db.prepare("SELECT max(number) FROM filing_pages WHERE filing_id = ? AND start_offset <= ?").pluck(),
      sections: db.prepare(`
        SELECT s.key, s.title, s.start_offset,
               (SELECT max(pg.number) FROM filing_pages pg WHERE pg.filing_id = s.filing_id AND pg.start_offset <= s.start_offset) AS page
        FROM filing_sections s WHERE s.filing_id = ? ORDER BY s.start_offset`),
      companyFilings: db.prepare(`
        SELECT ${FILING_COLUMNS} FROM filings f WHERE f.company_id = ?
        ORDER BY coalesce(f.period_end, f.report_date, f.fiscal_year || '-12-31') DESC, f.source_name`),
    };
  }

  /** A filing by its id (the source's document name, `3M_2018_10K`). */
  filing(id: string): FilingRecord | undefined {
    return FilingRecord.optional().parse(this.statements.filing.get(id));
  }

  /** Pages `from`..`to` (1-based, inclusive). */
  pages(filingId: number, from: number, to: number): FilingPage[] {
    return FilingPage.array().parse(this.statements.pages.all(filingId, from, to));
  }

  /** The page holding a character offset of the filing text (1 when the offset is before every page). */
  pageAt(filingId: number, offset: number): number {
    return PageNumber.parse(this.statements.pageAt.get(filingId, offset)) ?? 1;
  }

  /** What the filing repeats on its pages (running lines, page numbering), learnt from all of them. */
  furniture(filing: Pick<FilingRecord, "id" | "has_pages">): FilingFurniture {
    const known = this.furnitures.get(filing.id);
    if (known) return known;
    const learnt = filingFurniture(PageTexts.parse(this.statements.pageTexts.all(filing.id)), filing.has_pages === 1);
    if (this.furnitures.size >= FURNITURE_CACHE) this.furnitures.delete(this.furnitures.keys().next().value!);
    this.furnitures.set(filing.id, learnt);
    return learnt;
  }

  sections(filingId: number): FilingSection[] {
    return FilingSection.array().parse(this.statements.sections.all(filingId));
  }

  /** A company's filings, latest first. */
  companyFilings(companyId: number): CompanyFiling[] {
    return CompanyFiling.array().parse(this.statements.companyFilings.all(companyId));
  }
}

let cached: { db: Database.Database; documents: FilingDocuments } | undefined;

/** The documents of the current database (a new database gets new statements). */
export function filingDocuments(): FilingDocuments {
  const db = marketDb();
  if (cached?.db !== db) cached = { db, documents: new FilingDocuments(db) };
  return cached.documents;
}
