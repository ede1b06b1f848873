/**
 * The market database: built by `npm run ingest` from `data/`, read-only at run time.
 * Column names of screenable values are the API's field names (see lib/screener/catalog.ts).
 */
import { FISCAL_YEAR_METRICS } from "@/lib/fiscal-year-metrics";

export const SCHEMA_VERSION = 16;

/** The ratios ttm_versions holds: the metric rule groups with a TTM (the others need lines the quarterly reports lack). */
export const TTM_METRICS = ["operatingMargin", "netMargin", "returnOnEquity"] as const;

/** The columns of a fiscal year (fiscal_years and fiscal_year_versions). */
const FISCAL_YEAR_COLUMNS = `fiscal_year INTEGER NOT NULL,
  period_end TEXT NOT NULL,
  public_date TEXT NOT NULL,
  source TEXT NOT NULL,
  currency TEXT NOT NULL,
  fx_to_usd REAL,
  ${FISCAL_YEAR_METRICS.map((m) => `${m} REAL`).join(", ")}`;

export const MARKET_SCHEMA = `
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;

-- One listed security per row, with its screenable snapshot values (as of meta.as_of).
CREATE TABLE companies (
  id INTEGER PRIMARY KEY,
  full_ticker TEXT NOT NULL UNIQUE,
  symbol TEXT NOT NULL,
  exchange TEXT NOT NULL,
  exchange_name TEXT NOT NULL,
  companyName TEXT NOT NULL,
  -- Today's name and symbol where they differ from those of the as-of date (companyName, symbol).
  current_name TEXT,
  current_symbol TEXT,
  country TEXT,
  currency TEXT,
  -- GICS structure effective 2016-09-01 for every row (docs/METRICS.md "Classification").
  sector TEXT,
  industry_group TEXT,
  industry TEXT,
  sub_industry TEXT,
  classification_basis TEXT NOT NULL CHECK (classification_basis IN ('sp500-2016', 'mapped-current')),
  -- Today's classification as its source writes it, and that source with its date.
  current_sector TEXT,
  current_industry_group TEXT,
  current_industry TEXT,
  current_classification_source TEXT,
  isin TEXT,
  cik INTEGER,
  -- The id of the issuer's primary listing (its own id for most rows): share classes of one company
  -- share it, and a screen lists the primary listings by default (docs/METRICS.md "Share classes").
  issuer_id INTEGER NOT NULL,
  listing_status TEXT NOT NULL CHECK (listing_status IN ('listed', 'delisted')),
  in_sp500 INTEGER NOT NULL,
  has_profile INTEGER NOT NULL,
  has_prices INTEGER NOT NULL,
  has_fundamentals INTEGER NOT NULL,
  has_filings INTEGER NOT NULL DEFAULT 0,
  fundamentals_source TEXT,
  price_ticker TEXT,
  -- The whole market's (pystock-data) symbol the company joined, if any.
  market_symbol TEXT,
  price REAL,
  return_1y REAL,
  daily_return_vol_1y_annualized REAL,
  daily_return_vol_5y_annualized REAL,
  dividendYieldTTM REAL,
  shares_outstanding REAL,
  marketCap_usd REAL,
  enterpriseValue_usd REAL,
  peRatio REAL,
  priceToSales REAL,
  priceToBook REAL,
  evToEbitda REAL,
  -- Price signals of the as-of date (lib/market/price-signals.ts).
  high_52w REAL,
  low_52w REAL,
  from_high_52w REAL,
  from_low_52w REAL,
  sma_20 REAL,
  sma_50 REAL,
  sma_200 REAL,
  price_vs_sma_20 REAL,
  price_vs_sma_50 REAL,
  price_vs_sma_200 REAL,
  rsi_14 REAL,
  max_drawdown_1y REAL,
  dollar_volume_20d REAL,
  beta_1y REAL,
  fiscal_year INTEGER,
  period_end TEXT,
  public_date TEXT,
  revenue REAL,
  grossProfit REAL,
  operatingIncome REAL,
  netIncome REAL,
  eps REAL,
  ebit REAL,
  totalEquity REAL,
  totalDebt REAL,
  returnOnInvestedCapital REAL,
  grossMargin REAL,
  operatingMargin REAL,
  netMargin REAL,
  returnOnEquity REAL,
  debtToEquity REAL
);
CREATE INDEX companies_symbol ON companies (symbol);
CREATE INDEX companies_cik ON companies (cik);

CREATE TABLE company_profiles (
  company_id INTEGER PRIMARY KEY REFERENCES companies (id),
  description TEXT,
  website TEXT,
  city TEXT,
  state TEXT
);

-- Every symbol a security is or was known by (former symbols stay searchable).
CREATE TABLE company_symbols (
  symbol TEXT NOT NULL,
  company_id INTEGER NOT NULL REFERENCES companies (id),
  is_current INTEGER NOT NULL,
  PRIMARY KEY (symbol, company_id)
) WITHOUT ROWID;

-- Full tickers a company had or has besides its own (NASDAQ:META for Facebook's NASDAQ:FB).
CREATE TABLE company_ticker_aliases (
  full_ticker TEXT PRIMARY KEY,
  company_id INTEGER NOT NULL REFERENCES companies (id)
) WITHOUT ROWID;

-- Full text of names, symbols and business descriptions (rowid = companies.id).
CREATE VIRTUAL TABLE company_search USING fts5(
  companyName, symbols, description, content='', tokenize="unicode61 remove_diacritics 2"
);

-- Fiscal-year fundamentals public on or before the as-of date (public_date: docs/METRICS.md);
-- fy_offset 0 is the latest of them.
CREATE TABLE fiscal_years (
  company_id INTEGER NOT NULL REFERENCES companies (id),
  fy_offset INTEGER NOT NULL,
${FISCAL_YEAR_COLUMNS},
  PRIMARY KEY (company_id, fy_offset)
) WITHOUT ROWID;
CREATE INDEX fiscal_years_offset ON fiscal_years (fy_offset, company_id);

-- Where SEC companyfacts and the Kaggle file disagree on a value of the same fiscal year.
CREATE TABLE fundamentals_differences (
  company_id INTEGER NOT NULL REFERENCES companies (id),
  fiscal_year INTEGER NOT NULL,
  metric TEXT NOT NULL,
  kaggle_value REAL,
  sec_value REAL,
  relative_difference REAL,
  PRIMARY KEY (company_id, fiscal_year, metric)
) WITHOUT ROWID;

-- Values of a fiscal year that a check against a second source left out or took from a 10-K
-- (lib/ingest/fundamentals-checks.ts).
CREATE TABLE fundamentals_checks (
  company_id INTEGER NOT NULL REFERENCES companies (id),
  fiscal_year INTEGER NOT NULL,
  metric TEXT NOT NULL,
  rule TEXT NOT NULL,
  detail TEXT NOT NULL,
  PRIMARY KEY (company_id, fiscal_year, metric, rule)
) WITHOUT ROWID;

-- Daily prices, the whole bundled history (2011-2021); the company page charts those up to the as-of date.
-- The running sums through each day (lib/market/price-rows.ts) make a window's return, volatility or
-- dividends as of any date a subtraction of two rows (lib/market/day-values.ts).
CREATE TABLE daily_prices (
  company_id INTEGER NOT NULL REFERENCES companies (id),
  date TEXT NOT NULL,
  close REAL NOT NULL,
  adjusted_close REAL NOT NULL,
  volume REAL NOT NULL,
  -- The product of the split coefficients of the company's days up to this one: volume times
  -- split_index(T) / split_index(day) is that day's volume in the shares of day T.
  split_index REAL NOT NULL,
  -- The day's position in the company's history (0 on its first day).
  day_index INTEGER NOT NULL,
  -- Sums through this day of the daily returns of the adjusted close and of their squares.
  return_sum REAL NOT NULL,
  return_square_sum REAL NOT NULL,
  -- Sum through this day of dividend × split_index, and the days whose dividend the source does not give.
  dividend_sum REAL NOT NULL,
  dividends_unknown INTEGER NOT NULL,
  -- Price signals (lib/market/price-rows.ts): sums through this day of the adjusted close and of
  -- close × volume, Wilder's average gain and loss (RSI), and over the last 252 rows the highest and
  -- lowest close × split_index and the largest fall of the adjusted close from a peak.
  adjusted_close_sum REAL NOT NULL,
  traded_value_sum REAL NOT NULL,
  rsi_gain REAL NOT NULL,
  rsi_loss REAL NOT NULL,
  window_high REAL NOT NULL,
  window_low REAL NOT NULL,
  window_drawdown REAL NOT NULL,
  -- Sums through this day of the benchmark's return over the interval of each daily return, of its
  -- square and of its product with the daily return (lib/market/benchmark-sums.ts): beta.
  benchmark_return_sum REAL NOT NULL,
  benchmark_square_sum REAL NOT NULL,
  benchmark_cross_sum REAL NOT NULL,
  -- Keyed by date first: a day's values read every company's row of a few dates, each one range.
  PRIMARY KEY (date, company_id)
) WITHOUT ROWID;
-- A company's history (the company page, the last row before a gap).
CREATE INDEX daily_prices_company ON daily_prices (company_id, date);

-- The companies with a price history or fiscal years: the rows a day's values are computed for.
CREATE TABLE company_series (
  company_id INTEGER PRIMARY KEY REFERENCES companies (id),
  prices_from TEXT,
  prices_to TEXT,
  versions_from TEXT
);

-- Point in time (docs/METRICS.md "Values as of any date"): the trading days of the as-of range; an
-- as-of date reads the last one on or before it.
CREATE TABLE trading_days (date TEXT PRIMARY KEY) WITHOUT ROWID;

-- The fiscal years known on each as-of date in [valid_from, valid_to): the rows of fiscal_years as
-- they read on those dates (fy_offset 0 = the latest public then), plus total debt and the valuation's share count.
CREATE TABLE fiscal_year_versions (
  company_id INTEGER NOT NULL REFERENCES companies (id),
  valid_from TEXT NOT NULL,
  valid_to TEXT NOT NULL,
  fy_offset INTEGER NOT NULL,
${FISCAL_YEAR_COLUMNS}, totalDebt REAL,
  -- The share count a day's market cap multiplies: the version's latest fiscal year that has one.
  valuation_shares REAL,
  PRIMARY KEY (company_id, valid_from, fy_offset)
) WITHOUT ROWID;
CREATE INDEX fiscal_year_versions_offset ON fiscal_year_versions (fy_offset, valid_from);

-- Trailing twelve months as known on each as-of date in [valid_from, valid_to) (lib/ingest/pystock-ttm.ts,
-- docs/METRICS.md "Trailing twelve months"): the income lines of the four quarters to period_end, the
-- equity at period_end, and their ratios; all NULL where the latest period's TTM cannot be computed.
CREATE TABLE ttm_versions (
  company_id INTEGER NOT NULL REFERENCES companies (id),
  valid_from TEXT NOT NULL,
  valid_to TEXT NOT NULL,
  period_end TEXT NOT NULL,
  basis TEXT NOT NULL,
  revenue REAL, operatingIncome REAL, netIncome REAL, totalEquity REAL,
  ${TTM_METRICS.map((m) => `${m} REAL`).join(", ")},
  PRIMARY KEY (company_id, valid_from)
) WITHOUT ROWID;

-- The company page's benchmark: an equal-weighted index of every company with prices, chained
-- from 1 on the first day (lib/companies/benchmark.ts), and the companies priced by each day.
CREATE TABLE benchmark_index (date TEXT PRIMARY KEY, value REAL NOT NULL, companies INTEGER NOT NULL) WITHOUT ROWID;

-- The S&P 500 lists that name each company, with each list's date (lib/ingest/universe.ts INDEX_LISTS):
-- three dated snapshots; they make a company a member of the universe (companies.in_sp500).
CREATE TABLE index_memberships (
  company_id INTEGER NOT NULL REFERENCES companies (id),
  list TEXT NOT NULL,
  list_name TEXT NOT NULL,
  list_date TEXT NOT NULL,
  PRIMARY KEY (company_id, list)
) WITHOUT ROWID;

-- S&P 500 membership over time (data/sp500/ticker-start-end.csv.br, lib/ingest/index-intervals.ts):
-- each ticker's stretches in the index, from start (first day in) to end (first day out; NULL: still
-- in), with the company that carried the ticker; company_id NULL: the universe has no company of it.
-- Screens read a company's membership on their date from here (lib/screener/screen-source.ts).
CREATE TABLE index_membership_intervals (
  ticker TEXT NOT NULL,
  start TEXT NOT NULL,
  "end" TEXT,
  company_id INTEGER REFERENCES companies (id),
  PRIMARY KEY (ticker, start)
) WITHOUT ROWID;
`;
