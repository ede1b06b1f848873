import { z } from "zod";
import { cachedStatement } from "@/lib/db/market-db";
import { SqlCount, SqlFlag, SqlId, SqlScalar } from "@/lib/db/sql-rows";

/** The SQL of the company page: one company's profile, snapshot values, fiscal years and prices. */

/** A `companies` row (its columns are the screener's field names) with its profile. */
const CompanyRecord = z
  .object({
    id: SqlId,
    full_ticker: z.string(),
    symbol: z.string(),
    companyName: z.string(),
    current_name: z.string().nullable(),
    current_symbol: z.string().nullable(),
    classification_basis: z.string(),
    current_classification_source: z.string().nullable(),
    exchange: z.string(),
    exchange_name: z.string(),
    in_sp500: SqlFlag,
    has_profile: SqlFlag,
    has_prices: SqlFlag,
    has_fundamentals: SqlFlag,
    has_filings: SqlFlag,
    fundamentals_source: z.string().nullable(),
    description: z.string().nullable(),
    website: z.string().nullable(),
    city: z.string().nullable(),
    state: z.string().nullable(),
  })
  .catchall(SqlScalar);
export type CompanyRecord = z.output<typeof CompanyRecord>;

const FiscalYearRecord = z
  .object({
    fy_offset: SqlCount,
    fiscal_year: z.int(),
    period_end: z.string(),
    public_date: z.string(),
    source: z.string(),
    currency: z.string(),
  })
  .catchall(SqlScalar);
export type FiscalYearRecord = z.output<typeof FiscalYearRecord>;

const PricePoint = z.object({
  date: z.string(),
  close: z.number(),
  adjusted_close: z.number(),
  /** Shares traded that day, in that day's shares. */
  volume: z.number(),
  /** Product of the split coefficients up to that day (see schema.ts). */
  split_index: z.number(),
});
export type PricePoint = z.output<typeof PricePoint>;

const FundamentalsDifference = z.object({
  fiscal_year: z.int(),
  metric: z.string(),
  kaggle_value: z.number().nullable(),
  sec_value: z.number().nullable(),
  relative_difference: z.number().nullable(),
});
export type FundamentalsDifference = z.output<typeof FundamentalsDifference>;

const SymbolMatch = z.object({ full_ticker: z.string(), companyName: z.string(), exchange_name: z.string() });
export type SymbolMatch = z.output<typeof SymbolMatch>;

export function companyByTicker(fullTicker: string): CompanyRecord | undefined {
  return CompanyRecord.optional().parse(
    cachedStatement(`
      SELECT c.*, p.description, p.website, p.city, p.state
      FROM companies c LEFT JOIN company_profiles p ON p.company_id = c.id
      WHERE c.full_ticker = upper(?)`).get(fullTicker),
  );
}

/** The company a full ticker it had or has besides its own names (`NASDAQ:META` → Facebook's `NASDAQ:FB`). */
export function companyByFormerTicker(fullTicker: string): string | undefined {
  const sql = `
    SELECT c.full_ticker FROM company_ticker_aliases a JOIN companies c ON c.id = a.company_id
    WHERE a.full_ticker = upper(?)`;
  return z.string().optional().parse(cachedStatement(sql).pluck().get(fullTicker));
}

/**
 * The securities a company address may mean when it is not a `full_ticker`: those with that
 * symbol, current or former, case-insensitive (`aapl`, `PCLN`); S&P 500 members first.
 */
export function companiesWithSymbol(symbol: string): SymbolMatch[] {
  return SymbolMatch.array().parse(
    cachedStatement(`
      SELECT DISTINCT c.full_ticker, c.companyName, c.exchange_name, c.in_sp500 FROM company_symbols s JOIN companies c ON c.id = s.company_id
      WHERE s.symbol = upper(?) ORDER BY c.in_sp500 DESC, c.full_ticker LIMIT 50`).all(symbol),
  );
}

/** Symbols the company had besides the one of the data's date and today's. */
export function formerSymbols(companyId: number): string[] {
  const sql = `
    SELECT s.symbol FROM company_symbols s JOIN companies c ON c.id = s.company_id
    WHERE s.company_id = ? AND s.symbol <> c.symbol AND s.symbol IS NOT c.current_symbol AND s.is_current = 0 ORDER BY s.symbol`;
  return z.array(z.string()).parse(cachedStatement(sql).pluck().all(companyId));
}

/** Fiscal years, oldest first. */
export function fiscalYears(companyId: number): FiscalYearRecord[] {
  return FiscalYearRecord.array().parse(cachedStatement("SELECT * FROM fiscal_years WHERE company_id = ? ORDER BY fy_offset DESC").all(companyId));
}

/** Daily prices on or before `asOf` (the table holds the whole history; nothing later is shown), oldest first. */
export function dailyPrices(companyId: number, asOf: string): PricePoint[] {
  return PricePoint.array().parse(
    cachedStatement("SELECT date, close, adjusted_close, volume, split_index FROM daily_prices WHERE company_id = ? AND date <= ? ORDER BY date").all(companyId, asOf),
  );
}

/** Where SEC companyfacts and the Kaggle file disagree on this company's values. */
export function fundamentalsDifferences(companyId: number): FundamentalsDifference[] {
  return FundamentalsDifference.array().parse(
    cachedStatement(`
      SELECT fiscal_year, metric, kaggle_value, sec_value, relative_difference FROM fundamentals_differences
      WHERE company_id = ? ORDER BY fiscal_year DESC, metric`).all(companyId),
  );
}
