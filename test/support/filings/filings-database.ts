import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import * as sqliteVec from "sqlite-vec";
import { FILING_TERM_STATS, FILINGS_SCHEMA } from "@/lib/db/filings-schema";
import { MARKET_SCHEMA, SCHEMA_VERSION } from "@/lib/db/schema";
import type { FilingType } from "@/lib/filings/filing-types";
import { runEmbeddingsStage } from "@/lib/ingest/filings/embeddings-stage";
import { companySearchLabel } from "@/lib/ingest/filings/company-search-label";
import { filedWindow } from "@/lib/ingest/filings/filed-window";
import { CALENDAR_YEAR } from "@/lib/ingest/filings/fiscal-calendar";
import { prepareFilingWrites } from "@/lib/ingest/filings/filing-writes";
import { indexedPassages, storedPages, documentText } from "@/lib/ingest/filings/passages";
import { findSections } from "@/lib/ingest/filings/sections";
import { silentProgress } from "@/lib/ingest/progress";

/**
 * A small real database for tests: the market and filings schemas, a few companies and filings
 * written by the ingest's own writers, the keyword index and an LSA model fitted on them.
 */
export interface TestCompany {
  id: number;
  name: string;
  symbol: string;
  exchange: string;
  cik: number;
  /** Today's name, where it differs from `name`. */
  currentName?: string;
  formerSymbols?: string[];
}

export interface TestFiling {
  name: string;
  companyId: number;
  companyLabel: string;
  type: FilingType;
  fiscalYear: number;
  fiscalPeriod: string | null;
  periodEnd: string | null;
  /** The SEC filing date, as the edgartools documents carry it. */
  filingDate?: string;
  pages: string[];
  hasPages?: boolean;
}

export interface TestDatabase {
  db: Database.Database;
  path: string;
  close: () => void;
}

export function createFilingsTestDatabase(companies: TestCompany[], filings: TestFiling[]): TestDatabase {
  const dir = mkdtempSync(path.join(tmpdir(), "filings-test-"));
  const file = path.join(dir, "test.db");
  const db = new Database(file);
  sqliteVec.load(db);
  db.exec(MARKET_SCHEMA + FILINGS_SCHEMA);
  db.prepare("INSERT INTO meta (key, value) VALUES ('schema_version', ?)").run(String(SCHEMA_VERSION));
  const company = db.prepare(`INSERT INTO companies (id, full_ticker, symbol, exchange, exchange_name, companyName, current_name, cik, issuer_id, listing_status, in_sp500,
    has_profile, has_prices, has_fundamentals, classification_basis) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 'listed', 1, 1, 0, 0, 'mapped-current')`);
  const symbol = db.prepare("INSERT INTO company_symbols (symbol, company_id, is_current) VALUES (?, ?, ?)");
  for (const c of companies) {
    company.run(c.id, `${c.exchange}:${c.symbol}`, c.symbol, c.exchange, c.exchange, c.name, c.currentName ?? null, c.cik, c.id);
    symbol.run(c.symbol, c.id, 1);
    for (const former of c.formerSymbols ?? []) symbol.run(former, c.id, 0);
  }
  const write = writeTestFilings(db, companies, filings, 1, 1);
  write.twins(null);
  db.exec(FILING_TERM_STATS);
  runEmbeddingsStage(db, silentProgress, { dimensions: 8, minPassages: 1, maxShare: 0.9, sampleSize: 10_000, seed: 7 });
  return {
    db,
    path: file,
    close: () => {
      db.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A database of one company (Example Corp, EXM) and one 10-K of fiscal 2023 with these pages. */
export function exampleTenK(pages: string[]): TestDatabase {
  return createFilingsTestDatabase(
    [{ id: 1, name: "Example Corp", symbol: "EXM", exchange: "NYSE", cik: 1234567 }],
    [{ name: "EXM_2023_10K", companyId: 1, companyLabel: "Example", type: "10-K", fiscalYear: 2023, fiscalPeriod: "FY", periodEnd: "2023-12-31", pages }],
  );
}

/** Writes test filings with the ingest's writers, the first with id `firstFilingId` and its first passage `firstPassageId`. */
export function writeTestFilings(db: Database.Database, companies: TestCompany[], filings: TestFiling[], firstFilingId: number, firstPassageId: number) {
  const write = prepareFilingWrites(db, firstPassageId);
  db.transaction(() => {
    filings.forEach((f, i) => {
      const hasPages = f.hasPages ?? true;
      const pages = storedPages(f.pages, hasPages);
      const indexed = indexedPassages(pages, hasPages);
      const c = companies.find((x) => x.id === f.companyId)!;
      write.filing(
        {
          id: firstFilingId + i,
          source: hasPages ? "financebench" : "edgartools",
          source_name: f.name,
          company_id: f.companyId,
          company_label: f.companyLabel,
          cik: c.cik,
          filing_type: f.type,
          fiscal_year: f.fiscalYear,
          fiscal_period: f.fiscalPeriod,
          period_end: f.periodEnd,
          report_date: null,
          source_url: `https://example.test/${f.name}.pdf`,
          ...filedWindow({
            filingType: f.type,
            filingDate: f.filingDate ?? null,
            periodEnd: f.periodEnd,
            reportDate: null,
            fiscalYear: f.fiscalYear,
            fiscalPeriod: f.fiscalPeriod,
            calendar: CALENDAR_YEAR,
          }),
          has_pages: hasPages ? 1 : 0,
          page_count: hasPages ? pages.length : 0,
          char_count: documentText(pages, hasPages).length,
          content_sha256: f.name,
          repaired_ligatures: 0,
          repaired_split_words: 0,
          unreadable_pages: indexed.unreadablePages,
          search_label: `${companySearchLabel({ name: c.name, currentName: c.currentName ?? null, symbols: [c.symbol, ...(c.formerSymbols ?? [])] })} ${f.companyLabel} ${f.type} fiscal ${f.fiscalYear} FY${f.fiscalYear} ${f.fiscalPeriod ?? ""}`,
        },
        pages,
        findSections(documentText(pages, hasPages)),
        indexed.spans,
      );
    });
    write.finish();
  })();
  return write;
}
