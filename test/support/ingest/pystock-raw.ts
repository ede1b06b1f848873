/**
 * For the whole-market data tests: the bundled pystock files (data/pystock/, data/SOURCES.md
 * "pystock prices") read with their own small parsing, and the values of docs/METRICS.md as of a
 * date derived from them, independently of the ingest's pystock readers and of lib/market.
 */
import { shiftDays, shiftMonths, shiftYears } from "@/lib/calendar";
import { raw } from "./raw-files";

/** One row of prices.csv as its own archive read it. */
export interface PriceRow {
  date: string;
  close: number;
  adj: number;
  /**
   * The same archive's reading of the symbol's previous row's day: "same" when the file leaves it
   * blank (equal to that row's own reading), null when the archive did not list that day ("-").
   */
  previous: { close: number; adj: number } | "same" | null;
}

function priceRow(line: string): PriceRow {
  const [, date, close, adj, , prevClose, prevAdj] = line.split(",") as [string, string, string, string, string, string, string];
  const previous = prevClose === "-" ? null : prevClose === "" ? "same" : { close: Number(prevClose), adj: Number(prevAdj) };
  return { date, close: Number(close), adj: Number(adj), previous };
}

/** What one pass over the price file keeps. */
export interface PriceFile {
  /** Every symbol's last row on or before `asOf`. */
  lastRows: Map<string, PriceRow>;
  /** Every row of the symbols asked for, by date. */
  rows: Map<string, PriceRow[]>;
}

/** Reads data/pystock/prices.csv.br once (sorted by symbol, then date): the last rows, and the rows of `symbols`. */
export function readPrices(symbols: ReadonlySet<string>, asOf: string): PriceFile {
  const text = raw("pystock/prices.csv.br");
  const lastLines = new Map<string, string>();
  const rows = new Map<string, PriceRow[]>();
  for (let start = text.indexOf("\n") + 1, end = 0; start < text.length; start = end + 1) {
    end = text.indexOf("\n", start) < 0 ? text.length : text.indexOf("\n", start);
    const line = text.slice(start, end);
    const comma = line.indexOf(",");
    if (comma < 0) continue;
    const symbol = line.slice(0, comma);
    if (line.slice(comma + 1, comma + 11) <= asOf) lastLines.set(symbol, line);
    if (!symbols.has(symbol)) continue;
    const list = rows.get(symbol) ?? [];
    list.push(priceRow(line));
    rows.set(symbol, list);
  }
  return { lastRows: new Map([...lastLines].map(([symbol, line]) => [symbol, priceRow(line)])), rows };
}

/** A close in the week up to `date` (docs/METRICS.md: null when the last row is 7 or more days before). */
export const closedInWeekTo = (row: PriceRow | undefined, date: string) => row !== undefined && row.date <= date && row.date > shiftDays(date, -7);

/** Archive t's reading of the row before t (data/SOURCES.md), null where it has none or an adj_close is 0. */
function previousReading(rows: readonly PriceRow[], i: number): { close: number; adj: number } | null {
  const row = rows[i]!;
  const previous = row.previous === "same" ? rows[i - 1] : row.previous;
  return i === 0 || !previous || previous.adj === 0 || row.adj === 0 ? null : previous;
}

/** Split ratios data/SOURCES.md names: n-for-1 and 1-for-n up to 100, 5:4, 4:3, 3:2, 5:3, 5:2 and their inverses. */
const SPLIT_RATIOS = [...Array.from({ length: 99 }, (_, i) => i + 2), 5 / 4, 4 / 3, 3 / 2, 5 / 3, 5 / 2].flatMap((r) => [r, 1 / r]);

/**
 * Archive t's adjustment of row i as a split, by data/SOURCES.md's rule: with f = (adj_p / close_p) /
 * (adj_t / close_t), 1/f within 0.5 % of a split ratio; `followed` when the unadjusted close moved by
 * it (else Yahoo adjusted a day early, and the split is not that day's).
 */
function adjustmentSplit(rows: readonly PriceRow[], i: number): { ratio: number; followed: boolean } | null {
  const row = rows[i]!;
  const previous = previousReading(rows, i);
  if (previous === null) return null;
  const inverse = previous.close / previous.adj / (row.close / row.adj);
  const ratio = SPLIT_RATIOS.find((r) => Math.abs(inverse / r - 1) <= 0.005);
  if (ratio === undefined) return null;
  const moved = row.close / previous.close;
  return { ratio, followed: Math.abs(Math.log(moved * ratio)) < Math.abs(Math.log(moved)) };
}

