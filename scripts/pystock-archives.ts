/**
 * The pure part of `npm run bundle-pystock`: pystock-data's daily archives, in date order, become
 * the three bundled CSV texts (data/SOURCES.md describes them). Values stay as the archives write
 * them; what is left out is counted.
 */
import { PYSTOCK_PRICE_HEADER } from "../lib/ingest/pystock-prices";
import { PYSTOCK_REPORT_COLUMNS } from "../lib/ingest/pystock-reports";

/** The files of one archive (`2016/20160104.tar.gz`: day 2016-01-04); a file may be absent or empty. */
export interface ArchiveFiles {
  day: string;
  prices?: string;
  symbols?: string;
  reports?: string;
}

const PRICE_FILE_HEADER = "symbol,date,open,high,low,close,volume,adj_close";
const REPORT_FILE_HEADER = PYSTOCK_REPORT_COLUMNS.join(",");
const NUMBER = /^\d+(\.\d+)?$/;

/** The lines of a file without CR (the archives mix CRLF and LF) or blank lines. */
const linesOf = (text: string | undefined) => (text ?? "").split("\n").map((line) => line.replace(/\r$/, "")).filter((line) => line !== "");

/** Adds the symbols each date of one prices.csv lists to `into` (the trading days are the dates > 1,000 symbols list). */
export function addListedSymbols(prices: string | undefined, into: Map<string, Set<string>>) {
  for (const line of linesOf(prices)) {
    const [symbol, date] = line.split(",");
    if (line === PRICE_FILE_HEADER || !symbol || !date) continue;
    let symbols = into.get(date);
    if (!symbols) into.set(date, (symbols = new Set()));
    symbols.add(symbol);
  }
}

/** A price row as one archive lists it. */
interface Reading {
  date: string;
  close: string;
  adjClose: string;
  volume: string;
}

/** A bundled price row: a reading of its day, and that archive's reading of the day before. */
interface PriceRow extends Reading {
  readOn: string | null;
  previous: Reading | null;
}

