import { cachedStatement } from "@/lib/db/market-db";

/** The SQL of the company page: one company's profile, snapshot values, fiscal years and prices. */

/** A `companies` row (its columns are the screener's field names) with its profile. */
export type CompanyRecord = Record<string, string | number | null> & {
  id: number;
  full_ticker: string;
  symbol: string;
  companyName: string;
  current_name: string | null;
  current_symbol: string | null;
  classification_basis: string;
  current_classification_source: string | null;
  exchange: string;
  exchange_name: string;
  in_sp500: number;
  has_profile: number;
  has_prices: number;
  has_fundamentals: number;
  has_filings: number;
  fundamentals_source: string | null;
  description: string | null;
  website: string | null;
  city: string | null;
  state: string | null;
};

export type FiscalYearRecord = Record<string, string | number | null> & {
  fy_offset: number;
  fiscal_year: number;
  period_end: string;
  public_date: string;
  source: string;
  currency: string;
};

export interface PricePoint {
  date: string;
  close: number;
  adjusted_close: number;
  /** Shares traded that day, in that day's shares. */
  volume: number;
  /** Product of the split coefficients up to that day (see schema.ts). */
  split_index: number;
}

export interface FundamentalsDifference {
  fiscal_year: number;
  metric: string;
  kaggle_value: number | null;
  sec_value: number | null;
  relative_difference: number | null;
}

export function companyByTicker(fullTicker: string): CompanyRecord | undefined {
  return cachedStatement(`
    SELECT c.*, p.description, p.website, p.city, p.state
    FROM companies c LEFT JOIN company_profiles p ON p.company_id = c.id
    WHERE c.full_ticker = upper(?)`).get(fullTicker) as CompanyRecord | undefined;
}

/** The company a full ticker it had or has besides its own names (`NASDAQ:META` → Facebook's `NASDAQ:FB`). */
export function companyByFormerTicker(fullTicker: string): string | undefined {
  return cachedStatement(`
    SELECT c.full_ticker FROM company_ticker_aliases a JOIN companies c ON c.id = a.company_id
    WHERE a.full_ticker = upper(?)`).pluck().get(fullTicker) as string | undefined;
}

export interface SymbolMatch {
  full_ticker: string;
  companyName: string;
  exchange_name: string;
}

/**
 * The securities a company address may mean when it is not a `full_ticker`: those with that
 * symbol, current or former, case-insensitive (`aapl`, `PCLN`); S&P 500 members first.
 */
export function companiesWithSymbol(symbol: string): SymbolMatch[] {
  return cachedStatement(`
    SELECT DISTINCT c.full_ticker, c.companyName, c.exchange_name, c.in_sp500 FROM company_symbols s JOIN companies c ON c.id = s.company_id
    WHERE s.symbol = upper(?) ORDER BY c.in_sp500 DESC, c.full_ticker LIMIT 50`).all(symbol) as SymbolMatch[];
}

/** Symbols the company had besides the one of the data's date and today's. */
export function formerSymbols(companyId: number): string[] {
  return cachedStatement(`
    SELECT s.symbol FROM company_symbols s JOIN companies c ON c.id = s.company_id
    WHERE s.company_id = ? AND s.symbol <> c.symbol AND s.symbol IS NOT c.current_symbol AND s.is_current = 0 ORDER BY s.symbol`)
    .pluck()
    .all(companyId) as string[];
}

/** Fiscal years, oldest first. */
export function fiscalYears(companyId: number): FiscalYearRecord[] {
  return cachedStatement("SELECT * FROM fiscal_years WHERE company_id = ? ORDER BY fy_offset DESC").all(companyId) as FiscalYearRecord[];
}

/** Daily prices on or before `asOf` (the table holds the whole history; nothing later is shown), oldest first. */
export function dailyPrices(companyId: number, asOf: string): PricePoint[] {
  return cachedStatement("SELECT date, close, adjusted_close, volume, split_index FROM daily_prices WHERE company_id = ? AND date <= ? ORDER BY date").all(
    companyId,
    asOf,
  ) as PricePoint[];
}

/** Where SEC companyfacts and the Kaggle file disagree on this company's values. */
export function fundamentalsDifferences(companyId: number): FundamentalsDifference[] {
  return cachedStatement(`
    SELECT fiscal_year, metric, kaggle_value, sec_value, relative_difference FROM fundamentals_differences
    WHERE company_id = ? ORDER BY fiscal_year DESC, metric`).all(companyId) as FundamentalsDifference[];
}