/** The split ex-dated on row i: new shares per old share, 1 when none. */
function splitOn(rows: readonly PriceRow[], i: number): number {
  const split = adjustmentSplit(rows, i);
  return split?.followed ? split.ratio : 1;
}

/**
 * The day's total return over the row before (data/SOURCES.md): adj_close(t) / adj_close(t - 1) as
 * archive t read them; the ratio of the unadjusted closes where that archive did not read the day
 * before (or an adj_close is 0) and where it adjusted for a split a day early.
 */
function dayReturn(rows: readonly PriceRow[], i: number): number {
  const row = rows[i]!;
  const previous = previousReading(rows, i);
  if (previous === null) return row.close / rows[i - 1]!.close;
  return adjustmentSplit(rows, i)?.followed === false ? row.close / previous.close : row.adj / previous.adj;
}

/** The splits ex-dated in (after, upTo], multiplied (new shares per old share). */
export function splitsBetween(rows: readonly PriceRow[], after: string, upTo: string): number {
  let product = 1;
  for (let i = 0; i < rows.length; i++) if (rows[i]!.date > after && rows[i]!.date <= upTo) product *= splitOn(rows, i);
  return product;
}

/** The index of the last row on or before `date`, -1 when none. */
const lastIndexOnOrBefore = (rows: readonly PriceRow[], date: string) => rows.findLastIndex((row) => row.date <= date);

/** docs/METRICS.md `price` and `return_1y` as of `date`: the last close within the week, the total return since the last close on or before a year earlier. */
export function marketValues(rows: readonly PriceRow[], date: string) {
  const day = lastIndexOnOrBefore(rows, date);
  if (day < 0 || !closedInWeekTo(rows[day], date)) return { price: null, return_1y: null };
  const price = rows[day]!.close;
  const yearAgo = lastIndexOnOrBefore(rows, shiftYears(date, -1));
  if (yearAgo < 0) return { price, return_1y: null };
  let growth = 1;
  for (let i = yearAgo + 1; i <= day; i++) growth *= dayReturn(rows, i);
  return { price, return_1y: growth - 1 };
}

/** The price return (unadjusted closes) over the same window: differs from `return_1y` by the dividends and splits. */
export function priceReturn(rows: readonly PriceRow[], date: string): number {
  return rows[lastIndexOnOrBefore(rows, date)]!.close / rows[lastIndexOnOrBefore(rows, shiftYears(date, -1))]!.close - 1;
}

/** One 10-K or 10-Q row of reports.csv (data/SOURCES.md: `filed` is the first archive that lists it). */
export interface AnnualReport {
  filed: string;
  docType: string;
  symbols: string[];
  endDate: string;
  amend: boolean;
  fiscalYear: number;
  revenue: number | null;
  operatingIncome: number | null;
  netIncome: number | null;
  eps: number | null;
  equity: number | null;
}

const amount = (cell: string) => (cell === "" ? null : Number(cell));

/** Every 10-K and 10-K amendment of reports.csv.br (the 10-Qs left out). */
export const annualReports = (): AnnualReport[] => reports().filter((r) => r.docType === "10-K");

/** Every row of reports.csv.br by symbol (a row for several share classes under each). */
export function reportsBySymbol(): Map<string, AnnualReport[]> {
  const bySymbol = new Map<string, AnnualReport[]>();
  for (const r of reports()) {
    for (const symbol of r.symbols) {
      const list = bySymbol.get(symbol) ?? [];
      list.push(r);
      bySymbol.set(symbol, list);
    }
  }
  return bySymbol;
}

