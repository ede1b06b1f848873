import { BundledFileError } from "./compressed-files";
import type { PriceDay } from "@/lib/market/price-rows";
import { plausibleDays } from "./price-plausibility";

/** The header of the bundled pystock price file (data/SOURCES.md describes the columns). */
export const PYSTOCK_PRICE_HEADER = "symbol,date,close,adj_close,volume,prev_close,prev_adj_close,read_on";
const COLUMN_COUNT = PYSTOCK_PRICE_HEADER.split(",").length;

/**
 * Split ratios (new shares per old share) a detected adjustment snaps to: n-for-1, 1-for-n and the
 * fractional ratios companies use. Adjustments between 0.8 and 1.25 are read as cash dividends, so a
 * small stock dividend (5 %, 10 %) counts as a cash dividend of the same value.
 */
const SPLIT_RATIOS = [
  ...Array.from({ length: 99 }, (_, i) => [i + 2, 1 / (i + 2)]).flat(),
  5 / 4, 4 / 3, 3 / 2, 5 / 3, 5 / 2, 4 / 5, 3 / 4, 2 / 3, 3 / 5, 2 / 5,
];
/** How far a measured ratio may lie from a split ratio: the archives round prices to 2-6 decimals. */
const SPLIT_SNAP = 0.005;

/** What the derivation found in the file (data/SOURCES.md, "pystock prices"), before the implausible days were dropped. */
export interface PystockPriceCounts {
  rows: number;
  /** Days with their archive's reading of the day before: split and dividend known. */
  overlapDays: number;
  /** Days without it (first day, a day read from a later archive, adj_close 0) or with an unexplained adjustment: dividend null. */
  daysWithoutOverlap: number;
  splits: number;
  dividends: number;
  /** A split ratio the unadjusted close did not follow: Yahoo adjusted a day early (no event). */
  earlySplitAdjustments: number;
  /** A dividend found again the next day: Yahoo adjusted a day early (no event on the first day). */
  earlyDividendAdjustments: number;
  /** Adjustments that are neither a split ratio nor a cash dividend (Yahoo errors): dividend null. */
  unexplainedAdjustments: number;
  /** Days no market made, dropped (lib/ingest/price-plausibility.ts): bad prints, the short sides of breaks. */
  spikeDays: number;
  cutDays: number;
  /** Symbols that lost days to either. */
  implausibleSymbols: number;
}

interface Reading {
  close: number;
  adjClose: number;
  /** The text as written: two equal texts make a ratio of exactly 1 (no rounding to allow for). */
  closeText: string;
  adjText: string;
}

function decimalError(text: string): number {
  const dot = text.indexOf(".");
  return dot < 0 ? 0.5 : 0.5 * 10 ** -(text.length - dot - 1);
}

/** adj_close / close of one reading and the relative rounding error of that ratio. */
function adjustmentRatio(reading: Reading): { ratio: number; error: number } {
  const ratio = reading.adjClose / reading.close;
  if (reading.adjText === reading.closeText) return { ratio, error: 0 };
  return { ratio, error: decimalError(reading.adjText) / reading.adjClose + decimalError(reading.closeText) / reading.close + 1e-7 };
}

const snapSplit = (ratio: number) => SPLIT_RATIOS.find((candidate) => Math.abs(ratio / candidate - 1) <= SPLIT_SNAP) ?? null;

type Event = { split: number; dividend: number | null; kind: "none" | "split" | "early split" | "dividend" | "unexplained" };

/**
 * The split and cash dividend whose ex-date is day t, from one archive's readings of t and of the
 * day before (p). Yahoo's `close` is the unadjusted close and `adj_close` the close adjusted for
 * every split and dividend the collection day knew of, so within one archive
 * (adj_p / close_p) / (adj_t / close_t) is the adjustment factor of the events ex-dated in (p, t]:
 * 1 / ratio for a split, 1 - dividend / close_p for a cash dividend.
 */
