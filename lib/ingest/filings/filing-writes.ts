import type Database from "better-sqlite3";
import type { FilingDescription } from "@/lib/db/filings-schema";
import { parseEach } from "@/lib/db/sql-rows";
import { PassageText, findTwins } from "./passage-twins";
import type { PassageSpan, StoredPage } from "./passages";
import { type Section, sectionAt } from "./sections";

export interface FilingRow extends FilingDescription {
  id: number;
  source: string;
  company_id: number | null;
  cik: number | null;
  has_pages: number;
  page_count: number;
  char_count: number;
  content_sha256: string;
  repaired_ligatures: number;
  repaired_split_words: number;
  unreadable_pages: number;
  search_label: string;
}

/** The heading column of a passage: its section title and its page's title (as the view computes it). */
const passageHeading = (section: string | null, page: string | null) => [section, page].filter(Boolean).join(" | ");

export type FilingWrites = ReturnType<typeof prepareFilingWrites>;

/** Writes of the filings stage and of filings added to a built database (the only SQL that writes filings); passage ids start at `nextPassage`. */
export function prepareFilingWrites(db: Database.Database, nextPassage: number) {
  const filing = db.prepare(`
    INSERT INTO filings (id, source, source_name, company_id, company_label, cik, filing_type, fiscal_year, fiscal_period,
      period_end, report_date, source_url, filed_date, filed_earliest, filed_latest, has_pages, page_count, char_count, content_sha256, repaired_ligatures,
      repaired_split_words, unreadable_pages, search_label)
    VALUES (@id, @source, @source_name, @company_id, @company_label, @cik, @filing_type, @fiscal_year, @fiscal_period,
      @period_end, @report_date, @source_url, @filed_date, @filed_earliest, @filed_latest, @has_pages, @page_count, @char_count, @content_sha256, @repaired_ligatures,
      @repaired_split_words, @unreadable_pages, @search_label)`);
  const passageRange = db.prepare("UPDATE filings SET first_passage_id = ?, last_passage_id = ? WHERE id = ?");
  const page = db.prepare("INSERT INTO filing_pages (filing_id, number, start_offset, text, title) VALUES (?, ?, ?, ?, ?)");
  const section = db.prepare("INSERT INTO filing_sections (filing_id, key, title, start_offset) VALUES (?, ?, ?, ?)");
  const passage = db.prepare("INSERT INTO filing_passages (id, filing_id, page_id, section_id, start, length) VALUES (?, ?, ?, ?, ?, ?)");
  const search = db.prepare("INSERT INTO filing_passage_search (rowid, text, heading, filing) VALUES (?, ?, ?, ?)");
  const duplicate = db.prepare("INSERT INTO filing_duplicates (source_name, filing_id) SELECT ?, id FROM filings WHERE source_name = ?");
  const passageTexts = db.prepare(`
    SELECT p.id, f.company_id AS companyId, substr(pg.text, p.start + 1, p.length) AS text
    FROM filing_passages p JOIN filings f ON f.id = p.filing_id JOIN filing_pages pg ON pg.id = p.page_id
    WHERE f.company_id IS NOT NULL AND (@companies IS NULL OR f.company_id IN (SELECT value FROM json_each(@companies)))
    ORDER BY f.source_name, p.id`);
  const clearTwins = db.prepare(`
    DELETE FROM filing_passage_twins WHERE passage_id IN (
      SELECT p.id FROM filing_passages p JOIN filings f ON f.id = p.filing_id WHERE f.company_id IN (SELECT value FROM json_each(?)))`);
  const twin = db.prepare("INSERT INTO filing_passage_twins (passage_id, group_id) VALUES (?, ?)");

  return {
    /** Writes one filing with its pages, sections, passages and their index rows; returns the passage count. */
    filing(row: FilingRow, pages: StoredPage[], sections: Section[], spans: PassageSpan[]): number {
      filing.run(row);
      const pageIds = pages.map((p) => Number(page.run(row.id, p.number, p.start, p.text, p.title).lastInsertRowid));
      const sectionIds = sections.map((s) => Number(section.run(row.id, s.key, s.title, s.start).lastInsertRowid));
      const first = nextPassage;
      for (const span of spans) {
        const stored = pages[span.page]!;
        const at = sectionAt(sections, stored.start + span.start);
        const id = nextPassage++;
        passage.run(id, row.id, pageIds[span.page]!, at === null ? null : sectionIds[at]!, span.start, span.length);
        search.run(id, stored.text.slice(span.start, span.start + span.length), passageHeading(at === null ? null : sections[at]!.title, stored.title), row.search_label);
      }
      if (nextPassage > first) passageRange.run(first, nextPassage - 1, row.id);
      return nextPassage - first;
    },
    duplicate(copy: string, original: string) {
      duplicate.run(copy, original);
    },
    /**
     * Finds and records the near-duplicate passages of each company's filings (after the filings
     * are written): of every company, or afresh for the companies given (twins never cross companies).
     * Passages are read in filing-name order, not id order: the groups found depend on the order, and
     * filings added to a built database must get the groups a rebuild would give them.
     */
    twins(companyIds: ReadonlySet<number> | null): { passages: number; groups: number } {
      const companies = companyIds === null ? null : JSON.stringify([...companyIds]);
      const groups = findTwins(parseEach(PassageText, passageTexts.iterate({ companies })));
      db.transaction(() => {
        if (companies !== null) clearTwins.run(companies);
        for (const [passageId, groupId] of groups) twin.run(passageId, groupId);
      })();
      return { passages: groups.size, groups: new Set(groups.values()).size };
    },
    /** Marks companies that have filings. */
    finish() {
      db.exec("UPDATE companies SET has_filings = 1 WHERE id IN (SELECT company_id FROM filings WHERE company_id IS NOT NULL)");
    },
  };
}
