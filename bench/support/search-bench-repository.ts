import { z } from "zod";
import { marketDb } from "@/lib/db/market-db";
import { SqlCount } from "@/lib/db/sql-rows";

const AliasRow = z.object({ alias: z.string(), name: z.string() });
const PageRow = z.object({ number: z.int(), start_offset: z.int(), text: z.string(), has_pages: z.int() });

/** A run of document characters (offsets into the filing's whole text). */
export interface Span {
  start: number;
  end: number;
}

/** SQL of the retrieval benchmark: which filing stands for a document, its pages, and passage counts for the random baseline. */
export function benchRepository() {
  const db = marketDb();
  const aliases = db.prepare(
    "SELECT d.source_name AS alias, f.source_name AS name FROM filing_duplicates d JOIN filings f ON f.id = d.filing_id",
  );
  const onPages = db
    .prepare(`
      SELECT count(*) FROM filing_passages p JOIN filings f ON f.id = p.filing_id JOIN filing_pages pg ON pg.id = p.page_id
      WHERE f.source_name = ? AND EXISTS (SELECT 1 FROM json_each(?) e WHERE abs(pg.number - 1 - e.value) <= 1)`)
    .pluck();
  const nearSpans = db
    .prepare(`
      SELECT count(*) FROM filing_passages p JOIN filings f ON f.id = p.filing_id JOIN filing_pages pg ON pg.id = p.page_id
      WHERE f.source_name = ? AND EXISTS (
        SELECT 1 FROM json_each(?) e
        WHERE pg.start_offset + p.start < json_extract(e.value, '$.end') + ? AND pg.start_offset + p.start + p.length > json_extract(e.value, '$.start') - ?)`)
    .pluck();
  const ofCompany = db
    .prepare(`
      SELECT count(*) FROM filing_passages p JOIN filings f ON f.id = p.filing_id
      WHERE f.company_id = (SELECT company_id FROM filings WHERE source_name = ?)`)
    .pluck();
  const all = db.prepare("SELECT count(*) FROM filing_passages").pluck();
  const pages = db.prepare(`
    SELECT pg.number, pg.start_offset, pg.text, f.has_pages FROM filing_pages pg JOIN filings f ON f.id = pg.filing_id
    WHERE f.source_name = ? ORDER BY pg.number`);
  return {
    /** Skipped duplicate document names → the filing kept for them. */
    documentAliases: () => new Map(AliasRow.array().parse(aliases.all()).map((r) => [r.alias, r.name])),
    /** Passages of a filing on the given 0-based pages or next to them. */
    passagesNearPages: (filing: string, pageNumbers: number[]) => SqlCount.parse(onPages.get(filing, JSON.stringify(pageNumbers))),
    /** Passages of a filing within `within` characters of one of the spans. */
    passagesNearSpans: (filing: string, spans: Span[], within: number) => SqlCount.parse(nearSpans.get(filing, JSON.stringify(spans), within, within)),
    /** Passages of the company that filed `filing`. */
    companyPassages: (filing: string) => SqlCount.parse(ofCompany.get(filing)),
    allPassages: () => SqlCount.parse(all.get()),
    /** The stored pages of a filing (1-based numbers; unpaged filings are cut into pages of about 12,000 characters). */
    filingPages: (filing: string) => PageRow.array().parse(pages.all(filing)),
  };
}
