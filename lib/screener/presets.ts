import type { Screen } from "./screen-url";

/**
 * Built-in screens that show what the screener can do on the bundled data (each returns companies:
 * presets.db.test.ts runs them). Written in API units: decimals for ratios, raw dollars.
 */
export interface Preset {
  id: string;
  name: string;
  description: string;
  screen: Pick<Screen, "filters"> & Partial<Pick<Screen, "sort" | "fields">>;
}

const avg3 = { kind: "average", years: 3, anchor: { scope: "fy", offset: 0 } } as const;

export const PRESETS: readonly Preset[] = [
  {
    id: "quality-compounders",
    name: "Quality compounders",
    description: "3-year average ROIC ≥ 15% and 3-year revenue CAGR ≥ 10%",
    screen: {
      filters: {
        returnOnInvestedCapital: { missing_policy: "strict", rules: [{ kind: "range", operand: avg3, min: 0.15 }] },
        incomeStatementGrowth: { rules: [{ metric: "revenue", horizon_years: 3, value_type: "cagr", currency_basis: "reported", min: 0.1 }] },
      },
      fields: ["full_ticker", "companyName", "sector", "marketCap_usd", "returnOnInvestedCapital", "grossMargin", "peRatio"],
    },
  },
  {
    id: "calm-dividend-payers",
    name: "Calm dividend payers",
    description: "Dividend yield ≥ 3% and 1-year volatility ≤ 20%",
    screen: {
      filters: {
        dividendYieldTTM: { min: 0.03 },
        volatility: { rules: [{ kind: "range", field: "daily_return_vol_1y_annualized", max: 0.2 }] },
      },
      sort: { field: "dividendYieldTTM", desc: true },
      fields: ["full_ticker", "companyName", "sector", "marketCap_usd", "dividendYieldTTM", "daily_return_vol_1y_annualized", "peRatio"],
    },
  },
  {
    id: "cheap-large-caps",
    name: "Cheap large caps",
    description: "Market cap ≥ $10B and P/E (latest fiscal-year EPS) between 0 and 15",
    screen: {
      filters: { marketCap_usd: { min: 10_000_000_000 }, peRatio: { min: 0, max: 15 } },
      sort: { field: "peRatio", desc: false },
      fields: ["full_ticker", "companyName", "sector", "marketCap_usd", "peRatio", "priceToBook", "dividendYieldTTM"],
    },
  },
  {
    id: "calming-momentum",
    name: "Momentum, calming down",
    description: "1-year total return ≥ 20% with 1-year volatility below 5-year volatility",
    screen: {
      filters: {
        return_1y: { min: 0.2 },
        volatility: {
          rules: [{ kind: "compare", left_field: "daily_return_vol_1y_annualized", operator: "lt", right_field: "daily_return_vol_5y_annualized" }],
        },
      },
      sort: { field: "return_1y", desc: true },
      fields: ["full_ticker", "companyName", "sector", "return_1y", "daily_return_vol_1y_annualized", "daily_return_vol_5y_annualized"],
    },
  },
  {
    id: "expanding-margins",
    name: "Expanding margins",
    description: "Operating margin above its prior 3-year average, gross margin ≥ 40%",
    screen: {
      filters: {
        operatingMargin: {
          missing_policy: "strict",
          rules: [{ kind: "compare", left: { kind: "fy", offset: 0 }, operator: "gt", right: { kind: "average", years: 3, anchor: { scope: "fy", offset: 1 } } }],
        },
        margins: { rules: [{ kind: "range", field: "grossMargin", min: 0.4 }] },
      },
      fields: ["full_ticker", "companyName", "sector", "marketCap_usd", "grossMargin", "operatingMargin"],
    },
  },
  {
    id: "semiconductors-worldwide",
    name: "Semiconductor businesses worldwide",
    description: "Business descriptions mentioning semiconductor*, across every country",
    screen: {
      filters: { description_keywords: { fts: "semiconductor*" } },
      fields: ["full_ticker", "companyName", "country", "exchange", "industry", "marketCap_usd"],
    },
  },
];