const csvCell = (value: string) => (/[",\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);

export class PystockBundler {
  /** What was left out or noticed, by description (printed by the script). */
  readonly counts = new Map<string, number>();
  readonly archivesWithoutPrices: string[] = [];
  headerlessReports = 0;
  private readonly prices = new Map<string, Map<string, PriceRow>>();
  private readonly names = new Map<string, { name: string; earlier: string[]; firstSeen: string; lastSeen: string }>();
  private readonly reportRows: string[] = [];
  private readonly reportsSeen = new Set<string>();

  constructor(private readonly tradingDays: ReadonlySet<string>) {}

  private count(what: string) {
    this.counts.set(what, (this.counts.get(what) ?? 0) + 1);
  }

  /** Adds the next archive (archives must come in date order). */
  add(archive: ArchiveFiles) {
    this.addPrices(archive.day, archive.prices);
    this.addSymbols(archive.day, archive.symbols);
    this.addReports(archive.day, archive.reports);
  }

  /**
   * The rows of one prices.csv by symbol, keyed by date. A day listed twice with different values
   * (20150406 holds three crawls) keeps the last listing, the latest crawl.
   */
  private readings(text: string | undefined) {
    const bySymbol = new Map<string, Map<string, Reading>>();
    const seen = new Set<string>();
    linesOf(text).forEach((line, i) => {
      if (line === PRICE_FILE_HEADER) {
        if (i > 0) this.count("prices: stray header lines");
        return;
      }
      if (seen.has(line)) return this.count("prices: exact duplicate rows within an archive");
      seen.add(line);
      const [symbol, date, , , , close, volume, adjClose] = line.split(",");
      if (!symbol || !date || close === undefined || volume === undefined || adjClose === undefined) throw new Error(`bad price row ${line}`);
      if (!NUMBER.test(close) || !NUMBER.test(adjClose) || !NUMBER.test(volume) || Number(close) <= 0) {
        return this.count("prices: rows with a close that is zero or not a number");
      }
      if (!this.tradingDays.has(date)) return this.count(`prices: rows dated ${date}, an exchange holiday`);
      let days = bySymbol.get(symbol);
      if (!days) bySymbol.set(symbol, (days = new Map()));
      if (days.has(date)) this.count("prices: rows listed again with other values in the same archive (the last kept)");
      days.set(date, { date, close, adjClose, volume });
    });
    return bySymbol;
  }

  private addPrices(day: string, text: string | undefined) {
    const readings = this.readings(text);
    if (readings.size === 0) this.archivesWithoutPrices.push(day);
    for (const [symbol, days] of readings) {
      let rows = this.prices.get(symbol);
      if (!rows) this.prices.set(symbol, (rows = new Map()));
      const listed = [...days.values()].sort((a, b) => (a.date < b.date ? -1 : 1));
      listed.forEach((reading, i) => {
        const previous = listed[i - 1] ?? null;
        if (reading.date === day) rows.set(reading.date, { ...reading, readOn: null, previous });
        else if (!rows.has(reading.date)) rows.set(reading.date, { ...reading, readOn: day, previous });
        // The day before the archive's own row is kept as that row's previous-day columns.
        else if (listed[i + 1]?.date !== day) this.count("prices: later re-readings of a day already read (not kept)");
      });
    }
  }

  private addSymbols(day: string, text: string | undefined) {
    for (const line of linesOf(text)) {
      const [symbol, listedName = ""] = line.split("\t");
      if (!symbol) continue;
      const known = this.names.get(symbol);
      if (!known) this.names.set(symbol, { name: listedName, earlier: [], firstSeen: day, lastSeen: day });
      else {
        if (known.name !== listedName) {
          known.earlier.push(known.name);
          known.name = listedName;
        }
        known.lastSeen = day;
      }
    }
  }

  private addReports(day: string, text: string | undefined) {
    const lines = linesOf(text);
    if (lines.length > 0 && lines[0] !== REPORT_FILE_HEADER) this.headerlessReports++;
    const seenToday = new Set<string>();
    lines.forEach((line, i) => {
      if (line === REPORT_FILE_HEADER) {
        if (i > 0) this.count("reports: stray header lines");
        return;
      }
      if (seenToday.has(line)) return this.count("reports: exact duplicate rows within an archive");
      seenToday.add(line);
      if (this.reportsSeen.has(line)) return this.count("reports: rows filed again on a later day (the first filing kept)");
      this.reportsSeen.add(line);
      this.reportRows.push(`${day},${line}`);
    });
  }

  /** The previous-day columns: blank when the archive read that day as its own row says, `-` when it did not list it. */
  private previousCells(row: PriceRow, before: PriceRow | undefined): string {
    if (!row.previous || !before || row.previous.date !== before.date) {
      if (row.previous && before) this.count("prices: previous day listed by the archive is not the symbol's previous row (kept as -)");
      return "-,-";
    }
    if (row.previous.close === before.close && row.previous.adjClose === before.adjClose) return ",";
    return `${row.previous.close},${row.previous.adjClose}`;
  }

  pricesCsv(): { text: string; rows: number; readFromLaterArchive: number } {
    const lines = [PYSTOCK_PRICE_HEADER];
    let readFromLaterArchive = 0;
    for (const symbol of [...this.prices.keys()].sort()) {
      const rows = [...this.prices.get(symbol)!.values()].sort((a, b) => (a.date < b.date ? -1 : 1));
      rows.forEach((row, i) => {
        if (row.readOn) readFromLaterArchive++;
        lines.push(`${symbol},${row.date},${row.close},${row.adjClose},${row.volume},${this.previousCells(row, rows[i - 1])},${row.readOn ?? ""}`);
      });
    }
    return { text: lines.join("\n") + "\n", rows: lines.length - 1, readFromLaterArchive };
  }

  reportsCsv(): { text: string; rows: number } {
    return { text: [`filed,${REPORT_FILE_HEADER}`, ...this.reportRows].join("\n") + "\n", rows: this.reportRows.length };
  }

  symbolsCsv(): { text: string; rows: number } {
    const lines = [...this.names.keys()].sort().map((symbol) => {
      const { name, earlier, firstSeen, lastSeen } = this.names.get(symbol)!;
      return [symbol, name, firstSeen, lastSeen, earlier.join(" | ")].map(csvCell).join(",");
    });
    return { text: ["symbol,name,first_seen,last_seen,earlier_names", ...lines].join("\n") + "\n", rows: lines.length };
  }

  get symbolsWithPrices(): number {
    return this.prices.size;
  }
}
