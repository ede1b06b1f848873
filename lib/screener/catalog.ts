/**
 * The screener catalog: every filter, output field and sort field, defined once. The options
 * record, the request schemas, the SQL compiler, the OpenAPI document and the UI all derive from
 * it. Pure data: safe to import from client components.
 */

import type {
  CurrencyBasis,
  FieldCompareSettings,
  GrowthRuleGroupSettings,
  GrowthValueType,
  MemberRuleGroupSettings,
  MetricRuleGroupSettings,
  MultiSelectSettings,
  RangeSettings,
  TextSettings,
} from "./filter-settings";
import { STALE_AFTER_MONTHS, STALENESS_FIELDS } from "./staleness";

export const UNITS = ["percent", "usd", "number", "integer", "text", "date", "boolean", "fields"] as const;
export type Unit = (typeof UNITS)[number];

export interface FieldDef {
  name: string;
  label: string;
  unit: Unit;
  /** Display format hint for clients (d3-format style for numbers). */
  format: string;
  category: FieldCategory;
  description: string;
  /** The SQL expression that computes it, over `c` = companies and `p` = company_profiles. */
  sql: string;
  /** Needs the company_profiles join. */
  profile?: boolean;
  /**
   * Computed after the query from this value of the day (the staleness fields, from the latest
   * fiscal year's period end): not a sort key or filter; `sql` reads that value too.
   */
  derivedFrom?: string;
  sortable: boolean;
  /** Text of up to several thousand characters: not a sort key, and not loaded in bulk answers (a backtest's rows). */
  longText: boolean;
}

export type FieldCategory = "Company" | "Market" | "Price signals" | "Valuation" | "Volatility" | "Fundamentals (latest fiscal year)" | "Profitability";

type FieldRow = [name: string, label: string, unit: Unit, category: FieldCategory, description: string, sql?: string];

const FORMATS: Record<Unit, string> = {
  percent: ".2%",
  usd: "$,.4s",
  number: ",.2f",
  integer: "d",
  text: "",
  date: "",
  boolean: "",
  fields: "",
};

/**
 * The taxonomy of the sector, industry group and industry filters and fields: one for every row
 * (docs/METRICS.md "Classification").
 */
const GICS_TAXONOMY_NAME = "GICS as of 2016 (structure of 2016-09-01)";

const GICS_TAXONOMY =
  "GICS structure effective 2016-09-01: the 2016 S&P 500 list's classification for its members; FinanceDatabase's current labels mapped into it for other companies";

/** Why the 2018 sector is missing and where its companies are (the options record says it). */
const COMMUNICATION_SERVICES_NOTE =
  "Communication Services (2018) is not a sector of this structure: its telecoms are in Telecommunication Services, media and entertainment in Consumer Discretionary (Media), interactive media in Information Technology (Internet Software & Services)";