function eventOn(previous: Reading, day: Reading): Event {
  const p = adjustmentRatio(previous);
  const t = adjustmentRatio(day);
  const factor = p.ratio / t.ratio;
  if (Math.abs(factor - 1) <= p.error + t.error) return { split: 1, dividend: 0, kind: "none" };
  const split = snapSplit(1 / factor);
  if (split !== null) {
    // Yahoo sometimes adjusts the days before a split's ex-date a day early without the day itself
    // (ACUR 2015-08-27, FRO 2016-02-02): the unadjusted close did not move by the ratio, so the
    // split is that of the next day, which finds it again.
    const closeRatio = day.close / previous.close;
    if (Math.abs(Math.log(closeRatio * split)) < Math.abs(Math.log(closeRatio))) return { split, dividend: 0, kind: "split" };
    return { split: 1, dividend: 0, kind: "early split" };
  }
  if (factor < 1 && factor > 0.8) return { split: 1, dividend: previous.close * (1 - factor), kind: "dividend" };
  return { split: 1, dividend: null, kind: "unexplained" };
}

interface Row extends Reading {
  date: string;
  volume: number;
  /** The same archive's reading of the previous row's day, or null when it did not list it. */
  previous: Reading | "same" | null;
}

function parseRow(file: string, cells: string[], line: number): { symbol: string; row: Row } {
  const [symbol, date, closeText, adjText, volume, prevClose, prevAdj] = cells as [string, string, string, string, string, string, string];
  const number = (text: string, column: string, positive: boolean) => {
    const n = text === "" ? NaN : Number(text);
    if (!Number.isFinite(n) || n < 0 || (positive && n === 0)) throw new BundledFileError(file, `row ${line}: ${column} ${JSON.stringify(text)} is not a valid number`);
    return n;
  };
  if (cells.length !== COLUMN_COUNT || !symbol || !/^\d{4}-\d{2}-\d{2}$/.test(date)) {
    throw new BundledFileError(file, `row ${line} is not a valid price row: ${cells.join(",").slice(0, 80)}`);
  }
  const previous =
    prevClose === "-" ? null
    : prevClose === "" ? "same"
    : { close: number(prevClose, "prev_close", true), adjClose: number(prevAdj, "prev_adj_close", false), closeText: prevClose, adjText: prevAdj };
  return {
    symbol,
    row: {
      date,
      close: number(closeText, "close", true),
      adjClose: number(adjText, "adj_close", false),
      closeText,
      adjText,
      volume: number(volume, "volume", false),
      previous,
    },
  };
}

/** One day's event and return (before the early dividends are found). */
interface Derived {
  event: Event;
  /** adj_t / adj_p within one archive, or the unadjusted closes' ratio where that is not known. */
  dayReturn: number;
}

function derive(row: Row, before: Row | undefined): Derived {
  const previous = row.previous === "same" ? before : row.previous;
  if (!before || !previous || previous.adjClose === 0 || row.adjClose === 0) {
    return { event: { split: 1, dividend: null, kind: "none" }, dayReturn: before ? row.close / before.close : 1 };
  }
  const event = eventOn(previous, row);
  return { event, dayReturn: event.kind === "early split" ? row.close / previous.close : row.adjClose / previous.adjClose };
}

/**
 * Yahoo also marks a dividend a day early now and then (CLB 2015-04-22, UFS 2015-06-29): the same
 * amount is then found on two days in a row, and the second, the one the next archive confirms,
 * is its ex-date. The first day had no event; its return is that of the unadjusted closes.
 */
function dropEarlyDividends(rows: Row[], derived: Derived[], counts: PystockPriceCounts) {
  for (let i = 0; i + 1 < derived.length; i++) {
    const first = derived[i]!.event;
    const next = derived[i + 1]!.event;
    if (first.kind !== "dividend" || next.kind !== "dividend") continue;
    if (Math.abs(first.dividend! - next.dividend!) > Math.max(0.0051, 0.01 * next.dividend!)) continue;
    derived[i] = { event: { split: 1, dividend: 0, kind: "none" }, dayReturn: rows[i]!.close / rows[i - 1]!.close };
    counts.earlyDividendAdjustments++;
  }
}

