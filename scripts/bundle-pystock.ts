/**
 * Developer tool: bundles eliangcs/pystock-data (the daily archives 2015-03-23 .. 2017-03-31) and
 * the S&P 500 membership intervals of fja05680/sp500 into `data/`, Brotli-compressed. The values
 * stay as the archives write them; splits, dividends and total returns are derived by the readers
 * (lib/ingest/pystock-prices.ts). Usage:
 *   npm run bundle-pystock -- <pystock-data git dir> [<fja05680/sp500 git dir>]
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { bundledPaths } from "../lib/ingest/bundled-paths";
import { writeBrotli } from "../lib/ingest/compressed-files";
import { PYSTOCK_PRICE_HEADER } from "../lib/ingest/pystock-prices";
import { PYSTOCK_REPORT_COLUMNS } from "../lib/ingest/pystock-reports";
import { tarEntries } from "./tar-entries";

const gitDir = path.resolve(process.argv[2] ?? "/work/.mirror/eliangcs+pystock-data/repo/.git");
const sp500GitDir = path.resolve(process.argv[3] ?? "/work/.mirror/fja05680+sp500/repo");
const dataDir = path.resolve("data");
const out = bundledPaths(dataDir);

const git = (dir: string, ...args: string[]) => execFileSync("git", [`--git-dir=${dir}`, ...args], { maxBuffer: 1 << 30 });
const commitOf = (dir: string) => git(dir, "rev-parse", "HEAD").toString().trim();

/** The daily archives in date order (the `*_initial` archives hold older history and are absent from the mirror). */
const archiveNames = git(gitDir, "ls-tree", "-r", "--name-only", "HEAD")
  .toString()
  .split("\n")
  .filter((name) => /^\d{4}\/\d{8}\.tar\.gz$/.test(name))
  .sort();
const isoOf = (name: string) => {
  const day = path.basename(name, ".tar.gz");
  return `${day.slice(0, 4)}-${day.slice(4, 6)}-${day.slice(6, 8)}`;
};

function readArchive(name: string): Map<string, string> {
  const files = tarEntries(gunzipSync(git(gitDir, "show", `HEAD:${name}`)));
  return new Map([...files].map(([file, bytes]) => [file, bytes.toString("utf8")]));
}

/** The lines of a file without CR (the archives mix CRLF and LF) or blank lines. */
const linesOf = (text: string | undefined) => (text ?? "").split("\n").map((line) => line.replace(/\r$/, "")).filter((line) => line !== "");

const dropped = new Map<string, number>();
const count = (what: string, n = 1) => dropped.set(what, (dropped.get(what) ?? 0) + n);

const PRICE_FILE_HEADER = "symbol,date,open,high,low,close,volume,adj_close";
const REPORT_FILE_HEADER = PYSTOCK_REPORT_COLUMNS.join(",");
const NUMBER = /^\d+(\.\d+)?$/;

/** A price row as one archive lists it. */
interface Reading {
  date: string;
  close: string;
  adjClose: string;
  volume: string;
}

/**
 * The rows of one archive's prices.csv by symbol, keyed by date. A day listed twice with different
 * values (20150406 holds three crawls) keeps the last listing, the latest crawl.
 */
function priceReadings(text: string | undefined, archive: string, tradingDays: Set<string> | null) {
  const bySymbol = new Map<string, Map<string, Reading>>();
  const seen = new Set<string>();
  linesOf(text).forEach((line, i) => {
    if (line === PRICE_FILE_HEADER) {
      if (i > 0 && tradingDays) count("prices: stray header lines");
      return;
    }
    if (seen.has(line)) {
      if (tradingDays) count("prices: exact duplicate rows within an archive");
      return;
    }
    seen.add(line);
    const [symbol, date, , , , close, volume, adjClose] = line.split(",");
    if (!symbol || !date || close === undefined || volume === undefined || adjClose === undefined) throw new Error(`${archive}: bad price row ${line}`);
    if (tradingDays) {
      if (!NUMBER.test(close) || !NUMBER.test(adjClose) || !NUMBER.test(volume) || Number(close) <= 0) {
        count("prices: rows with a close that is zero or not a number");
        return;
      }
      if (!tradingDays.has(date)) {
        count(`prices: rows dated ${date}, an exchange holiday`);
        return;
      }
    }
    let days = bySymbol.get(symbol);
    if (!days) bySymbol.set(symbol, (days = new Map()));
    if (days.has(date) && tradingDays) count("prices: rows listed again with other values in the same archive (the last kept)");
    days.set(date, { date, close, adjClose, volume });
  });
  return bySymbol;
}

