import type Database from "better-sqlite3";
import { z } from "zod";
import { usVenueSql } from "@/lib/companies/us-venues";
import { FilingDescription } from "@/lib/db/filings-schema";
import { parseEach, SqlBlob, SqlCount, SqlFlag, SqlId, SqlRowids } from "@/lib/db/sql-rows";

/** A run of consecutive passage ids (the passages of adjacent filings). */
export interface PassageRange {
  first: number;
  last: number;
}

const FilingFilterRow = z.object({
  id: SqlId,
  source_name: z.string(),
  company_id: SqlId.nullable(),
  first_passage_id: SqlId.nullable(),
  last_passage_id: SqlId.nullable(),
  unreadable_pages: SqlCount,
});
export type FilingFilterRow = z.output<typeof FilingFilterRow>;

const CompanyWithFilings = z.object({
  id: SqlId,
  name: z.string(),
  cik: z.int().nullable(),
  full_ticker: z.string(),
  /** Today's name, where it differs from `name` (the data's date's): "Meta Platforms" for Facebook. */
  current_name: z.string().nullable(),
  labels: z.string().nullable(),
  /** Its symbols and those of the registrant's other listings (Alphabet's GOOG besides GOOGL), space-separated. */
  symbols: z.string(),
  /** The full tickers of the registrant's other listings ("NASDAQ:GOOG"), space-separated, or null. */
  listings: z.string().nullable(),
});
export type CompanyWithFilings = z.output<typeof CompanyWithFilings>;

/** One company's part of the corpus: its filings by form and the fiscal years they cover. */
export const CorpusCompany = z.object({
  name: z.string(),
  full_ticker: z.string(),
  filings: SqlCount,
  /** The forms it has filings of, comma-separated in the product's filing types ("10-K,10-Q"). */
  types: z.string(),
  first_year: z.int().nullable(),
  last_year: z.int().nullable(),
  last_filed: z.string().nullable(),
});
export type CorpusCompany = z.output<typeof CorpusCompany>;

/** Every name a company goes by in the corpus: the data's date's, today's, and its filings' own labels. */
export function companyNames(company: Pick<CompanyWithFilings, "name" | "current_name" | "labels">): string[] {
  return [company.name, ...(company.current_name ? [company.current_name] : []), ...(company.labels ?? "").split(",").filter(Boolean)];
}

const PassageHitRow = FilingDescription.extend({
  id: SqlId,
  start: SqlCount,
  length: SqlCount,
  page: z.int(),
  page_offset: SqlCount,
  has_pages: SqlFlag,
  text: z.string(),
  filing_cik: z.int().nullable(),
  company_name: z.string().nullable(),
  symbol: z.string().nullable(),
  full_ticker: z.string().nullable(),
  company_cik: z.int().nullable(),
  section_key: z.string().nullable(),
  section_title: z.string().nullable(),
});
export type PassageHitRow = z.output<typeof PassageHitRow>;

const TwinRow = FilingDescription.pick({ source_name: true, filing_type: true, fiscal_year: true, fiscal_period: true }).extend({
  group_id: SqlId,
  id: SqlId,
  page: z.int(),
  has_pages: SqlFlag,
  start: SqlCount,
});
export type TwinRow = z.output<typeof TwinRow>;

const CompanyName = z.object({ name: z.string(), full_ticker: z.string() });
const KeywordHits = z.array(z.object({ id: SqlId, score: z.number() }));
const PassageVector = z.object({ id: SqlId, embedding: SqlBlob });
/** The `embedding_model` meta record: the embedder of the stored passage vectors; for the corpus LSA, its options and how many passages it was fitted on. */
export const EmbeddingModel = z.object({ id: z.string(), dimensions: z.int().positive(), options: z.record(z.string(), z.number()).optional(), passages: z.int().nonnegative().optional() });

/** Markers highlight() puts around matched terms (control characters never in filing text). */
export const HIGHLIGHT_OPEN = "\u0002";
export const HIGHLIGHT_CLOSE = "\u0003";

/** Passages a search is limited to: ranges of passage ids, and the filings they belong to. */
export interface Scope {
  ranges: PassageRange[];
  filingIds: number[];
  /** Filings the filters match that have no passages because their pages' text layer is unreadable, by name. */
  unreadable: string[];
}