const FIELD_ROWS: FieldRow[] = [
  ["full_ticker", "Ticker", "text", "Company", "Exchange-prefixed ticker, EXCHANGE:SYMBOL (e.g. NYSE:IBM, NASDAQ:AAPL)"],
  ["symbol", "Symbol", "text", "Company", "Symbol on its exchange"],
  ["companyName", "Company", "text", "Company", "Company name"],
  ["exchange", "Exchange", "text", "Company", "Exchange code used in full_ticker"],
  ["country", "Country", "text", "Company", "Country of the company"],
  ["currency", "Currency", "text", "Company", "Trading currency"],
  ["sector", "Sector", "text", "Company", `GICS sector as of the data's date (${GICS_TAXONOMY})`],
  ["industry_group", "Industry group", "text", "Company", `GICS industry group as of the data's date (${GICS_TAXONOMY})`],
  ["industry", "Industry", "text", "Company", `GICS industry as of the data's date (${GICS_TAXONOMY})`],
  ["sub_industry", "Sub-industry", "text", "Company", "GICS sub-industry of 2016, from the 2016 S&P 500 list (members only)"],
  ["current_name", "Name today", "text", "Company", "Today's name, where it differs from the name of the data's date (Facebook is Meta Platforms today)"],
  ["current_symbol", "Symbol today", "text", "Company", "Today's symbol, where it differs from the symbol of the data's date (FB is META today)"],
  ["current_sector", "Sector today", "text", "Company", "Today's sector as its source writes it (GICS 2018 structure: current_classification_source), not a filter"],
  ["current_industry", "Industry today", "text", "Company", "Today's industry as its source writes it (GICS 2018 structure), not a filter"],
  ["current_classification_source", "Source of today's classification", "text", "Company", "Where today's labels come from, with its date: the S&P 500 list or FinanceDatabase, 2026-08"],
  ["isin", "ISIN", "text", "Company", "ISIN where known"],
  ["cik", "SEC CIK", "integer", "Company", "SEC Central Index Key where known"],
  ["listing_status", "Listing status", "text", "Company", "listed, or delisted since the as-of date"],
  ["description", "Business description", "text", "Company", "Business description", "p.description"],
  ["price", "Price", "number", "Market", "Unadjusted close on the last trading day on or before the as-of date, in the trading currency"],
  ["marketCap_usd", "Market cap", "usd", "Market", "As-of price times shares outstanding of the latest fiscal year reporting them (restated for later splits), USD"],
  ["return_1y", "1-year total return", "percent", "Market", "Total return over the year to the as-of date: adjusted close (dividends reinvested, splits adjusted) on the as-of trading day over the adjusted close a year earlier, minus 1"],
  ["dividendYieldTTM", "Dividend yield (TTM)", "percent", "Market", "Dividends per share paid over the trailing twelve months to the as-of date (split-adjusted) divided by the as-of price; 0 when none was paid"],
  ["daily_return_vol_1y_annualized", "Volatility 1y", "percent", "Volatility", "Annualised (× √252) standard deviation of daily adjusted-close returns over the year to the as-of date"],
  ["daily_return_vol_5y_annualized", "Volatility 5y", "percent", "Volatility", "Annualised (× √252) standard deviation of daily adjusted-close returns over the five years to the as-of date"],
  ["high_52w", "52-week high", "number", "Price signals", "Highest close of the last 252 trading days through the as-of date, in the shares of that date (split-adjusted); null with less than a year of prices"],
  ["low_52w", "52-week low", "number", "Price signals", "Lowest close of the last 252 trading days through the as-of date, in the shares of that date (split-adjusted); null with less than a year of prices"],
  ["from_high_52w", "From 52-week high", "percent", "Price signals", "Price over the 52-week high, minus 1 (−0.10: 10% below it; 0 at a new high)"],
  ["from_low_52w", "From 52-week low", "percent", "Price signals", "Price over the 52-week low, minus 1 (0.10: 10% above it)"],
  ["sma_20", "SMA 20", "number", "Price signals", "Simple moving average of the close over the last 20 trading days through the as-of date, dividend- and split-adjusted to that date's price"],
  ["sma_50", "SMA 50", "number", "Price signals", "Simple moving average of the close over the last 50 trading days, adjusted to the as-of date's price"],
  ["sma_200", "SMA 200", "number", "Price signals", "Simple moving average of the close over the last 200 trading days, adjusted to the as-of date's price"],
  ["price_vs_sma_20", "Price vs SMA 20", "percent", "Price signals", "Price over its 20-day average, minus 1 (0.05: 5% above it)"],
  ["price_vs_sma_50", "Price vs SMA 50", "percent", "Price signals", "Price over its 50-day average, minus 1"],
  ["price_vs_sma_200", "Price vs SMA 200", "percent", "Price signals", "Price over its 200-day average, minus 1 (above 0: above the 200-day average)"],
  ["rsi_14", "RSI 14", "number", "Price signals", "Wilder's relative strength index over 14 trading days of adjusted closes, 0-100 (above 70 is commonly read as overbought, below 30 oversold)"],
  ["max_drawdown_1y", "Drawdown 1y", "percent", "Price signals", "Largest fall of the adjusted close from an earlier peak within the last 252 trading days (0.25: a 25% fall)"],
  ["dollar_volume_20d", "Dollar volume 20d", "usd", "Price signals", "Average value traded a day (close × volume, in the trading currency: US dollars for US listings) over the last 20 trading days: liquidity"],
  ["beta_1y", "Beta 1y", "number", "Price signals", "Beta of the daily adjusted-close returns over the year to the as-of date against the benchmark's (the equal-weighted market of every priced company): 1 moves with the market, above 1 more; null with fewer than 200 returns"],
  ["enterpriseValue_usd", "Enterprise value", "usd", "Valuation", "Market cap plus total debt minus cash, both of the latest fiscal year (FY offset 0), USD"],
  ["peRatio", "P/E (latest FY EPS)", "number", "Valuation", "As-of price over earnings per share of the latest fiscal year (FY offset 0, restated to the as-of share basis), not trailing twelve months; null when EPS ≤ 0"],
  ["priceToSales", "P/S (latest FY revenue)", "number", "Valuation", "Market cap over revenue of the latest fiscal year (FY offset 0), not trailing twelve months"],
  ["priceToBook", "P/B (latest FY equity)", "number", "Valuation", "Market cap over total equity at the end of the latest fiscal year (FY offset 0)"],
  ["evToEbitda", "EV/EBITDA (latest FY)", "number", "Valuation", "Enterprise value over EBIT plus depreciation of the latest fiscal year (FY offset 0), not trailing twelve months"],
  ["fiscal_year", "Fiscal year", "integer", "Fundamentals (latest fiscal year)", "Latest fiscal year public on or before the as-of date (its 10-K filed, or 90 days after its end)"],
  ["period_end", "Fiscal year end", "date", "Fundamentals (latest fiscal year)", "End date of that fiscal year"],
  [
    "fundamentals_stale",
    "Stale fundamentals",
    "boolean",
    "Fundamentals (latest fiscal year)",
    `True when the latest fiscal year ended more than ${STALE_AFTER_MONTHS} months before the as-of date (period_end before the as-of date minus ${STALE_AFTER_MONTHS} months): its values and the valuation built on them are old; null without a fiscal year`,
  ],
  [
    "stale_fields",
    "Stale fields",
    "fields",
    "Fundamentals (latest fiscal year)",
    `The loaded fields of this row whose value rests on a stale fiscal year (ended more than ${STALE_AFTER_MONTHS} months before the as-of date): values of the latest fiscal year, market cap, enterprise value, P/E, P/S, P/B and EV/EBITDA; empty when none, null without a fiscal year`,
  ],
  ["revenue", "Revenue", "usd", "Fundamentals (latest fiscal year)", "Total revenue, latest fiscal year"],
  ["grossProfit", "Gross profit", "usd", "Fundamentals (latest fiscal year)", "Gross profit, latest fiscal year"],
  ["operatingIncome", "Operating income", "usd", "Fundamentals (latest fiscal year)", "Operating income, latest fiscal year"],
  ["netIncome", "Net income", "usd", "Fundamentals (latest fiscal year)", "Net income, latest fiscal year"],
  ["ebit", "EBIT", "usd", "Fundamentals (latest fiscal year)", "Earnings before interest and tax, latest fiscal year"],
  ["eps", "EPS", "number", "Fundamentals (latest fiscal year)", "Earnings per share, latest fiscal year, restated to the as-of share basis"],
  ["totalEquity", "Total equity", "usd", "Fundamentals (latest fiscal year)", "Total equity, latest fiscal year"],
  ["totalDebt", "Total debt", "usd", "Fundamentals (latest fiscal year)", "Long-term plus short-term debt, latest fiscal year"],
  ["returnOnInvestedCapital", "ROIC (latest FY)", "percent", "Profitability", "EBIT × (1 − tax rate) over invested capital (total equity + total debt − cash at the fiscal year end), latest fiscal year (FY offset 0)"],
  ["returnOnEquity", "ROE (latest FY)", "percent", "Profitability", "Net income over total equity at the fiscal year end (not average equity), latest fiscal year (FY offset 0)"],
  ["grossMargin", "Gross margin (latest FY)", "percent", "Profitability", "Gross profit over revenue, latest fiscal year (FY offset 0)"],
  ["operatingMargin", "Operating margin (latest FY)", "percent", "Profitability", "Operating income over revenue, latest fiscal year (FY offset 0)"],
  ["netMargin", "Net margin (latest FY)", "percent", "Profitability", "Net income over revenue, latest fiscal year (FY offset 0)"],
  ["debtToEquity", "Debt/equity (latest FY)", "number", "Profitability", "Total debt (long-term plus short-term) over total equity at the fiscal year end, latest fiscal year (FY offset 0)"],
];

