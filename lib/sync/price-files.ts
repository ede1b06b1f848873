import { createReadStream } from "node:fs";
import path from "node:path";
import { createInterface } from "node:readline";
import { createBrotliDecompress } from "node:zlib";
import type { SyncedPriceDay, SyncedSeries } from "@/lib/ingest/synced-prices";
import { SyncError } from "./sync-error";

/** The layouts `npm run sync -- prices` reads, told apart by the header. */
export type PriceLayout = "stooq" | "yahoo";

const STOOQ_HEADER = "<TICKER>,<PER>,<DATE>,<TIME>,<OPEN>,<HIGH>,<LOW>,<CLOSE>,<VOL>,<OPENINT>";

/** Our tickers write share classes with a dot (BRK.B); Stooq and Yahoo with a dash, Stooq adds `.US`. */
export const normalizeTicker = (ticker: string) => ticker.trim().toUpperCase().replace(/\.US$/, "").replaceAll("-", ".");

/** A Yahoo/yfinance file named for its ticker: `AAPL.csv`, `aapl.us.txt`. */
const tickerFromFileName = (file: string) => normalizeTicker(path.basename(file).replace(/\.(csv|txt)(\.br)?$/i, ""));

function number(cell: string | undefined, where: string, column: string): number {
  const n = cell === undefined || cell.trim() === "" ? NaN : Number(cell);
  if (!Number.isFinite(n)) throw new SyncError(`${where}: ${column} ${JSON.stringify(cell ?? "")} is not a number`);
  return n;
}

/** One ticker's columns in a Yahoo/yfinance file (yfinance puts several tickers side by side). */
interface YahooColumns {
  ticker: string;
  close: number;
  adjustedClose: number;
  volume: number | undefined;
}

/**
 * Yahoo's download (`Date,Open,High,Low,Close,Adj Close,Volume`) and yfinance's `to_csv()`: the
 * first header row names the columns (`Date,...` in old versions, `Price,...` in new ones), a
 * second row names each column's ticker (`,AAPL,...` or `Ticker,AAPL,...`), new versions add a
 * `Date,,,` row. Without a ticker row the file name gives the ticker.
 */
function yahooColumns(names: readonly string[], tickers: readonly string[] | null, file: string): YahooColumns[] {
  const tickerOf = (i: number) => (tickers ? normalizeTicker(tickers[i] ?? "") : tickerFromFileName(file));
  const columns: YahooColumns[] = [];
  names.forEach((name, i) => {
    if (name !== "Close") return;
    const ticker = tickerOf(i);
    const find = (wanted: string) => names.findIndex((n, j) => n === wanted && tickerOf(j) === ticker);
    const adjusted = find("Adj Close");
    const volume = find("Volume");
    columns.push({ ticker, close: i, adjustedClose: adjusted >= 0 ? adjusted : i, volume: volume >= 0 ? volume : undefined });
  });
  return columns;
}

export interface PriceFile {
  layout: PriceLayout;
  series: SyncedSeries[];
  rows: number;
}

/**
 * Reads one daily price file line by line. A row that is not a price row stops the sync with
 * the file and line; Yahoo's `null` rows (no trade that day) are left out.
 */
export async function readPriceFile(file: string): Promise<PriceFile | null> {
  // Brotli-compressed files (`.br`, as the project's fixtures are) are read through a decompressing stream.
  const input = file.endsWith(".br") ? createReadStream(file).pipe(createBrotliDecompress()) : createReadStream(file);
  const lines = createInterface({ input, crlfDelay: Infinity });
  let layout: PriceLayout | null = null;
  let lineNumber = 0;
  let rows = 0;
  const byTicker = new Map<string, SyncedPriceDay[]>();
  const add = (ticker: string, day: SyncedPriceDay) => {
    const days = byTicker.get(ticker);
    if (days) days.push(day);
    else byTicker.set(ticker, [day]);
  };
  let yahooNames: string[] = [];
  let yahoo: YahooColumns[] | null = null;
  for await (const raw of lines) {
    lineNumber++;
    const line = lineNumber === 1 ? raw.replace(/^\uFEFF/, "").trim() : raw.trim();
    const where = `${file}:${lineNumber}`;
    if (lineNumber === 1) {
      if (line.toUpperCase() === STOOQ_HEADER) layout = "stooq";
      else if (/^(Date|Price),/.test(line) && line.split(",").includes("Close")) {
        layout = "yahoo";
        yahooNames = line.split(",");
      } else {
        throw new SyncError(
          `${where}: not a daily price layout this command reads (Stooq "${STOOQ_HEADER}" or Yahoo/yfinance "Date,Open,High,Low,Close,Adj Close,Volume"): ${JSON.stringify(line.slice(0, 80))}`,
        );
      }
      continue;
    }
    if (line === "") continue;
    const cells = line.split(",");
    if (layout === "stooq") {
      if (cells.length !== 10) throw new SyncError(`${where}: ${cells.length} columns, the Stooq layout has 10`);
      const [ticker, period, date] = cells;
      if (period !== "D") throw new SyncError(`${where}: period ${JSON.stringify(period)} is not D (daily)`);
      if (!/^\d{8}$/.test(date!)) throw new SyncError(`${where}: date ${JSON.stringify(date)} is not YYYYMMDD`);
      const close = number(cells[7], where, "<CLOSE>");
      add(normalizeTicker(ticker!), {
        date: `${date!.slice(0, 4)}-${date!.slice(4, 6)}-${date!.slice(6, 8)}`,
        close,
        adjustedClose: close,
        volume: number(cells[8], where, "<VOL>"),
      });
      rows++;
      continue;
    }
    if (yahoo === null) {
      // The ticker row, if any, comes right after the header.
      const tickerRow = cells[0] === "" || cells[0] === "Ticker";
      yahoo = yahooColumns(yahooNames, tickerRow ? cells : null, file);
      if (tickerRow) continue;
    }
    if (cells[0] === "Date" && cells.slice(1).every((c) => c === "")) continue;
    const date = /^\d{4}-\d{2}-\d{2}/.exec(cells[0] ?? "")?.[0];
    if (date === undefined) throw new SyncError(`${where}: ${JSON.stringify(cells[0])} is not a date (YYYY-MM-DD)`);
    if (cells.length !== yahooNames.length) throw new SyncError(`${where}: ${cells.length} columns, the header has ${yahooNames.length}`);
    for (const column of yahoo) {
      const close = cells[column.close];
      // A day without a trade: Yahoo writes null, yfinance leaves a ticker's cells blank before its listing.
      if (close === "null" || close === "") continue;
      add(column.ticker, {
        date,
        close: number(close, where, "Close"),
        adjustedClose: number(cells[column.adjustedClose], where, "Adj Close"),
        volume: column.volume === undefined ? 0 : number(cells[column.volume], where, "Volume"),
      });
      rows++;
    }
  }
  if (layout === null) return null;
  const series = [...byTicker].map(([ticker, days]) => ({ ticker, file, days: sortedByDate(days, file) }));
  return { layout, series, rows };
}

function sortedByDate(days: SyncedPriceDay[], file: string): SyncedPriceDay[] {
  days.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  const repeated = days.find((day, i) => i > 0 && days[i - 1]!.date === day.date);
  if (repeated) throw new SyncError(`${file}: ${repeated.date} appears twice for one ticker`);
  return days;
}
