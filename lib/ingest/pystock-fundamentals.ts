import type { FiscalYearInputs, FiscalYearValues } from "./fiscal-years";
import type { FiscalYearHistory } from "./point-in-time";
import { type PystockReport, isPlausibleRevenue } from "./pystock-reports";

/**
 * Fiscal years from the 10-Ks (and their amendments) of the pystock archives (docs/METRICS.md
 * "Whole-market fundamentals"): each public on the day the archive lists its filing; an amendment
 * is a later version from its own day, its values replacing those it gives. The crawler's XBRL
 * extraction is checked: a revenue below the operating income (or, without one, the net income) is a
 * sub-line taken for the total (left out), and the share count, which the files do not give, is net income over basic EPS only
 * where EPS rounding keeps it within 1%.
 */

/** What the checks left out, counted over every 10-K read. */
export interface PystockFundamentalsCounts {
  /** 10-K rows read (originals and amendments). */
  annualReports: number;
  amendments: number;
  /** Revenue below zero, the operating income, or the net income where no operating income is given: not the total, left out. */
  implausibleRevenue: number;
  /** No share count: basic EPS under $0.50 (rounding moves it more than 1%), missing, or of another sign than net income. */
  uncertainShares: number;
}

/** Net income over basic EPS, when the EPS's rounding to the cent moves it at most 1%. */
export function sharesFromEps(netIncome: number | null, eps: number | null): number | null {
  if (netIncome === null || eps === null || Math.abs(eps) < 0.5 || Math.sign(netIncome) !== Math.sign(eps)) return null;
  return netIncome / eps;
}

const EMPTY: Omit<FiscalYearValues, "fiscalYear" | "periodEnd" | "publicDate" | "source" | "currency"> = {
  revenue: null, costOfRevenue: null, grossProfit: null, researchAndDevelopment: null, operatingIncome: null, ebit: null,
  interestExpense: null, earningsBeforeTax: null, incomeTax: null, netIncome: null, eps: null, sharesOutstanding: null,
  depreciation: null, totalAssets: null, totalLiabilities: null, totalEquity: null, longTermDebt: null, shortTermDebt: null,
  cash: null, operatingCashFlow: null, capitalExpenditures: null,
};

/** A 10-K's values as the product stores them (null where the file gives none or the check refuses it). */
function reportValues(report: PystockReport, counts: PystockFundamentalsCounts): Partial<FiscalYearValues> {
  const implausible = report.revenues !== null && !isPlausibleRevenue(report.revenues, report.operatingIncome, report.netIncome);
  if (implausible) counts.implausibleRevenue++;
  const shares = sharesFromEps(report.netIncome, report.epsBasic);
  if (shares === null) counts.uncertainShares++;
  return {
    revenue: implausible ? null : report.revenues,
    operatingIncome: report.operatingIncome,
    netIncome: report.netIncome,
    eps: report.epsBasic,
    sharesOutstanding: shares,
    totalAssets: report.assets,
    totalEquity: report.equity,
    cash: report.cash,
    operatingCashFlow: report.cashFlowOperating,
  };
}

/** The fiscal year a 10-K reports: the file's, or the year its period ends in where the file's is impossible. */
const fiscalYearOf = (report: PystockReport) => report.fiscalYear ?? Number(report.endDate.slice(0, 4));

/** Filings of one fiscal year, oldest first. */
interface YearFilings {
  fiscalYear: number;
  periodEnd: string;
  filings: { filed: string; values: Partial<FiscalYearValues> }[];
}

/** The fiscal year as known on `date`: its first 10-K with each later amendment's values laid over it. */
function yearAsOf(year: YearFilings, date: string): FiscalYearInputs | null {
  const known = year.filings.filter((f) => f.filed <= date);
  if (known.length === 0) return null;
  const values = { ...EMPTY };
  for (const filing of known) for (const [key, value] of Object.entries(filing.values)) if (value !== null) Object.assign(values, { [key]: value });
  // The share count is that of the net income and EPS shown, not one an earlier filing implied.
  values.sharesOutstanding = sharesFromEps(values.netIncome, values.eps);
  const filed = known.at(-1)!.filed;
  return {
    ...values,
    fiscalYear: year.fiscalYear,
    periodEnd: year.periodEnd,
    publicDate: known[0]!.filed,
    source: "pystock",
    currency: "USD",
    epsBasisDate: filed,
    sharesBasisDate: filed,
  };
}

/**
 * The fiscal years known on `date`, one per label: where the file gives two period ends one label
 * (Lattice's year ended 2016-01-02 labelled 2014 beside its 2015), labels fall by one from the
 * latest period end back, so no year is lost.
 */
function yearsAsOf(filings: readonly YearFilings[], date: string): FiscalYearInputs[] {
  const known = filings.flatMap((year) => yearAsOf(year, date) ?? []).sort((a, b) => (a.periodEnd < b.periodEnd ? 1 : -1));
  let previous = Infinity;
  return known.map((fy) => {
    const fiscalYear = Math.min(fy.fiscalYear, previous - 1);
    previous = fiscalYear;
    return fiscalYear === fy.fiscalYear ? fy : { ...fy, fiscalYear };
  });
}

/** A share count a report implies (net income over basic EPS, within 1%), on the share basis of its filing. */
export interface ShareCount {
  periodEnd: string;
  filed: string;
  shares: number;
}

/** Each symbol's fiscal years as known on any date. A report filed for several share classes ("GOOG/GOOGL") belongs to each. */
export function pystockFiscalYears(reports: readonly PystockReport[]): {
  bySymbol: Map<string, FiscalYearHistory>;
  /** Each symbol's share counts from every 10-K and 10-Q, oldest filing first: a second source for other files' counts. */
  shareCounts: Map<string, ShareCount[]>;
  counts: PystockFundamentalsCounts;
} {
  const counts: PystockFundamentalsCounts = { annualReports: 0, amendments: 0, implausibleRevenue: 0, uncertainShares: 0 };
  const periods = new Map<string, Map<string, YearFilings>>();
  const byFiled = [...reports].sort((a, b) => (a.filed < b.filed ? -1 : a.filed > b.filed ? 1 : 0));
  const shareCounts = new Map<string, ShareCount[]>();
  for (const report of byFiled) {
    const shares = sharesFromEps(report.netIncome, report.epsBasic);
    if (shares === null) continue;
    for (const symbol of report.symbols) shareCounts.set(symbol, [...(shareCounts.get(symbol) ?? []), { periodEnd: report.endDate, filed: report.filed, shares }]);
  }
  for (const report of byFiled.filter((r) => r.docType === "10-K")) {
    counts.annualReports++;
    if (report.amended) counts.amendments++;
    const filing = { filed: report.filed, values: reportValues(report, counts) };
    for (const symbol of report.symbols) {
      const byEnd = periods.get(symbol) ?? new Map<string, YearFilings>();
      periods.set(symbol, byEnd);
      const year = byEnd.get(report.endDate);
      if (year) year.filings.push(filing);
      else byEnd.set(report.endDate, { fiscalYear: fiscalYearOf(report), periodEnd: report.endDate, filings: [filing] });
    }
  }
  const bySymbol = new Map<string, FiscalYearHistory>();
  for (const [symbol, byEnd] of periods) {
    const list = [...byEnd.values()];
    bySymbol.set(symbol, {
      yearsAt: (date) => yearsAsOf(list, date),
      changeDates: [...new Set(list.flatMap((year) => year.filings.map((f) => f.filed)))].sort(),
    });
  }
  return { bySymbol, shareCounts, counts };
}
