import Database from "better-sqlite3";
import { z } from "zod";
import type { Progress } from "@/lib/ingest/progress";
import { type SyncedPricesReport, extendPrices } from "@/lib/ingest/synced-prices";
import type { PriceDay } from "@/lib/market/price-rows";
import { type AppendReport, appendDays } from "./append-days";
import type { CompanyDays } from "./append-plan";
import { type PriceFiles, readPriceFiles } from "./price-folder";
import { SyncError } from "./sync-error";

export interface AppendPricesReport extends PriceFiles {
  /** The files' checks against the stored series (tickers here are the files'). */
  prices: SyncedPricesReport;
  append: AppendReport;
}

const TickerRow = z.object({ ticker: z.string(), companyId: z.int() });
const StoredClose = z.object({ date: z.string(), close: z.number(), adjustedClose: z.number() });

/**
 * The companies with a stored price history by the tickers a file may name them by: the price
 * ticker, then current symbols, then former ones (FB's prices under META), the first company
 * that has one.
 */
function pricedCompanies(db: Database.Database): Map<string, number> {
  const rows = TickerRow.array().parse(
    db
      .prepare(`
        SELECT ticker, companyId FROM (
          SELECT c.price_ticker AS ticker, c.id AS companyId, 0 AS rank FROM companies c WHERE c.price_ticker IS NOT NULL
          UNION ALL SELECT y.symbol, y.company_id, 2 - y.is_current FROM company_symbols y)
        WHERE companyId IN (SELECT company_id FROM company_series WHERE prices_to IS NOT NULL)
        ORDER BY rank, companyId`)
      .all(),
  );
  const companies = new Map<string, number>();
  for (const { ticker, companyId } of rows) if (!companies.has(ticker)) companies.set(ticker, companyId);
  return companies;
}

/**
 * `npm run sync -- prices --from DIR --append`: the files' days after each company's last stored
 * day added to the database in place (lib/sync/append-days.ts) instead of a rebuild. A file
 * extends a company under the rebuild's rules (extendPrices, lib/ingest/synced-prices.ts): it holds
 * the last stored day, shows no split since, and its adjusted closes are chained there; overlap
 * days that disagree with the stored ones are reported. The appended days are not kept in
 * `var/prices`: a later rebuild (`sync sec`, `sync prices` without --append) leaves them out.
 */
export async function appendPrices(options: { from: string; databasePath: string; progress: Progress }): Promise<AppendPricesReport> {
  let db: Database.Database;
  try {
    db = new Database(options.databasePath, { readonly: true, fileMustExist: true });
  } catch {
    throw new SyncError(`${options.databasePath}: no database to append to (build one: npm run ingest)`);
  }
  let read: PriceFiles;
  const stored = new Map<string, PriceDay[]>();
  let companies: Map<string, number>;
  try {
    companies = pricedCompanies(db);
    read = await readPriceFiles(options.from, options.progress, new Set(companies.keys()));
    // Each company's stored closes over the file's days, from its last stored day at the latest: what extendPrices checks and chains.
    const closes = db.prepare(`SELECT date, close, adjusted_close AS adjustedClose FROM daily_prices
      WHERE company_id = ? AND date >= min(?, (SELECT prices_to FROM company_series WHERE company_id = ?)) ORDER BY date`);
    for (const series of read.series) {
      const id = companies.get(series.ticker)!;
      const days = StoredClose.array().parse(closes.all(id, series.days[0]?.date ?? "9999", id));
      stored.set(String(id), days.map((d) => ({ ...d, volume: 0, dividend: null, split: 1 })));
    }
  } finally {
    db.close();
  }
  const { prices, report } = extendPrices(stored, read.series, (ticker) => {
    const id = companies.get(ticker);
    return id === undefined ? undefined : String(id);
  });
  const input: CompanyDays[] = [...stored].flatMap(([id, history]) => {
    const days = prices.get(id)!.slice(history.length);
    return days.length > 0 ? [{ companyId: Number(id), days }] : [];
  });
  return { ...read, prices: report, append: appendDays(options.databasePath, input, options.progress) };
}