/**
 * One symbol's days: close and volume as its own archive listed them; split and dividend of each
 * day from that archive's overlap with the day before (see `eventOn`; dividend null and split 1
 * where there is none); adjustedClose a total-return series that chains each day's return within
 * one archive (adj_t / adj_p as that archive read them), scaled so that the last day's equals its
 * close. A day without overlap chains the ratio of the unadjusted closes.
 */
function symbolDays(rows: Row[], counts: PystockPriceCounts): PriceDay[] {
  const derived = rows.map((row, i) => derive(row, rows[i - 1]));
  dropEarlyDividends(rows, derived, counts);
  const growth: number[] = [];
  let level = 1;
  const days = rows.map((row, i) => {
    const { event, dayReturn } = derived[i]!;
    if (event.dividend === null) counts.daysWithoutOverlap++;
    else counts.overlapDays++;
    if (event.kind === "split") counts.splits++;
    if (event.kind === "dividend") counts.dividends++;
    if (event.kind === "early split") counts.earlySplitAdjustments++;
    if (event.kind === "unexplained") counts.unexplainedAdjustments++;
    level *= dayReturn;
    growth.push(level);
    return { date: row.date, close: row.close, adjustedClose: 0, volume: row.volume, dividend: event.dividend, split: event.split };
  });
  const last = days.at(-1)!;
  for (let i = 0; i < days.length; i++) days[i]!.adjustedClose = (growth[i]! / level) * last.close;
  return days;
}

/** Parses the bundled pystock price file into per-symbol series sorted by date, with what the derivation found. */
export function parsePystockPricesWithCounts(file: string, csv: string): { series: Map<string, PriceDay[]>; counts: PystockPriceCounts } {
  const lines = csv.split("\n");
  if (lines[0]?.replace(/\r$/, "") !== PYSTOCK_PRICE_HEADER) throw new BundledFileError(file, `unexpected header (want ${PYSTOCK_PRICE_HEADER})`);
  const rowsBySymbol = new Map<string, Row[]>();
  for (let i = 1; i < lines.length; i++) {
    const line = lines[i]!.replace(/\r$/, "");
    if (line === "") continue;
    const { symbol, row } = parseRow(file, line.split(","), i + 1);
    const rows = rowsBySymbol.get(symbol);
    if (!rows) rowsBySymbol.set(symbol, [row]);
    else {
      if (rows.at(-1)!.date >= row.date) throw new BundledFileError(file, `row ${i + 1}: ${symbol} ${row.date} is not after the row before`);
      rows.push(row);
    }
  }
  const counts: PystockPriceCounts = {
    rows: 0, overlapDays: 0, daysWithoutOverlap: 0, splits: 0, dividends: 0, earlySplitAdjustments: 0, earlyDividendAdjustments: 0, unexplainedAdjustments: 0,
    spikeDays: 0, cutDays: 0, implausibleSymbols: 0,
  };
  const series = new Map<string, PriceDay[]>();
  for (const [symbol, rows] of rowsBySymbol) {
    counts.rows += rows.length;
    const { days, spikeDays, cutDays } = plausibleDays(symbolDays(rows, counts));
    counts.spikeDays += spikeDays;
    counts.cutDays += cutDays;
    if (spikeDays + cutDays > 0) counts.implausibleSymbols++;
    series.set(symbol, days);
  }
  return { series, counts };
}

/** Parses the bundled pystock price file (data/pystock/prices.csv.br) into per-symbol series sorted by date. */
export function parsePystockPrices(file: string, csv: string): Map<string, PriceDay[]> {
  return parsePystockPricesWithCounts(file, csv).series;
}
