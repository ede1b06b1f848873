import Database from "better-sqlite3";
import { z } from "zod";
import { bundledPaths } from "@/lib/ingest/bundled-paths";
import { readSecTickers } from "@/lib/ingest/read-sources";
import { US_VENUES } from "@/lib/companies/us-venues";
import { SyncError } from "./sync-error";

/**
 * The CIKs `npm run sync -- filings` asks EDGAR about. With tickers: each one's company in the
 * database (any symbol it has had) or, for a company the database knows without a CIK, SEC's
 * tickers list (bundled `data/sec/company_tickers.json.br`). Without: every company with a CIK and
 * every listing on a US venue that SEC's list gives one (the whole-market archives carry no CIKs).
 */
export function companyCiks(databasePath: string, dataDir: string, tickers: readonly string[] | null): number[] {
  let db: Database.Database;
  try {
    db = new Database(databasePath, { readonly: true, fileMustExist: true });
  } catch {
    throw new SyncError(`${databasePath}: no database to read companies from (build one: npm run ingest)`);
  }
  const sec = readSecTickers(bundledPaths(dataDir));
  try {
    const Row = z.object({ symbol: z.string(), cik: z.int().nullable() });
    if (tickers === null) {
      const rows = Row.array().parse(
        db
          .prepare("SELECT coalesce(current_symbol, symbol) AS symbol, cik FROM companies WHERE cik IS NOT NULL OR exchange IN (SELECT value FROM json_each(?))")
          .all(JSON.stringify(US_VENUES)),
      );
      return [...new Set(rows.flatMap((r) => r.cik ?? sec.get(r.symbol)?.cik ?? []))].sort((a, b) => a - b);
    }
    const rows = Row.array().parse(
      db
        .prepare(`SELECT DISTINCT s.symbol, c.cik FROM company_symbols s JOIN companies c ON c.id = s.company_id WHERE s.symbol IN (SELECT value FROM json_each(?))`)
        .all(JSON.stringify(tickers)),
    );
    const ciks = tickers.map((t) => rows.find((r) => r.symbol === t && r.cik !== null)?.cik ?? sec.get(t)?.cik ?? null);
    const unknown = tickers.filter((_, i) => ciks[i] === null);
    if (unknown.length > 0) throw new SyncError(`no CIK for the ticker ${unknown.join(", ")}: neither the database nor SEC's tickers list has one (give --ciks instead)`);
    return [...new Set(ciks as number[])];
  } finally {
    db.close();
  }
}