const isLongText = (name: string) => name === "description";
const derivedFrom = (name: string) => (STALENESS_FIELDS.includes(name) ? "period_end" : undefined);

export const FIELDS: readonly FieldDef[] = FIELD_ROWS.map(([name, label, unit, category, description, sql]) => ({
  name,
  label,
  unit,
  format: FORMATS[unit],
  category,
  description,
  sql: sql ?? `c."${derivedFrom(name) ?? name}"`,
  profile: sql?.startsWith("p.") ?? false,
  derivedFrom: derivedFrom(name),
  // Long text and values computed after the query are no sort keys; everything else is.
  sortable: !isLongText(name) && !derivedFrom(name),
  longText: isLongText(name),
}));

export const FIELD_BY_NAME: ReadonlyMap<string, FieldDef> = new Map(FIELDS.map((f) => [f.name, f]));

export const SORT_FIELDS: readonly string[] = FIELDS.filter((f) => f.sortable).map((f) => f.name);

/** Output fields of a rows response when the request names none. */
export const DEFAULT_FIELDS: readonly string[] = [
  "full_ticker", "companyName", "country", "sector", "industry", "marketCap_usd", "price", "return_1y", "peRatio", "dividendYieldTTM",
];

export const DEFAULT_SORT = { field: "marketCap_usd", desc: true } as const;