/** Ranges at most this many are searched one by one (FTS5 uses a rowid range as an index). */
const MAX_RANGE_QUERIES = 24;

/** SQL of filing search: the only module that knows the filings tables. */
export class FilingSearchRepository {
  private readonly statements: ReturnType<FilingSearchRepository["prepare"]>;

  constructor(private readonly db: Database.Database) {
    this.statements = this.prepare();
  }

  private prepare() {
    const db = this.db;
    // Column weights: passage text, heading (section and page title), filing label (company, type, fiscal year).
    const bm25 = "bm25(filing_passage_search, 1.0, 3.0, 6.0)";
    return {
      corpus: db.prepare(`
        SELECT c.companyName AS name, c.full_ticker, count(*) AS filings, group_concat(DISTINCT f.filing_type) AS types,
               min(f.fiscal_year) AS first_year, max(f.fiscal_year) AS last_year, max(f.filed_date) AS last_filed
        FROM filings f JOIN companies c ON c.id = f.company_id
        GROUP BY c.id ORDER BY c.companyName, c.id`),
      companies: db.prepare(`
        SELECT c.id, c.companyName AS name, c.cik, c.full_ticker, c.current_name,
               (SELECT group_concat(DISTINCT f.company_label) FROM filings f WHERE f.company_id = c.id) AS labels,
               -- The symbols of every listing of the same registrant too (Alphabet's GOOG besides GOOGL).
               (SELECT group_concat(s.symbol, ' ') FROM company_symbols s
                WHERE s.company_id = c.id OR s.company_id IN (SELECT o.id FROM companies o WHERE o.cik = c.cik AND o.id <> c.id)) AS symbols,
               (SELECT group_concat(o.full_ticker, ' ') FROM companies o WHERE o.cik = c.cik AND o.id <> c.id) AS listings
        FROM companies c WHERE c.has_filings = 1`),
      // Today's symbols of those of the companies that SEC knows (a CIK) or that list in the US: what `npm run sync -- filings --tickers` can take.
      syncableTickers: db.prepare(`
        SELECT coalesce(current_symbol, symbol) FROM companies
        WHERE id IN (SELECT value FROM json_each(?)) AND (cik IS NOT NULL OR ${usVenueSql("exchange")})
        ORDER BY companyName, id`).pluck(),
      companyByTicker: db.prepare(`
        SELECT companyName AS name, full_ticker FROM companies
        WHERE full_ticker = @ticker OR id IN (SELECT company_id FROM company_symbols WHERE symbol = @ticker)
        ORDER BY has_filings DESC, id LIMIT 1`),
      filings: db.prepare(`
        SELECT id, source_name, company_id, first_passage_id, last_passage_id, unreadable_pages FROM filings
        WHERE (@companies IS NULL OR company_id IN (SELECT value FROM json_each(@companies)))
          AND (@years IS NULL OR fiscal_year IN (SELECT value FROM json_each(@years)))
          AND (@period IS NULL OR fiscal_period = @period)
          AND (@type IS NULL OR filing_type = @type)
          AND (@types IS NULL OR filing_type IN (SELECT value FROM json_each(@types)))
          AND (@filedFrom IS NULL OR filed_earliest >= @filedFrom)
          AND (@filedTo IS NULL OR filed_latest <= @filedTo)
          AND (@periodFrom IS NULL OR period_end >= @periodFrom)
          AND (@periodTo IS NULL OR period_end <= @periodTo)
        ORDER BY id`),
      matching: db.prepare("SELECT rowid FROM filing_passage_search WHERE filing_passage_search MATCH ?").pluck(),
      keywordAll: db.prepare(`
        SELECT rowid AS id, ${bm25} AS score FROM filing_passage_search
        WHERE filing_passage_search MATCH ? ORDER BY score LIMIT ?`),
      keywordRange: db.prepare(`
        SELECT rowid AS id, ${bm25} AS score FROM filing_passage_search
        WHERE filing_passage_search MATCH ? AND rowid BETWEEN ? AND ? ORDER BY score LIMIT ?`),
      keywordFilings: db.prepare(`
        SELECT filing_passage_search.rowid AS id, ${bm25} AS score
        FROM filing_passage_search JOIN filing_passages p ON p.id = filing_passage_search.rowid
        WHERE filing_passage_search MATCH ? AND p.filing_id IN (SELECT value FROM json_each(?))
        ORDER BY score LIMIT ?`),
      passageId: db
        .prepare(`
        SELECT p.id FROM filing_passages p
        JOIN filings f ON f.id = p.filing_id
        JOIN filing_pages pg ON pg.id = p.page_id
        WHERE f.source_name = ? AND pg.number = ? AND p.start = ?`)
        .pluck(),
      termPassages: db.prepare("SELECT passages FROM filing_term_stats WHERE term = ?").pluck(),
      lastPassageId: db.prepare("SELECT coalesce(max(id), 0) FROM filing_passages").pluck(),
      hit: db.prepare(`
        SELECT p.id, p.start, p.length, pg.number AS page, pg.start_offset AS page_offset, f.has_pages,
               substr(pg.text, p.start + 1, p.length) AS text,
               f.source_name, f.filing_type, f.fiscal_year, f.fiscal_period, f.period_end, f.report_date, f.source_url,
               f.filed_date, f.filed_earliest, f.filed_latest,
               f.cik AS filing_cik, f.company_label, c.companyName AS company_name, c.symbol, c.full_ticker, c.cik AS company_cik,
               s.key AS section_key, s.title AS section_title
        FROM filing_passages p
        JOIN filing_pages pg ON pg.id = p.page_id
        JOIN filings f ON f.id = p.filing_id
        LEFT JOIN companies c ON c.id = f.company_id
        LEFT JOIN filing_sections s ON s.id = p.section_id
        WHERE p.id = ?`),
      twins: db.prepare(`
        SELECT t1.group_id, t2.passage_id AS id, f.source_name, f.filing_type, f.fiscal_year, f.fiscal_period,
               pg.number AS page, f.has_pages, p.start
        FROM filing_passage_twins t1
        JOIN filing_passage_twins t2 ON t2.group_id = t1.group_id AND t2.passage_id <> t1.passage_id
        JOIN filing_passages p ON p.id = t2.passage_id
        JOIN filings f ON f.id = p.filing_id
        JOIN filing_pages pg ON pg.id = p.page_id
        WHERE t1.passage_id = ?
        ORDER BY f.fiscal_year, f.fiscal_period, f.id, p.id`),
      highlight: db
        .prepare(`
        SELECT highlight(filing_passage_search, 0, ?, ?) FROM filing_passage_search
        WHERE filing_passage_search MATCH ? AND rowid = ?`)
        .pluck(),
      vectors: db.prepare("SELECT rowid AS id, embedding FROM filing_passage_vectors"),
      embeddingModel: db.prepare("SELECT value FROM meta WHERE key = 'embedding_model'").pluck(),
    };
  }

