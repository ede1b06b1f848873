import { ratio } from "@/lib/market/market-metrics";
/**
 * Fiscal-year fundamentals and the ratios docs/METRICS.md derives from them. Inputs are in the reporting
 * currency (USD for every bundled source); null means the source does not report the value.
 */
/** A fiscal year's values as stored (fiscal_years and fiscal_year_versions). */
export interface FiscalYearValues {
  fiscalYear: number;
  periodEnd: string;
  /** The day the fiscal year became public (docs/METRICS.md, "Public date"): it counts as of this day, never before. */
  publicDate: string;
  source: "kaggle" | "sec" | "pystock";
  currency: string;
  revenue: number | null;
  costOfRevenue: number | null;
  grossProfit: number | null;
  researchAndDevelopment: number | null;
  operatingIncome: number | null;
  ebit: number | null;
  interestExpense: number | null;
  earningsBeforeTax: number | null;
  incomeTax: number | null;
  netIncome: number | null;
  eps: number | null;
  sharesOutstanding: number | null;
  depreciation: number | null;
  totalAssets: number | null;
  totalLiabilities: number | null;
  totalEquity: number | null;
  longTermDebt: number | null;
  shortTermDebt: number | null;
  cash: number | null;
  operatingCashFlow: number | null;
  capitalExpenditures: number | null;
}

/**
 * A fiscal year as a source reports it: its values, and the days whose share basis `eps` and
 * `sharesOutstanding` are on (docs/METRICS.md, "Restatement to the share basis of D"): the period end
 * for Kaggle rows, the filing date of the reporting filing for SEC facts (a later 10-K reports a
 * year's EPS on the share basis after the splits before its own filing).
 */
export interface FiscalYearInputs extends FiscalYearValues {
  epsBasisDate: string;
  sharesBasisDate: string;
}

export interface FiscalYearRatios {
  taxRate: number | null;
  investedCapital: number | null;
  returnOnInvestedCapital: number | null;
  grossMargin: number | null;
  operatingMargin: number | null;
  netMargin: number | null;
  returnOnEquity: number | null;
  debtToEquity: number | null;
}


const sumOrNull = (...values: (number | null)[]) =>
  values.some((v) => v === null) ? null : values.reduce<number>((sum, v) => sum + v!, 0);

/** Total debt: long-term debt plus short-term debt / current portion of long-term debt. */
export function totalDebt(fy: Pick<FiscalYearValues, "longTermDebt" | "shortTermDebt">): number | null {
  return sumOrNull(fy.longTermDebt, fy.shortTermDebt);
}

export function deriveRatios(fy: FiscalYearValues): FiscalYearRatios {
  const taxRate =
    fy.earningsBeforeTax !== null && fy.earningsBeforeTax > 0 && fy.incomeTax !== null
      ? Math.min(1, Math.max(0, fy.incomeTax / fy.earningsBeforeTax))
      : fy.earningsBeforeTax === null
        ? null
        : 0;
  const debt = totalDebt(fy);
  const investedCapital = debt === null || fy.totalEquity === null || fy.cash === null ? null : fy.totalEquity + debt - fy.cash;
  return {
    taxRate,
    investedCapital,
    returnOnInvestedCapital:
      fy.ebit === null || taxRate === null || investedCapital === null || !(investedCapital > 0)
        ? null
        : (fy.ebit * (1 - taxRate)) / investedCapital,
    grossMargin: ratio(fy.grossProfit, fy.revenue),
    operatingMargin: ratio(fy.operatingIncome, fy.revenue),
    netMargin: ratio(fy.netIncome, fy.revenue),
    returnOnEquity: ratio(fy.netIncome, fy.totalEquity),
    debtToEquity: ratio(debt, fy.totalEquity),
  };
}
