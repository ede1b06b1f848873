/**
 * For the data tests: the bundled raw files read with their own parsing and docs/METRICS.md applied word
 * for word, independently of the ingest's code, plus read access to the built database.
 */
import { readFileSync } from "node:fs";
import { brotliDecompressSync } from "node:zlib";
import Database from "better-sqlite3";
import { parse } from "csv-parse/sync";
import { expect } from "vitest";
import { env } from "@/lib/env";

/** The as-of date D (written out here, not read from the product). */
export const D = "2017-03-31";

export const raw = (file: string) => brotliDecompressSync(readFileSync(`${env().DATA_DIR}/${file}`)).toString("utf8");
export const rawCsv = (file: string) => parse(raw(file), { columns: true }) as Record<string, string>[];

let loaded: { db: Database.Database; priceLines: Map<string, string[]>; fundamentals: Record<string, string>[] } | undefined;

function sources() {
  if (!loaded) {
    const priceLines = new Map<string, string[]>();
    for (const line of raw("prices/daily-2011-2021.csv.br").split("\n").slice(1)) {
      const ticker = line.slice(0, line.indexOf(","));
      if (!ticker) continue;
      if (!priceLines.has(ticker)) priceLines.set(ticker, []);
      priceLines.get(ticker)!.push(line);
    }
    loaded = {
      db: new Database(env().DATABASE_PATH, { readonly: true }),
      priceLines,
      fundamentals: rawCsv("kaggle/fundamentals.csv.br"),
    };
  }
  return loaded;
}

export const builtDb = () => sources().db;
/** Every ticker of the raw price file. */
export const priceTickers = () => [...sources().priceLines.keys()];

type Row = Record<string, number | string | null>;

/** The S&P 500 company a symbol (current or former) names. */
export const company = (symbol: string) =>
  builtDb().prepare("SELECT c.* FROM companies c JOIN company_symbols s ON s.company_id = c.id WHERE s.symbol = ? AND c.in_sp500 = 1").get(symbol) as Row;
export const fiscal = (id: number, offset: number) =>
  builtDb().prepare("SELECT * FROM fiscal_years WHERE company_id = ? AND fy_offset = ?").get(id, offset) as Row | undefined;

export interface Day {
  date: string;
  close: number;
  adj: number;
  volume: number;
  dividend: number;
  split: number;
}

export function days(ticker: string): Day[] {
  return (sources().priceLines.get(ticker) ?? [])
    .map((line) => {
      const [, date, close, adj, volume, dividend, split] = line.split(",");
      return { date: date!, close: Number(close), adj: Number(adj), volume: Number(volume), dividend: Number(dividend), split: Number(split) };
    })
    .sort((a, b) => a.date.localeCompare(b.date));
}

function stdev(values: number[]) {
  const mean = values.reduce((a, b) => a + b, 0) / values.length;
  return Math.sqrt(values.reduce((a, b) => a + (b - mean) ** 2, 0) / (values.length - 1));
}

/** The same calendar date `years` years earlier. */
const yearsBefore = (date: string, years: number) => `${Number(date.slice(0, 4)) - years}${date.slice(4)}`;

/** docs/METRICS.md market metrics as of `asOf` (D by default), computed the plain way (null rules included). */
export function marketMetrics(ticker: string, asOf = D) {
  const oneYearBefore = yearsBefore(asOf, 1);
  const fiveYearsBefore = yearsBefore(asOf, 5);
  const weekBefore = daysAfter(asOf, -7);
  const upToD = days(ticker).filter((d) => d.date <= asOf);
  const last = upToD.at(-1);
  const yearAgo = upToD.filter((d) => d.date <= oneYearBefore).at(-1);
  const returnsAfter = (from: string) => {
    const out: number[] = [];
    for (let i = 1; i < upToD.length; i++) if (upToD[i]!.date > from) out.push(upToD[i]!.adj / upToD[i - 1]!.adj - 1);
    return out;
  };
  const returns1y = returnsAfter(oneYearBefore);
  const returns5y = returnsAfter(fiveYearsBefore);
  const splitsAfter = (date: string) => upToD.filter((d) => d.date > date).reduce((p, d) => p * d.split, 1);
  // docs/METRICS.md: a distribution above a tenth of the previous close is special (a spin-off), not in the yield.
  const dividends = upToD
    .filter((d, i) => d.date > oneYearBefore && d.dividend !== 0 && !(i > 0 && d.dividend > 0.1 * upToD[i - 1]!.close))
    .reduce((sum, d) => sum + d.dividend / splitsAfter(d.date), 0);
  const price = last && last.date > weekBefore ? last.close : null;
  return {
    price,
    return_1y: price !== null && yearAgo ? last!.adj / yearAgo.adj - 1 : null,
    returns1y: returns1y.length,
    returns5y: returns5y.length,
    vol1y: returns1y.length < 200 ? null : stdev(returns1y) * Math.sqrt(252),
    vol5y: returns5y.length < 1000 ? null : stdev(returns5y) * Math.sqrt(252),
    dividendYield: price === null ? null : dividends / price,
    splitsAfter,
  };
}