export const PAGE = { default_limit: 100, default_offset: 0, max_limit: 1000 } as const;

export const RESULT_FORMATS = ["rows", "tickers"] as const;

interface FilterBase {
  name: string;
  label: string;
  category: string;
  description: string;
  /** `basic` filters are accepted by both endpoints; `advanced` ones only by the advanced endpoint. */
  mode: "basic" | "advanced";
}

/*
 * Each definition may carry its own operators and limits (the settings of its input type, see
 * filter-settings.ts); what it omits it inherits from `FILTER_TYPE_DEFAULTS`.
 */

export interface RangeFilterDef extends FilterBase, Partial<RangeSettings> {
  input_type: "range";
  /** The output field the range applies to (also gives unit and SQL). */
  field: string;
}

export interface MultiSelectFilterDef extends FilterBase, Partial<MultiSelectSettings> {
  input_type: "multi_select";
  /** Names a list in the options record's `option_values` (lists read from the database). */
  options_source?: string;
  /** Or a fixed list. */
  options?: readonly string[];
  /** Companies flag column per value when values are data sets or indexes rather than a column's values (coverage, index membership). */
  value_columns?: Readonly<Record<string, string>>;
  /** The classification the values follow, where sources of several vintages meet (shown beside the filter). */
  taxonomy?: string;
}

export interface TextFilterDef extends FilterBase, Partial<TextSettings> {
  input_type: "text";
}

export interface MetricRuleGroupDef extends FilterBase, Partial<MetricRuleGroupSettings> {
  input_type: "metric_rule_group";
  /** The fiscal-year metric (fiscal_years column). */
  metric: string;
  unit: Unit;
}

export interface GrowthRuleGroupDef extends FilterBase, Partial<GrowthRuleGroupSettings> {
  input_type: "growth_rule_group";
  /**
   * Growth metric → value type → currency basis → value field: the stem of the temporary column a
   * rule returns (`growthColumnName`).
   */
  value_fields: Record<string, Partial<Record<GrowthValueType, Partial<Record<CurrencyBasis, string>>>>>;
}

export interface MemberRuleGroupDef extends FilterBase, Partial<MemberRuleGroupSettings> {
  input_type: "volatility_rule_group" | "composite_rule_group";
  /** Output fields the rules may name. */
  members: readonly string[];
}

export interface FieldCompareDef extends FilterBase, Partial<FieldCompareSettings> {
  input_type: "field_compare";
  /** Output fields `left_field` and `right_field` may name. */
  members: readonly string[];
}