// Pass 1: the trading days are the dates that more than 1,000 symbols list; the 18 other dates
// (exchange holidays) are listed by at most 68 symbols with stale quotes.
const symbolsOnDate = new Map<string, Set<string>>();
for (const name of archiveNames) {
  for (const [symbol, days] of priceReadings(readArchive(name).get("prices.csv"), name, null)) {
    for (const date of days.keys()) {
      let symbols = symbolsOnDate.get(date);
      if (!symbols) symbolsOnDate.set(date, (symbols = new Set()));
      symbols.add(symbol);
    }
  }
}
const tradingDays = new Set([...symbolsOnDate].filter(([, symbols]) => symbols.size > 1000).map(([date]) => date));

/** A bundled price row: a reading of its day, and that archive's reading of the day before. */
interface PriceRow extends Reading {
  readOn: string | null;
  previous: Reading | null;
}
const prices = new Map<string, Map<string, PriceRow>>();
const names = new Map<string, { name: string; earlier: string[]; firstSeen: string; lastSeen: string }>();
const reportRows: string[] = [];
const reportFirstFiled = new Set<string>();
let rereadings = 0;
let headerlessReports = 0;
const archivesWithoutPrices: string[] = [];

for (const name of archiveNames) {
  const archiveDay = isoOf(name);
  const files = readArchive(name);

  const readings = priceReadings(files.get("prices.csv"), name, tradingDays);
  if (readings.size === 0) archivesWithoutPrices.push(archiveDay);
  for (const [symbol, days] of readings) {
    let rows = prices.get(symbol);
    if (!rows) prices.set(symbol, (rows = new Map()));
    const listed = [...days.values()].sort((a, b) => (a.date < b.date ? -1 : 1));
    listed.forEach((reading, i) => {
      const previous = listed[i - 1] ?? null;
      if (reading.date === archiveDay) rows.set(reading.date, { ...reading, readOn: null, previous });
      else if (!rows.has(reading.date)) rows.set(reading.date, { ...reading, readOn: archiveDay, previous });
      // The day before the archive's own row is kept as that row's previous-day columns.
      else if (listed[i + 1]?.date !== archiveDay) rereadings++;
    });
  }

  for (const line of linesOf(files.get("symbols.txt"))) {
    const [symbol, listedName = ""] = line.split("\t");
    if (!symbol) continue;
    const known = names.get(symbol);
    if (!known) names.set(symbol, { name: listedName, earlier: [], firstSeen: archiveDay, lastSeen: archiveDay });
    else {
      if (known.name !== listedName) {
        known.earlier.push(known.name);
        known.name = listedName;
      }
      known.lastSeen = archiveDay;
    }
  }

  const reportLines = linesOf(files.get("reports.csv"));
  if (reportLines.length > 0 && reportLines[0] !== REPORT_FILE_HEADER) headerlessReports++;
  const seenToday = new Set<string>();
  reportLines.forEach((line, i) => {
    if (line === REPORT_FILE_HEADER) {
      if (i > 0) count("reports: stray header lines");
      return;
    }
    if (seenToday.has(line)) return count("reports: exact duplicate rows within an archive");
    seenToday.add(line);
    if (reportFirstFiled.has(line)) return count("reports: rows filed again on a later day (the first filing kept)");
    reportFirstFiled.add(line);
    reportRows.push(`${archiveDay},${line}`);
  });
}

