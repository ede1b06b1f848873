import { marketDb } from "@/lib/db/market-db";

/** SQL of the retrieval benchmark: which filing stands for a document, and passage counts for the random baseline. */
export function benchRepository() {
  const db = marketDb();
  const aliases = db.prepare<[], { alias: string; name: string }>(
    "SELECT d.source_name AS alias, f.source_name AS name FROM filing_duplicates d JOIN filings f ON f.id = d.filing_id",
  );
  const relevant = db
    .prepare<[string, string], number>(`
      SELECT count(*) FROM filing_passages p JOIN filings f ON f.id = p.filing_id JOIN filing_pages pg ON pg.id = p.page_id
      WHERE f.source_name = ? AND EXISTS (SELECT 1 FROM json_each(?) e WHERE abs(pg.number - 1 - e.value) <= 1)`)
    .pluck();
  const ofCompany = db
    .prepare<[string], number>(`
      SELECT count(*) FROM filing_passages p JOIN filings f ON f.id = p.filing_id
      WHERE f.company_id = (SELECT company_id FROM filings WHERE source_name = ?)`)
    .pluck();
  const all = db.prepare<[], number>("SELECT count(*) FROM filing_passages").pluck();
  return {
    /** Skipped duplicate document names → the filing kept for them. */
    documentAliases: () => new Map(aliases.all().map((r) => [r.alias, r.name])),
    /** Passages of a filing on the given 0-based pages or next to them. */
    relevantPassages: (filing: string, pages: number[]) => relevant.get(filing, JSON.stringify(pages)) ?? 0,
    /** Passages of the company that filed `filing`. */
    companyPassages: (filing: string) => ofCompany.get(filing) ?? 0,
    allPassages: () => all.get() ?? 0,
  };
}