export type FilterDef =
  | RangeFilterDef
  | MultiSelectFilterDef
  | TextFilterDef
  | MetricRuleGroupDef
  | GrowthRuleGroupDef
  | MemberRuleGroupDef
  | FieldCompareDef;

/** The definitions of input type `T` (a member group definition is of either of its types). */
export type FilterDefOf<T extends FilterDef["input_type"]> = FilterDef & { input_type: T };

const range = (field: string, category: string, label?: string): RangeFilterDef => {
  const def = FIELD_BY_NAME.get(field)!;
  return {
    name: field,
    label: label ?? def.label,
    category,
    description: def.description,
    mode: "basic",
    input_type: "range",
    field,
  };
};

const multiSelect = (name: string, label: string, description: string, source: Partial<MultiSelectFilterDef>): MultiSelectFilterDef => ({
  name,
  label,
  category: "Company",
  description,
  mode: "basic",
  input_type: "multi_select",
  ...source,
});

const metricGroup = (metric: string, label: string, basis: string): MetricRuleGroupDef => ({
  name: metric,
  label,
  category: "Fundamentals",
  description: `${label} per fiscal year (${basis}): rules on the fiscal year at an offset (0 = latest), a trailing average of fiscal years, or TTM`,
  mode: "advanced",
  input_type: "metric_rule_group",
  metric,
  unit: FIELD_BY_NAME.get(metric)!.unit,
});

const GROWTH_METRICS = ["revenue", "grossProfit", "operatingIncome", "netIncome", "eps"] as const;

/** The temporary column a growth rule returns: its value field and horizon, e.g. `revenueCagr_3y`. */
export const growthColumnName = (valueField: string, horizonYears: number) => `${valueField}_${horizonYears}y`;

/** The data sets a company can be covered by (`coverage` filter values). */
const COVERAGE_COLUMNS: Readonly<Record<string, string>> = {
  profile: "has_profile",
  prices: "has_prices",
  fundamentals: "has_fundamentals",
  filings: "has_filings",
};

/**
 * The indexes a company can be in (`index_membership` filter values): each a column of the screen's
 * source, computed for its date (lib/screener/screen-source.ts).
 */
const INDEX_COLUMNS: Readonly<Record<string, string>> = { sp500: "in_sp500" };

