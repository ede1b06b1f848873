import type { FiscalYearInputs } from "./fiscal-years";
import { shiftDays } from "@/lib/calendar";
import { BundledFileError } from "./compressed-files";

/**
 * The file carries no filing dates, so a fiscal year counts as public 90 days after its period
 * end: large accelerated filers file their 10-K within 60 days, so no S&P 500 member's year is
 * used before its publication (docs/METRICS.md, "Public date").
 */
export const KAGGLE_PUBLIC_AFTER_DAYS = 90;

const COLUMNS = {
  revenue: "Total Revenue",
  costOfRevenue: "Cost of Revenue",
  grossProfit: "Gross Profit",
  researchAndDevelopment: "Research and Development",
  operatingIncome: "Operating Income",
  ebit: "Earnings Before Interest and Tax",
  interestExpense: "Interest Expense",
  earningsBeforeTax: "Earnings Before Tax",
  incomeTax: "Income Tax",
  netIncome: "Net Income",
  eps: "Earnings Per Share",
  sharesOutstanding: "Estimated Shares Outstanding",
  depreciation: "Depreciation",
  totalAssets: "Total Assets",
  totalLiabilities: "Total Liabilities",
  totalEquity: "Total Equity",
  longTermDebt: "Long-Term Debt",
  shortTermDebt: "Short-Term Debt / Current Portion of Long-Term Debt",
  cash: "Cash and Cash Equivalents",
  operatingCashFlow: "Net Cash Flow-Operating",
  capitalExpenditures: "Capital Expenditures",
} as const;

export const KAGGLE_REQUIRED_COLUMNS = ["Ticker Symbol", "Period Ending", "For Year", ...Object.values(COLUMNS)];

/** `DD-MM-YY` (this mirror's Period Ending) to ISO `20YY-MM-DD`. */
function isoPeriodEnd(file: string, value: string, row: number): string {
  const m = /^(\d{2})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) throw new BundledFileError(file, `row ${row + 2}: Period Ending ${JSON.stringify(value)} is not DD-MM-YY`);
  return `20${m[3]}-${m[2]}-${m[1]}`;
}

function parseNumber(file: string, value: string | undefined, row: number, column: string): number | null {
  if (value === undefined || value.trim() === "") return null;
  const n = Number(value);
  if (!Number.isFinite(n)) throw new BundledFileError(file, `row ${row + 2}: ${column} ${JSON.stringify(value)} is not a number`);
  return n;
}

/**
 * Fiscal years per ticker from the Kaggle fundamentals. A row's fiscal year is its `For Year`
 * label, except that when two rows of a ticker carry one label, the later period is the next
 * fiscal year (docs/METRICS.md, "Kaggle rows"). `Earnings Per Share` and `Estimated Shares Outstanding` are blank when
 * the source lacks them (it writes them as empty, never as 0).
 */
export function parseKaggleFundamentals(file: string, rows: Record<string, string>[]): Map<string, FiscalYearInputs[]> {
  const byTicker = new Map<string, FiscalYearInputs[]>();
  rows.forEach((row, i) => {
    const ticker = row["Ticker Symbol"]!;
    const label = Number(row["For Year"]);
    if (!ticker || !Number.isInteger(label)) throw new BundledFileError(file, `row ${i + 2}: missing ticker or For Year`);
    const values = Object.fromEntries(
      Object.entries(COLUMNS).map(([key, column]) => [key, parseNumber(file, row[column], i, column)]),
    ) as Record<keyof typeof COLUMNS, number | null>;
    const periodEnd = isoPeriodEnd(file, row["Period Ending"]!, i);
    const fy: FiscalYearInputs = {
      fiscalYear: label,
      periodEnd,
      publicDate: shiftDays(periodEnd, KAGGLE_PUBLIC_AFTER_DAYS),
      source: "kaggle",
      currency: "USD",
      ...values,
      epsBasisDate: periodEnd,
      sharesBasisDate: periodEnd,
    };
    byTicker.set(ticker, [...(byTicker.get(ticker) ?? []), fy]);
  });
  for (const years of byTicker.values()) {
    years.sort((a, b) => a.periodEnd.localeCompare(b.periodEnd));
    for (let i = 1; i < years.length; i++) {
      if (years[i]!.fiscalYear === years[i - 1]!.fiscalYear) years[i]!.fiscalYear += 1;
    }
  }
  return byTicker;
}
