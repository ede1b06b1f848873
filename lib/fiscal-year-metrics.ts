/**
 * The numeric values of a fiscal year: columns of the market database's fiscal_years and
 * fiscal_year_versions (lib/db/schema.ts), and the fiscal-year metrics formulas name
 * (lib/screener/formula-grammar.ts). Pure: the screener page offers them too.
 */
export const FISCAL_YEAR_METRICS = [
  "revenue", "costOfRevenue", "grossProfit", "researchAndDevelopment", "operatingIncome",
  "ebit", "interestExpense", "earningsBeforeTax", "incomeTax", "netIncome", "eps",
  "sharesOutstanding", "depreciation", "totalAssets", "totalLiabilities", "totalEquity",
  "longTermDebt", "shortTermDebt", "cash", "operatingCashFlow", "capitalExpenditures",
  "taxRate", "investedCapital", "returnOnInvestedCapital", "grossMargin", "operatingMargin",
  "netMargin", "returnOnEquity", "debtToEquity",
] as const;