/** Every row of reports.csv.br, 10-Ks and 10-Qs. */
export function reports(): AnnualReport[] {
  const [header, ...lines] = raw("pystock/reports.csv.br").split("\n");
  const column = Object.fromEntries(header!.split(",").map((name, i) => [name, i]));
  return lines
    .map((line) => line.split(","))
    .filter((cells) => cells.length > 1)
    .map((cells) => {
      const cell = (name: string) => cells[column[name]!]!;
      const endYear = Number(cell("end_date").slice(0, 4));
      const fiscalYear = Number(cell("fiscal_year"));
      return {
        filed: cell("filed"),
        docType: cell("doc_type"),
        symbols: cell("symbol").split("/"),
        endDate: cell("end_date"),
        amend: cell("amend") === "True",
        // The crawler writes impossible years now and then (1215): the year of the period end stands in.
        fiscalYear: Math.abs(fiscalYear - endYear) <= 1 ? fiscalYear : endYear,
        revenue: amount(cell("revenues")),
        operatingIncome: amount(cell("op_income")),
        netIncome: amount(cell("net_income")),
        eps: amount(cell("eps_basic")),
        equity: amount(cell("equity")),
      };
    });
}

/** A fiscal year as known on a date: its 10-K with the amendments filed by then laid over it. */
export interface KnownYear {
  fiscalYear: number;
  periodEnd: string;
  /** The 10-K's filed date. */
  publicDate: string;
  /** The last filing laid over it: per-share values are on the share basis of that day. */
  basisDate: string;
  amended: boolean;
  revenue: number | null;
  operatingIncome: number | null;
  netIncome: number | null;
  eps: number | null;
}

/**
 * The fiscal years of `symbol`'s 10-Ks filed on or before `date`, latest period end (the year in
 * force) first: the latest 10-K, unless an amendment of an older year was filed after it. A year is
 * its period end's first 10-K (the archives lack a few originals of the amendments they list), with
 * the later filings of that period end laid over it (their values where they give one).
 */
export function knownYears(reports: readonly AnnualReport[], symbol: string, date: string): KnownYear[] {
  const byEnd = new Map<string, KnownYear>();
  const filed = reports.filter((r) => r.symbols.includes(symbol) && r.filed <= date).sort((a, b) => a.filed.localeCompare(b.filed));
  for (const report of filed) {
    const year = byEnd.get(report.endDate);
    if (year === undefined) {
      const { fiscalYear, endDate, filed, revenue, operatingIncome, netIncome, eps } = report;
      byEnd.set(endDate, { fiscalYear, periodEnd: endDate, publicDate: filed, basisDate: filed, amended: false, revenue, operatingIncome, netIncome, eps });
      continue;
    }
    for (const key of ["revenue", "operatingIncome", "netIncome", "eps"] as const) year[key] = report[key] ?? year[key];
    Object.assign(year, { basisDate: report.filed, amended: year.amended || report.amend });
  }
  return [...byEnd.values()].sort((a, b) => b.periodEnd.localeCompare(a.periodEnd));
}

/** The share count net income over basic EPS gives within 1 % (|EPS| at least $0.50, both of one sign), else null. */
export const sharesOf = (year: Pick<KnownYear, "netIncome" | "eps">) =>
  year.netIncome === null || year.eps === null || Math.abs(year.eps) < 0.5 || Math.sign(year.netIncome) !== Math.sign(year.eps) ? null : year.netIncome / year.eps;

/** docs/METRICS.md values as of `date` of a company priced and reported under `symbol` in the pystock files. */
export function valuesAsOf(rows: readonly PriceRow[], reports: readonly AnnualReport[], symbol: string, date: string) {
  const { price, return_1y } = marketValues(rows, date);
  const years = knownYears(reports, symbol, date);
  const fy0 = years[0];
  if (fy0 === undefined) return { price, return_1y, fiscal_year: null, period_end: null, revenue: null, netIncome: null, eps: null, marketCap_usd: null, peRatio: null };
  // Shares: those of the latest fiscal year that gives them, on the share basis of `date`.
  const withShares = years.find((y) => sharesOf(y) !== null);
  const shares = withShares ? sharesOf(withShares)! * splitsBetween(rows, withShares.basisDate, date) : null;
  const eps = fy0.eps === null ? null : fy0.eps / splitsBetween(rows, fy0.basisDate, date);
  return {
    price,
    return_1y,
    fiscal_year: fy0.fiscalYear,
    period_end: fy0.periodEnd,
    revenue: plausible(fy0),
    netIncome: fy0.netIncome,
    eps,
    marketCap_usd: price !== null && shares !== null ? price * shares : null,
    peRatio: price !== null && eps !== null && eps > 0 ? price / eps : null,
  };
}