  private companies: CompanyWithFilings[] | undefined;

  private corpusCompanies: CorpusCompany[] | undefined;

  /** What the search covers, company by company (read once, as the companies are). */
  corpus(): CorpusCompany[] {
    this.corpusCompanies ??= CorpusCompany.array().parse(this.statements.corpus.all());
    return this.corpusCompanies;
  }

  /** Companies that have filings (read once: the database is read-only while this connection lives). */
  companiesWithFilings(): CompanyWithFilings[] {
    this.companies ??= CompanyWithFilings.array().parse(this.statements.companies.all());
    return this.companies;
  }

  /** The tickers of the companies `ids` that a filings sync can bring in (SEC filers, US listings), in name order. */
  syncableTickers(ids: readonly number[]): string[] {
    return z.string().array().parse(this.statements.syncableTickers.all(JSON.stringify(ids)));
  }

  /** The company a ticker (current or former symbol, or full ticker; upper case) names, with or without filings. */
  companyByTicker(ticker: string): { name: string; full_ticker: string } | undefined {
    return CompanyName.optional().parse(this.statements.companyByTicker.get({ ticker }));
  }

  /**
   * Filings passing the structured filters (company ids already resolved from name/ticker). A filed
   * bound judges each filing by its filed window: `filedTo` by the latest date it can have been
   * filed, `filedFrom` by the earliest, so neither admits a filing outside it; an unknown window is outside.
   * A period-end bound leaves out filings that state no period end.
   */
  filings(filter: {
    companyIds: readonly number[] | null;
    fiscalYears: readonly number[] | null;
    fiscalPeriod: string | null;
    filingType: string | null;
    /** Any of these types (null: any type). */
    filingTypes?: readonly string[] | null;
    filedFrom: string | null;
    filedTo: string | null;
    periodFrom?: string | null;
    periodTo?: string | null;
  }): FilingFilterRow[] {
    const json = (ids: readonly number[] | null) => (ids === null ? null : JSON.stringify(ids));
    return FilingFilterRow.array().parse(
      this.statements.filings.all({
        companies: json(filter.companyIds),
        years: json(filter.fiscalYears),
        period: filter.fiscalPeriod,
        type: filter.filingType,
        types: filter.filingTypes ? JSON.stringify(filter.filingTypes) : null,
        filedFrom: filter.filedFrom,
        filedTo: filter.filedTo,
        periodFrom: filter.periodFrom ?? null,
        periodTo: filter.periodTo ?? null,
      }),
    );
  }