/** docs/METRICS.md "Share classes": the primary listing among price tickers, the one that traded the most value (close × volume) over (D − 1 year, D]. */
export function primaryClass(tickers: readonly string[]): string {
  const traded = (ticker: string) => days(ticker).reduce((sum, d) => (d.date > yearsBefore(D, 1) && d.date <= D ? sum + d.close * d.volume : sum), 0);
  return [...tickers].sort((a, b) => traded(b) - traded(a))[0]!;
}

/** The day `days` days after the ISO date `date`. */
function daysAfter(date: string, days: number) {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** docs/METRICS.md public date of a fiscal year without SEC filing dates: its period end + 90 days. */
export const kagglePublicDate = (periodEnd: string) => daysAfter(periodEnd, 90);

/**
 * Kaggle rows of a ticker with docs/METRICS.md fiscal-year labels (a repeated label is the next year),
 * only those public on or before `asOf` (period end + 90 days).
 */
export function fiscalYears(ticker: string, asOf = D) {
  const rows = sources()
    .fundamentals.filter((r) => r["Ticker Symbol"] === ticker)
    .map((row) => {
      const [dd, mm, yy] = row["Period Ending"]!.split("-");
      return { row, periodEnd: `20${yy}-${mm}-${dd}`, year: Number(row["For Year"]) };
    })
    .sort((a, b) => a.periodEnd.localeCompare(b.periodEnd));
  for (let i = 1; i < rows.length; i++) if (rows[i]!.year === rows[i - 1]!.year) rows[i]!.year += 1;
  return rows.map((r) => ({ ...r, publicDate: kagglePublicDate(r.periodEnd) })).filter((r) => r.publicDate <= asOf);
}

interface SecFact {
  start?: string;
  end: string;
  val: number;
  form: string;
  filed: string;
}
type SecFacts = { facts: Record<string, Record<string, { units: Record<string, SecFact[]> }>> };

/** A bundled SEC companyfacts file (`CIK##########`), parsed as is. */
export const secFacts = (cik: string) => JSON.parse(raw(`sec/companyfacts/CIK${cik}.json.br`)) as SecFacts;

/** docs/METRICS.md public date of an SEC fiscal year: the earliest `filed` of an annual-report fact whose period ends on `periodEnd`. */
export function secPublicDate(facts: SecFacts, periodEnd: string): string | undefined {
  const filed = Object.values(facts.facts["us-gaap"] ?? {})
    .flatMap((concept) => Object.values(concept.units).flat())
    .filter((f) => f.end === periodEnd && ["10-K", "10-K/A", "20-F", "20-F/A", "40-F", "40-F/A"].includes(f.form))
    .map((f) => f.filed)
    .sort();
  return filed[0];
}

export type FiscalYear = ReturnType<typeof fiscalYears>[number];

/** A Kaggle cell as a number; the source leaves `Earnings Per Share` and shares blank when it lacks them. */
export const cell = (row: Record<string, string>, column: string) => (row[column] === "" ? null : Number(row[column]));
export const n = (row: Record<string, string>, column: string) => Number(row[column]);

/** `a / b`, null unless both exist and the denominator is positive. */
export const perPositive = (a: number | null, b: number | null) => (a === null || b === null || !(b > 0) ? null : a / b);

export function roic(row: Record<string, string>) {
  const ebt = n(row, "Earnings Before Tax");
  const tax = ebt > 0 ? Math.min(1, Math.max(0, n(row, "Income Tax") / ebt)) : 0;
  const ic =
    n(row, "Total Equity") + n(row, "Long-Term Debt") + n(row, "Short-Term Debt / Current Portion of Long-Term Debt") - n(row, "Cash and Cash Equivalents");
  return ic > 0 ? (n(row, "Earnings Before Interest and Tax") * (1 - tax)) / ic : null;
}

/** `actual` equals `expected` to a relative precision (values are floats of very different scales); null matches null. */
export const closeEnough = (actual: unknown, expected: number | null, relative = 1e-9) =>
  expected === null ? actual === null : typeof actual === "number" && Math.abs(actual - expected) <= relative * Math.abs(expected);

export function expectClose(actual: unknown, expected: number | null, label: string) {
  expect(closeEnough(actual, expected), `${label}: ${String(actual)}, expected ${String(expected)}`).toBe(true);
}
