/**
 * The fixed suite of realistic screens `npm run bench:screener` measures: every filter input type
 * at least once, and the heaviest advanced combination.
 */
export interface BenchScreen {
  name: string;
  mode: "basic" | "advanced";
  body: Record<string, unknown>;
}

const avg3 = { kind: "average", years: 3, anchor: { scope: "fy", offset: 0 } };

export const BENCH_SCREENS: BenchScreen[] = [
  { name: "default universe, market cap desc", mode: "basic", body: {} },
  {
    name: "US technology, sort by 1y return",
    mode: "basic",
    body: { filters: { country: { values: ["United States"] }, sector: { values: ["Information Technology"] } }, sort: { field: "return_1y", desc: true } },
  },
  {
    name: "Europe ex-UK, banks, by name",
    mode: "basic",
    body: {
      filters: { country: { values: ["Germany", "France", "Italy", "Spain", "Netherlands"] }, industry: { values: ["Banks"] } },
      sort: { field: "companyName", desc: false },
    },
  },
  {
    name: "large caps with dividends and low volatility",
    mode: "basic",
    body: {
      filters: { marketCap_usd: { min: 20e9 }, dividendYieldTTM: { min: 0.025 }, daily_return_vol_1y_annualized: { max: 0.25 } },
      fields: ["full_ticker", "companyName", "marketCap_usd", "dividendYieldTTM", "daily_return_vol_1y_annualized"],
    },
  },
  {
    name: "cheap valuation, tickers",
    mode: "basic",
    body: { filters: { peRatio: { min: 0, max: 15 }, priceToBook: { max: 2 }, evToEbitda: { max: 10 } }, result_format: "tickers", page: { limit: 1000 } },
  },
  {
    name: "description keywords, excluding the US",
    mode: "basic",
    body: { filters: { description_keywords: { fts: 'cloud software "subscription"' }, country: { operator: "exclude", values: ["United States"] } } },
  },
  {
    name: "coverage and deep page",
    mode: "basic",
    body: { filters: { coverage: { values: ["profile"] }, exchange: { values: ["TSE", "HKEX", "LSE"] } }, page: { limit: 100, offset: 2000 } },
  },
  {
    name: "quality compounders: 3y avg ROIC and 3y revenue CAGR",
    mode: "advanced",
    body: {
      filters: {
        returnOnInvestedCapital: { rules: [{ kind: "range", operand: avg3, min: 0.15 }] },
        incomeStatementGrowth: { rules: [{ metric: "revenue", horizon_years: 3, value_type: "cagr", currency_basis: "reported", min: 0.08 }] },
      },
    },
  },
  {
    name: "improving margins with skip_missing",
    mode: "advanced",
    body: {
      filters: {
        operatingMargin: {
          missing_policy: "skip_missing",
          rules: [{ kind: "compare", left: { kind: "fy", offset: 0 }, operator: "gt", right: avg3 }],
        },
        margins: { rules: [{ kind: "range", field: "grossMargin", min: 0.3 }] },
      },
    },
  },
  {
    name: "calmer than usual (volatility rules + legacy compare)",
    mode: "advanced",
    body: {
      filters: {
        volatility: { rules: [{ kind: "range", field: "daily_return_vol_5y_annualized", max: 0.3 }] },
        volatility_compare: { left_field: "daily_return_vol_1y_annualized", operator: "lt", right_field: "daily_return_vol_5y_annualized" },
      },
      sort: { field: "daily_return_vol_1y_annualized", desc: false },
    },
  },
  {
    name: "heaviest: every advanced group plus basic filters",
    mode: "advanced",
    body: {
      filters: {
        country: { values: ["United States"] },
        marketCap_usd: { min: 5e9 },
        returnOnInvestedCapital: {
          rules: [
            { kind: "range", operand: avg3, min: 0.08 },
            { kind: "compare", left: { kind: "fy", offset: 0 }, operator: "gte", right: { kind: "fy", offset: 2 } },
          ],
        },
        returnOnEquity: { rules: [{ kind: "range", operand: { kind: "fy", offset: 0 }, min: 0.1 }] },
        debtToEquity: { missing_policy: "skip_missing", rules: [{ kind: "range", operand: avg3, max: 2 }] },
        incomeStatementGrowth: {
          rules: [
            { metric: "revenue", horizon_years: 3, value_type: "cagr", currency_basis: "usd", min: 0.02 },
            { metric: "netIncome", horizon_years: 2, value_type: "multiple", currency_basis: "reported", min: 1 },
            { metric: "eps", horizon_years: 1, value_type: "cagr", currency_basis: "reported", min: 0 },
          ],
        },
        volatility: {
          rules: [
            { kind: "compare", left_field: "daily_return_vol_1y_annualized", operator: "lte", right_field: "daily_return_vol_5y_annualized" },
          ],
        },
        returns_on_capital: { rules: [{ kind: "compare", left_field: "returnOnEquity", operator: "gt", right_field: "returnOnInvestedCapital" }] },
        description_keywords: { fts: "products" },
      },
      sort: { field: "return_1y", desc: true },
      page: { limit: 1000 },
    },
  },
];
