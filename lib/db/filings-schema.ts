import { z } from "zod";

/**
 * Filings and their searchable passages (see lib/ingest/filings). Passage text is not stored: it
 * is a substring of its page, and the keyword index reads it through a view (FTS5 external content).
 * Offsets count characters; the ingest keeps text in the Basic Multilingual Plane so that JavaScript
 * string offsets and SQLite's substr() agree.
 */
/** Columns of `filings` that describe the filing (written by the ingest, read by search). */
export const FilingDescription = z.object({
  source_name: z.string(),
  company_label: z.string().nullable(),
  filing_type: z.string(),
  fiscal_year: z.int().nullable(),
  fiscal_period: z.string().nullable(),
  period_end: z.string().nullable(),
  report_date: z.string().nullable(),
  source_url: z.string().nullable(),
  /** SEC filing date, where the source gives it (lib/ingest/filings/filed-window.ts). */
  filed_date: z.string().nullable(),
  /** The window the filing was filed in: the filing date twice, or from its period end (event date) to the SEC deadline. */
  filed_earliest: z.string().nullable(),
  filed_latest: z.string().nullable(),
});
export type FilingDescription = z.output<typeof FilingDescription>;

export const FILINGS_SCHEMA = `
CREATE TABLE filings (
  id INTEGER PRIMARY KEY,
  source TEXT NOT NULL CHECK (source IN ('financebench', 'edgartools', 'edgar')),
  source_name TEXT NOT NULL UNIQUE,
  company_id INTEGER REFERENCES companies (id),
  company_label TEXT,
  cik INTEGER,
  filing_type TEXT NOT NULL CHECK (filing_type IN ('10-K', '10-Q', '8-K', 'earnings-release', 'annual-report')),
  fiscal_year INTEGER,
  fiscal_period TEXT CHECK (fiscal_period IN ('FY', 'Q1', 'Q2', 'Q3', 'Q4', 'H1', 'H2')),
  period_end TEXT,
  report_date TEXT,
  source_url TEXT,
  filed_date TEXT,
  filed_earliest TEXT,
  filed_latest TEXT,
  has_pages INTEGER NOT NULL,
  page_count INTEGER NOT NULL,
  char_count INTEGER NOT NULL,
  content_sha256 TEXT NOT NULL UNIQUE,
  repaired_ligatures INTEGER NOT NULL,
  repaired_split_words INTEGER NOT NULL,
  -- Pages whose text layer is unreadable (lib/filings/reader/text-layer.ts): stored, never indexed.
  unreadable_pages INTEGER NOT NULL,
  -- Company names, symbols, type and fiscal labels: indexed with every passage of the filing.
  search_label TEXT NOT NULL,
  first_passage_id INTEGER,
  last_passage_id INTEGER
);
CREATE INDEX filings_company ON filings (company_id);

-- Source documents skipped as byte-identical copies of a filing.
CREATE TABLE filing_duplicates (
  source_name TEXT PRIMARY KEY,
  filing_id INTEGER NOT NULL REFERENCES filings (id)
) WITHOUT ROWID;

-- PDF pages, or blocks of a plain-text filing; start_offset is the page's offset in the document
-- text (pages joined by form feeds); title is the page's opening lines.
CREATE TABLE filing_pages (
  id INTEGER PRIMARY KEY,
  filing_id INTEGER NOT NULL REFERENCES filings (id),
  number INTEGER NOT NULL,
  start_offset INTEGER NOT NULL,
  text TEXT NOT NULL,
  title TEXT,
  UNIQUE (filing_id, number)
);

CREATE TABLE filing_sections (
  id INTEGER PRIMARY KEY,
  filing_id INTEGER NOT NULL REFERENCES filings (id),
  key TEXT NOT NULL,
  title TEXT NOT NULL,
  start_offset INTEGER NOT NULL
);
CREATE INDEX filing_sections_filing ON filing_sections (filing_id);

-- A passage is characters [start, start + length) of its page.
CREATE TABLE filing_passages (
  id INTEGER PRIMARY KEY,
  filing_id INTEGER NOT NULL REFERENCES filings (id),
  page_id INTEGER NOT NULL REFERENCES filing_pages (id),
  section_id INTEGER REFERENCES filing_sections (id),
  start INTEGER NOT NULL,
  length INTEGER NOT NULL
);

-- Near-duplicate passages from different filings of one company (lib/ingest/filings/passage-twins.ts):
-- group_id is the group's smallest passage id. Passages without a twin have no row.
CREATE TABLE filing_passage_twins (
  passage_id INTEGER PRIMARY KEY REFERENCES filing_passages (id),
  group_id INTEGER NOT NULL
);
CREATE INDEX filing_passage_twins_group ON filing_passage_twins (group_id);

CREATE VIEW filing_passage_texts AS
SELECT p.id AS id,
       substr(pg.text, p.start + 1, p.length) AS text,
       concat_ws(' | ', s.title, pg.title) AS heading,
       f.search_label AS filing
FROM filing_passages p
JOIN filing_pages pg ON pg.id = p.page_id
JOIN filings f ON f.id = p.filing_id
LEFT JOIN filing_sections s ON s.id = p.section_id;

-- Keyword index of passages (BM25), reading text through the view above.
CREATE VIRTUAL TABLE filing_passage_search USING fts5(
  text, heading, filing,
  content='filing_passage_texts', content_rowid='id',
  tokenize="porter unicode61 remove_diacritics 2"
);
`;

/** Passage counts of common index terms (built from fts5vocab), so a query can search terms too common to rank by only in adjacent pairs. */
export const FILING_TERM_STATS = `
CREATE VIRTUAL TABLE temp.filing_passage_vocab USING fts5vocab(main, filing_passage_search, 'row');
CREATE TABLE filing_term_stats (term TEXT PRIMARY KEY, passages INTEGER NOT NULL) WITHOUT ROWID;
INSERT INTO filing_term_stats SELECT term, doc FROM temp.filing_passage_vocab WHERE doc >= 1000;
DROP TABLE temp.filing_passage_vocab;
`;