export const FILTERS: readonly FilterDef[] = [
  multiSelect("country", "Country", "Country of the company", { options_source: "countries" }),
  multiSelect("sector", "Sector", `GICS sector (${GICS_TAXONOMY}). ${COMMUNICATION_SERVICES_NOTE}`, { options_source: "sectors", taxonomy: GICS_TAXONOMY_NAME }),
  multiSelect("industry_group", "Industry group", `GICS industry group (${GICS_TAXONOMY})`, { options_source: "industry_groups", taxonomy: GICS_TAXONOMY_NAME }),
  multiSelect("industry", "Industry", `GICS industry (${GICS_TAXONOMY})`, { options_source: "industries", taxonomy: GICS_TAXONOMY_NAME }),
  multiSelect("currency", "Currency", "Trading currency", { options_source: "currencies" }),
  multiSelect("exchange", "Exchange", "Exchange (the prefix of full_ticker)", { options_source: "exchanges" }),
  multiSelect("listing_status", "Listing status", "listed, or delisted since the as-of date", { options: ["listed", "delisted"] }),
  multiSelect(
    "coverage",
    "Data coverage",
    "Data sets that cover the company as of the as-of date (prices: a price history that began by then). include: covered by every selected data set; exclude: covered by none of them",
    { options: Object.keys(COVERAGE_COLUMNS), value_columns: COVERAGE_COLUMNS },
  ),
  multiSelect(
    "index_membership",
    "Index membership",
    "Indexes the company is in on the as-of date (sp500: the S&P 500 that day, from its membership history; not today's list). include: in every selected index; exclude: in none of them",
    { options: Object.keys(INDEX_COLUMNS), value_columns: INDEX_COLUMNS },
  ),
  {
    name: "description_keywords",
    label: "Business description keywords",
    category: "Company",
    description:
      'Full-text search of company names and business descriptions: every term must match; "quoted phrases" and prefix* terms are supported; any other character is plain text',
    mode: "basic",
    input_type: "text",
  },
  range("marketCap_usd", "Market"),
  range("price", "Market"),
  range("return_1y", "Market"),
  range("dividendYieldTTM", "Market"),
  range("daily_return_vol_1y_annualized", "Volatility"),
  range("daily_return_vol_5y_annualized", "Volatility"),
  range("from_high_52w", "Price signals"),
  range("price_vs_sma_50", "Price signals"),
  range("price_vs_sma_200", "Price signals"),
  range("rsi_14", "Price signals"),
  range("max_drawdown_1y", "Price signals"),
  range("dollar_volume_20d", "Price signals"),
  range("beta_1y", "Price signals"),
  range("peRatio", "Valuation"),
  range("priceToSales", "Valuation"),
  range("priceToBook", "Valuation"),
  range("evToEbitda", "Valuation"),
  range("enterpriseValue_usd", "Valuation"),
  range("netIncome", "Fundamentals", "Net income (latest fiscal year)"),
  metricGroup("returnOnInvestedCapital", "Return on invested capital", "EBIT × (1 − tax rate) over that year-end's equity + debt − cash"),
  metricGroup("returnOnEquity", "Return on equity", "net income over that year-end's total equity"),
  metricGroup("grossMargin", "Gross margin", "gross profit over revenue"),
  metricGroup("operatingMargin", "Operating margin", "operating income over revenue"),
  metricGroup("netMargin", "Net margin", "net income over revenue"),
  metricGroup("debtToEquity", "Debt to equity", "total debt over total equity, both at that year-end"),
  {
    name: "incomeStatementGrowth",
    label: "Income statement growth",
    category: "Fundamentals",
    description:
      "Growth of income-statement metrics from fiscal-year offset h to offset 0, as CAGR (decimal annualised rate) or multiple (v0 / vh); both need positive values at both ends. " +
      `Each value field is the stem of the temporary column a rule returns, <value field>_<horizon_years>y: a 3-year revenue CAGR on the reported basis comes back as ${growthColumnName("revenueCagr", 3)}`,
    mode: "advanced",
    input_type: "growth_rule_group",
    value_fields: Object.fromEntries(
      GROWTH_METRICS.map((m) => [
        m,
        {
          cagr: { reported: `${m}Cagr`, usd: `${m}CagrUsd` },
          multiple: { reported: `${m}Multiple`, usd: `${m}MultipleUsd` },
        },
      ]),
    ),
  },
  {
    name: "volatility",
    label: "Volatility rules",
    category: "Volatility",
    description: "Range rules on each volatility measure and comparisons between them",
    mode: "advanced",
    input_type: "volatility_rule_group",
    members: ["daily_return_vol_1y_annualized", "daily_return_vol_5y_annualized"],
  },
  {
    name: "volatility_compare",
    label: "Volatility comparison (legacy)",
    category: "Volatility",
    description: "Legacy simple form comparing two volatility fields; prefer the volatility rule group",
    mode: "advanced",
    input_type: "field_compare",
    members: ["daily_return_vol_1y_annualized", "daily_return_vol_5y_annualized"],
  },
  {
    name: "margins",
    label: "Margins",
    category: "Fundamentals",
    description: "Range rules on each margin of the latest fiscal year and comparisons between them",
    mode: "advanced",
    input_type: "composite_rule_group",
    members: ["grossMargin", "operatingMargin", "netMargin"],
  },
  {
    name: "returns_on_capital",
    label: "Returns on capital",
    category: "Fundamentals",
    description: "Range rules on ROIC and ROE of the latest fiscal year and comparisons between them",
    mode: "advanced",
    input_type: "composite_rule_group",
    members: ["returnOnInvestedCapital", "returnOnEquity"],
  },
];

export const FILTER_BY_NAME: ReadonlyMap<string, FilterDef> = new Map(FILTERS.map((f) => [f.name, f]));

export const BASIC_FILTERS: readonly string[] = FILTERS.filter((f) => f.mode === "basic").map((f) => f.name);
export const ADVANCED_FILTERS: readonly string[] = FILTERS.map((f) => f.name);
