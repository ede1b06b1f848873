import { z } from "zod";
import { BundledFileError } from "./compressed-files";

const HEADER = "ticker,start_date,end_date";
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const IntervalCells = z.object({ ticker: z.string().min(1), start: isoDate, end: z.union([isoDate, z.literal("")]) });

/** One stretch of a ticker in the S&P 500: from `start` (first day in) to `end` (first day out; null: still in). */
export interface MembershipInterval {
  ticker: string;
  start: string;
  end: string | null;
}

/** S&P 500 membership over time (fja05680/sp500 intervals, tickers as of each day: BRK.B, not BRK-B). */
export interface Sp500History {
  intervals: readonly MembershipInterval[];
  /** Each ticker's stretches in the index, oldest first. */
  intervalsOf(ticker: string): readonly MembershipInterval[];
  /** The tickers in the index on `date` (YYYY-MM-DD), sorted. */
  membersOn(date: string): string[];
}

/** Parses data/sp500/ticker-start-end.csv.br (the file's end_date is the first change list without the ticker). */
export function parseSp500History(file: string, csv: string): Sp500History {
  const lines = csv.split("\n").map((line) => line.replace(/\r$/, ""));
  if (lines[0] !== HEADER) throw new BundledFileError(file, `unexpected header (want ${HEADER})`);
  const intervals: MembershipInterval[] = [];
  const byTicker = new Map<string, MembershipInterval[]>();
  for (let i = 1; i < lines.length; i++) {
    if (lines[i] === "") continue;
    const [ticker, start, end, extra] = lines[i]!.split(",");
    const parsed = IntervalCells.safeParse({ ticker, start, end });
    if (!parsed.success || extra !== undefined || (parsed.data.end !== "" && parsed.data.end <= parsed.data.start)) {
      throw new BundledFileError(file, `line ${i + 1} is not a membership interval: ${lines[i]}`);
    }
    const interval = { ticker: parsed.data.ticker, start: parsed.data.start, end: parsed.data.end || null };
    intervals.push(interval);
    const list = byTicker.get(interval.ticker);
    if (list) list.push(interval);
    else byTicker.set(interval.ticker, [interval]);
  }
  for (const list of byTicker.values()) list.sort((a, b) => (a.start < b.start ? -1 : 1));
  return {
    intervals,
    intervalsOf: (ticker) => byTicker.get(ticker) ?? [],
    membersOn: (date) =>
      intervals
        .filter((interval) => interval.start <= date && (interval.end === null || date < interval.end))
        .map((interval) => interval.ticker)
        .sort(),
  };
}