/** The trailing-twelve-month values docs/METRICS.md "Trailing twelve months" defines. */
export interface Trailing {
  revenue: number | null;
  netIncome: number | null;
  netMargin: number | null;
  returnOnEquity: number | null;
}

/** The revenue METRICS keeps: not below zero or the operating income, nor, without one, below the net income. */
const plausible = (r: Pick<AnnualReport, "revenue" | "operatingIncome" | "netIncome">) => {
  if (r.revenue === null || r.revenue < 0) return null;
  const floor = r.operatingIncome ?? r.netIncome;
  return floor !== null && floor > r.revenue ? null : r.revenue;
};
const daysApart = (a: string, b: string) => Math.abs(Date.parse(a) - Date.parse(b)) / 86_400_000;

/**
 * The TTM as of `date` of a symbol whose report rows are `symbolRows`, re-derived from its definition: at a 10-K, the 10-K; at a 10-Q, the
 * last 10-K plus each quarter (10-Q) filed since, a quarter after the one before (50 to 130 days),
 * minus each one's counterpart of the year before (the 10-Q ending 330 to 400 days before it). Each
 * period's filings are laid over one another, later values first. Null where a part is missing or
 * the period ended more than 15 months before `date`.
 */
export function trailingAsOf(symbolRows: readonly AnnualReport[], date: string): Trailing | null {
  const periods = new Map<string, AnnualReport>();
  for (const r of symbolRows.filter((r) => r.filed <= date).sort((a, b) => a.filed.localeCompare(b.filed))) {
    const before = periods.get(`${r.docType} ${r.endDate}`);
    const over = (field: "revenue" | "operatingIncome" | "netIncome" | "equity") => r[field] ?? before?.[field] ?? null;
    periods.set(`${r.docType} ${r.endDate}`, { ...r, revenue: over("revenue"), operatingIncome: over("operatingIncome"), netIncome: over("netIncome"), equity: over("equity") });
  }
  const all = [...periods.values()].sort((a, b) => a.endDate.localeCompare(b.endDate) || (a.docType === "10-K" ? 1 : -1));
  const latest = all.at(-1);
  if (latest === undefined || latest.endDate < shiftMonths(date, -15)) return null;
  type Line = "revenue" | "operatingIncome" | "netIncome";
  const line = (r: AnnualReport, field: Line) => (field === "revenue" ? plausible(r) : r[field]);
  const parts = (): { annual: AnnualReport; current: AnnualReport[]; before: AnnualReport[] } | null => {
    const annual = all.filter((p) => p.docType === "10-K" && p.endDate < latest.endDate).at(-1);
    if (!annual || daysApart(annual.endDate, latest.endDate) > 300) return null;
    const current = all.filter((p) => p.docType === "10-Q" && p.endDate > annual.endDate);
    const steps = [annual, ...current];
    if (!steps.every((p, k) => k === 0 || (daysApart(steps[k - 1]!.endDate, p.endDate) >= 50 && daysApart(steps[k - 1]!.endDate, p.endDate) <= 130))) return null;
    const before = current.map((q) => all.find((p) => p.docType === "10-Q" && daysApart(p.endDate, q.endDate) >= 330 && daysApart(p.endDate, q.endDate) <= 400 && p.endDate < q.endDate));
    return before.every((p) => p !== undefined) ? { annual, current, before: before as AnnualReport[] } : null;
  };
  const found = latest.docType === "10-Q" ? parts() : null;
  const ttm = (field: Line) => {
    if (latest.docType === "10-K") return line(latest, field);
    if (!found) return null;
    const values = [line(found.annual, field), ...found.current.map((q) => line(q, field)), ...found.before.map((q) => line(q, field))];
    if (values.includes(null)) return null;
    const sum = (list: readonly AnnualReport[]) => list.reduce((total, q) => total + line(q, field)!, 0);
    return line(found.annual, field)! + sum(found.current) - sum(found.before);
  };
  const netIncome = ttm("netIncome");
  const sum = ttm("revenue");
  const revenue = sum === null ? null : plausible({ revenue: sum, operatingIncome: ttm("operatingIncome"), netIncome });
  const ratio = (a: number | null, b: number | null) => (a === null || b === null || !(b > 0) ? null : a / b);
  return { revenue, netIncome, netMargin: ratio(netIncome, revenue), returnOnEquity: ratio(netIncome, latest.equity) };
}