  /**
   * Every passage an FTS5 expression matches. One pass over its terms' index lists: bounded by the
   * corpus (about 90 ms for ten of the commonest words), where asking of each candidate costs a
   * seek per term and candidate (370 ms for 1,500 candidates).
   */
  matching(expression: string): Set<number> {
    return new Set(SqlRowids.parse(this.statements.matching.all(expression)));
  }

  /** BM25-ranked passages for an FTS5 expression, within the given filings (null: all). */
  keyword(expression: string, limit: number, scope: Scope | null): { id: number; score: number }[] {
    if (scope === null) return KeywordHits.parse(this.statements.keywordAll.all(expression, limit));
    if (scope.ranges.length > MAX_RANGE_QUERIES) return KeywordHits.parse(this.statements.keywordFilings.all(expression, JSON.stringify(scope.filingIds), limit));
    // BM25 uses whole-index statistics, so scores from different ranges compare.
    const hits = scope.ranges.flatMap((r) => KeywordHits.parse(this.statements.keywordRange.all(expression, r.first, r.last, limit)));
    return hits.sort((a, b) => a.score - b.score || a.id - b.id).slice(0, limit);
  }

  /** The passage a public passage id names (`3M_2018_10K:60:0`: filing, page, offset in the page). */
  passageId(filing: string, page: number, start: number): number | undefined {
    return SqlId.optional().parse(this.statements.passageId.get(filing, page, start));
  }

  /** Passages containing an index term, for the common terms only (rare terms are not listed: 0). */
  termPassages(term: string): number {
    return SqlCount.optional().parse(this.statements.termPassages.get(term)) ?? 0;
  }

  /** The largest passage id (ids have gaps where a synced filing replaced a bundled one). */
  lastPassageId(): number {
    return SqlCount.parse(this.statements.lastPassageId.get());
  }

  hit(id: number): PassageHitRow | undefined {
    return PassageHitRow.optional().parse(this.statements.hit.get(id));
  }

  /** The passage's near-duplicates in the company's filings (empty when it has none), oldest filing first. */
  twins(id: number): TwinRow[] {
    return TwinRow.array().parse(this.statements.twins.all(id));
  }

  /** The passage text with every term of the expression between HIGHLIGHT_OPEN/CLOSE, or null when none occurs. */
  highlighted(expression: string, id: number): string | null {
    // A BigInt binds as INTEGER: FTS5 ignores `rowid = ?` bound as REAL (how plain JS numbers bind).
    return z.string().optional().parse(this.statements.highlight.get(HIGHLIGHT_OPEN, HIGHLIGHT_CLOSE, expression, BigInt(id))) ?? null;
  }

  /** Every passage vector, for the in-process scan (see vector-index.ts). */
  *vectors(): Generator<{ id: number; embedding: Buffer }> {
    yield* parseEach(PassageVector, this.statements.vectors.iterate());
  }

  embeddingModel(): { id: string; dimensions: number } | null {
    const value = z.string().optional().parse(this.statements.embeddingModel.get());
    return value ? EmbeddingModel.parse(JSON.parse(value)) : null;
  }
}