/** The previous-day columns: blank when the archive read that day as its own row says, `-` when it did not list it. */
function previousCells(row: PriceRow, before: PriceRow | undefined): string {
  if (!row.previous || !before || row.previous.date !== before.date) {
    if (row.previous && before) count("prices: previous day listed by the archive is not the symbol's previous row (kept as -)");
    return "-,-";
  }
  if (row.previous.close === before.close && row.previous.adjClose === before.adjClose) return ",";
  return `${row.previous.close},${row.previous.adjClose}`;
}

const priceLines = [PYSTOCK_PRICE_HEADER];
let priceRows = 0;
let withoutOwnArchive = 0;
for (const symbol of [...prices.keys()].sort()) {
  const rows = [...prices.get(symbol)!.values()].sort((a, b) => (a.date < b.date ? -1 : 1));
  rows.forEach((row, i) => {
    if (row.readOn) withoutOwnArchive++;
    const readOn = row.readOn ? row.readOn : "";
    priceLines.push(`${symbol},${row.date},${row.close},${row.adjClose},${row.volume},${previousCells(row, rows[i - 1])},${readOn}`);
    priceRows++;
  });
}

function write(file: string, text: string, rows: number) {
  mkdirSync(path.dirname(file), { recursive: true });
  const bytes = writeBrotli(file, text);
  console.log(`${path.relative(dataDir, file)}: ${rows} rows, ${(bytes / 1e6).toFixed(2)} MB`);
}

write(out.pystockPrices, priceLines.join("\n") + "\n", priceRows);
write(out.pystockReports, [`filed,${REPORT_FILE_HEADER}`, ...reportRows].join("\n") + "\n", reportRows.length);
const csvCell = (value: string) => (/[",\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);
const symbolLines = [...names.keys()].sort().map((symbol) => {
  const { name, earlier, firstSeen, lastSeen } = names.get(symbol)!;
  return [symbol, name, firstSeen, lastSeen, earlier.join(" | ")].map(csvCell).join(",");
});
write(out.pystockSymbols, ["symbol,name,first_seen,last_seen,earlier_names", ...symbolLines].join("\n") + "\n", symbolLines.length);
writeFileSync(path.join(path.dirname(out.pystockPrices), "LICENSE"), git(gitDir, "show", "HEAD:LICENSE"));

const sp500 = git(sp500GitDir, "show", "HEAD:sp500_ticker_start_end.csv").toString();
write(out.sp500History, sp500, linesOf(sp500).length - 1);
writeFileSync(path.join(path.dirname(out.sp500History), "LICENSE.fja05680-sp500"), git(sp500GitDir, "show", "HEAD:LICENSE"));

const archiveDays = new Set(archiveNames.map(isoOf));
const sortedDays = [...tradingDays].sort();
console.log(`pystock-data @ ${commitOf(gitDir)}; fja05680/sp500 @ ${commitOf(sp500GitDir)}`);
console.log(`${archiveNames.length} archives, ${sortedDays.length} trading days ${sortedDays[0]} .. ${sortedDays.at(-1)}`);
console.log(`archives on exchange holidays: ${[...archiveDays].filter((day) => !tradingDays.has(day)).join(" ")}`);
console.log(`trading days without an archive: ${sortedDays.filter((day) => !archiveDays.has(day)).join(" ")}`);
console.log(`archives with an empty prices.csv: ${archivesWithoutPrices.join(" ")}`);
console.log(`price rows read from a later archive (no own reading): ${withoutOwnArchive}; later re-readings not kept: ${rereadings}`);
console.log(`reports.csv without a header row: ${headerlessReports}; symbols listed in symbols.txt: ${names.size}; with prices: ${prices.size}`);
for (const [what, n] of [...dropped].sort()) console.log(`  ${what}: ${n}`);
