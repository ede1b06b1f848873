import { z } from "zod";
import { BundledFileError } from "./compressed-files";

/** The columns of pystock-data's reports.csv, in its order. */
export const PYSTOCK_REPORT_COLUMNS = [
  "symbol", "end_date", "amend", "period_focus", "fiscal_year", "doc_type", "revenues", "op_income", "net_income",
  "eps_basic", "eps_diluted", "dividend", "assets", "cur_assets", "cur_liab", "cash", "equity", "cash_flow_op",
  "cash_flow_inv", "cash_flow_fin",
] as const;
const HEADER = ["filed", ...PYSTOCK_REPORT_COLUMNS].join(",");

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
/** A value cell: blank when the crawler found no value. */
const amount = z.string().transform((text, context) => {
  if (text === "") return null;
  const n = Number(text);
  if (!Number.isFinite(n)) {
    context.addIssue({ code: "custom", message: `${JSON.stringify(text)} is not a number` });
    return z.NEVER;
  }
  return n;
});

const ReportCells = z.object({
  filed: isoDate,
  // Share classes filing one report are listed together: "GOOG/GOOGL", "SHP/SHPG".
  symbol: z.string().regex(/^[A-Z][A-Z0-9.-]*(\/[A-Z][A-Z0-9.-]*)*$/, "not a ticker symbol"),
  end_date: isoDate,
  amend: z.enum(["True", "False"]).transform((value) => value === "True"),
  period_focus: z.enum(["Q1", "Q2", "Q3", "FY"]),
  fiscal_year: z.string().regex(/^\d+$/).transform(Number),
  doc_type: z.enum(["10-K", "10-Q"]),
  revenues: amount,
  op_income: amount,
  net_income: amount,
  eps_basic: amount,
  eps_diluted: amount,
  dividend: amount,
  assets: amount,
  cur_assets: amount,
  cur_liab: amount,
  cash: amount,
  equity: amount,
  cash_flow_op: amount,
  cash_flow_inv: amount,
  cash_flow_fin: amount,
});
type ReportCells = z.output<typeof ReportCells>;

/**
 * One 10-K or 10-Q as pystock's crawler read it from SEC EDGAR, with the day it was first listed
 * (`filed`: the archive date, the filing's public date). An amendment is its own row with its own
 * filed date. Amounts are USD as filed; in a 10-Q the cash flows are year to date, as the filing
 * states them (Q2 covers two quarters).
 */
export interface PystockReport {
  filed: string;
  /** As the file writes it: one ticker, or the share classes of one filer joined by "/". */
  symbol: string;
  /** The tickers the report belongs to. */
  symbols: string[];
  endDate: string;
  amended: boolean;
  periodFocus: "Q1" | "Q2" | "Q3" | "FY";
  /** Null where the file writes an impossible year (IPG's 10-Ks say 1215 and 1216, PERF's 29953000). */
  fiscalYear: number | null;
  docType: "10-K" | "10-Q";
  revenues: number | null;
  operatingIncome: number | null;
  netIncome: number | null;
  epsBasic: number | null;
  epsDiluted: number | null;
  dividendPerShare: number | null;
  assets: number | null;
  currentAssets: number | null;
  currentLiabilities: number | null;
  cash: number | null;
  equity: number | null;
  cashFlowOperating: number | null;
  cashFlowInvesting: number | null;
  cashFlowFinancing: number | null;
}

export interface PystockReportCounts {
  rows: number;
  /** Rows whose symbol is not a ticker (the crawler wrote "0" where it found none): left out. */
  rejectedSymbol: number;
  /** Fiscal years more than one year from the period's end: kept with fiscalYear null. */
  impossibleFiscalYear: number;
}

function toReport(cells: ReportCells, counts: PystockReportCounts): PystockReport {
  const endYear = Number(cells.end_date.slice(0, 4));
  const fiscalYearPossible = Math.abs(cells.fiscal_year - endYear) <= 1;
  if (!fiscalYearPossible) counts.impossibleFiscalYear++;
  return {
    filed: cells.filed,
    symbol: cells.symbol,
    symbols: cells.symbol.split("/"),
    endDate: cells.end_date,
    amended: cells.amend,
    periodFocus: cells.period_focus,
    fiscalYear: fiscalYearPossible ? cells.fiscal_year : null,
    docType: cells.doc_type,
    revenues: cells.revenues,
    operatingIncome: cells.op_income,
    netIncome: cells.net_income,
    epsBasic: cells.eps_basic,
    epsDiluted: cells.eps_diluted,
    dividendPerShare: cells.dividend,
    assets: cells.assets,
    currentAssets: cells.cur_assets,
    currentLiabilities: cells.cur_liab,
    cash: cells.cash,
    equity: cells.equity,
    cashFlowOperating: cells.cash_flow_op,
    cashFlowInvesting: cells.cash_flow_inv,
    cashFlowFinancing: cells.cash_flow_fin,
  };
}

/**
 * Parses the bundled report file (data/pystock/reports.csv.br: the columns of reports.csv after
 * `filed`, no quoting). A row that does not parse stops the ingest with its line number; a row
 * without a ticker symbol is left out and counted.
 */
export function parsePystockReports(file: string, csv: string): { reports: PystockReport[]; counts: PystockReportCounts } {
  const lines = csv.split("\n");
  if (lines[0]?.replace(/\r$/, "") !== HEADER) throw new BundledFileError(file, `unexpected header (want ${HEADER})`);
  const names = HEADER.split(",");
  const counts: PystockReportCounts = { rows: 0, rejectedSymbol: 0, impossibleFiscalYear: 0 };
  const reports: PystockReport[] = [];
  for (let i = 1; i < lines.length; i++) {
    const line = lines[i]!.replace(/\r$/, "");
    if (line === "") continue;
    counts.rows++;
    const values = line.split(",");
    if (values.length !== names.length) throw new BundledFileError(file, `line ${i + 1} has ${values.length} cells, not ${names.length}`);
    const parsed = ReportCells.safeParse(Object.fromEntries(names.map((name, j) => [name, values[j]])));
    if (!parsed.success) {
      if (parsed.error.issues.every((issue) => issue.path[0] === "symbol")) {
        counts.rejectedSymbol++;
        continue;
      }
      const issue = parsed.error.issues[0]!;
      throw new BundledFileError(file, `line ${i + 1}: ${String(issue.path[0])}: ${issue.message}`);
    }
    reports.push(toReport(parsed.data, counts));
  }
  return { reports, counts };
}

/**
 * Whether a revenue the crawler read can be the total: not below zero or the operating income, nor,
 * where the report gives no operating income, below the net income. Below them it is a sub-line
 * taken for the total, as banks' reports give one (no operating income; Wells Fargo's net margin
 * came to 113%). With an operating income at or below the revenue, a net income above it can be
 * real: a gain on a sale or a tax benefit (Caesars' 2015, Ligand's 2015). Zero is a real revenue (a
 * company before its first sale).
 */
export const isPlausibleRevenue = (revenue: number, operatingIncome: number | null, netIncome: number | null) =>
  revenue >= 0 && (operatingIncome === null ? netIncome === null || netIncome <= revenue : operatingIncome <= revenue);
