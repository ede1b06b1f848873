/**
 * Developer tool: bundles eliangcs/pystock-data (the daily archives 2015-03-23 .. 2017-03-31) and
 * the S&P 500 membership intervals of fja05680/sp500 into `data/`, Brotli-compressed. The values
 * stay as the archives write them (scripts/pystock-archives.ts); splits, dividends and total
 * returns are derived by the reader (lib/ingest/pystock-prices.ts). Usage:
 *   npm run bundle-pystock -- <pystock-data git dir> [<fja05680/sp500 git dir>]
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { bundledPaths } from "../lib/ingest/bundled-paths";
import { writeBrotli } from "../lib/ingest/compressed-files";
import { type ArchiveFiles, PystockBundler, addListedSymbols } from "./pystock-archives";
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

function readArchive(name: string): ArchiveFiles {
  const files = tarEntries(gunzipSync(git(gitDir, "show", `HEAD:${name}`)));
  const text = (file: string) => files.get(file)?.toString("utf8");
  const day = path.basename(name, ".tar.gz");
  return {
    day: `${day.slice(0, 4)}-${day.slice(4, 6)}-${day.slice(6, 8)}`,
    prices: text("prices.csv"),
    symbols: text("symbols.txt"),
    reports: text("reports.csv"),
  };
}

// Pass 1: the trading days are the dates more than 1,000 symbols list; the 18 other dates
// (exchange holidays) are listed by at most 44 symbols with stale quotes.
const symbolsOnDate = new Map<string, Set<string>>();
for (const name of archiveNames) addListedSymbols(readArchive(name).prices, symbolsOnDate);
const tradingDays = new Set([...symbolsOnDate].filter(([, symbols]) => symbols.size > 1000).map(([date]) => date));

const bundler = new PystockBundler(tradingDays);
const archiveDays: string[] = [];
for (const name of archiveNames) {
  const archive = readArchive(name);
  archiveDays.push(archive.day);
  bundler.add(archive);
}

function write(file: string, { text, rows }: { text: string; rows: number }) {
  mkdirSync(path.dirname(file), { recursive: true });
  const bytes = writeBrotli(file, text);
  console.log(`${path.relative(dataDir, file)}: ${rows} rows, ${(bytes / 1e6).toFixed(2)} MB`);
}

const prices = bundler.pricesCsv();
write(out.pystockPrices, prices);
write(out.pystockReports, bundler.reportsCsv());
write(out.pystockSymbols, bundler.symbolsCsv());
writeFileSync(path.join(path.dirname(out.pystockPrices), "LICENSE"), git(gitDir, "show", "HEAD:LICENSE"));

const sp500 = git(sp500GitDir, "show", "HEAD:sp500_ticker_start_end.csv").toString();
write(out.sp500History, { text: sp500, rows: sp500.trim().split("\n").length - 1 });
writeFileSync(path.join(path.dirname(out.sp500History), "LICENSE.fja05680-sp500"), git(sp500GitDir, "show", "HEAD:LICENSE"));

const sortedDays = [...tradingDays].sort();
console.log(`pystock-data @ ${commitOf(gitDir)}; fja05680/sp500 @ ${commitOf(sp500GitDir)}`);
console.log(`${archiveNames.length} archives, ${sortedDays.length} trading days ${sortedDays[0]} .. ${sortedDays.at(-1)}`);
console.log(`archives on exchange holidays: ${archiveDays.filter((day) => !tradingDays.has(day)).join(" ")}`);
console.log(`trading days without an archive: ${sortedDays.filter((day) => !archiveDays.includes(day)).join(" ")}`);
console.log(`archives with an empty prices.csv: ${bundler.archivesWithoutPrices.join(" ")}`);
console.log(`price rows read from a later archive (no reading by their own): ${prices.readFromLaterArchive}`);
console.log(`reports.csv without a header row: ${bundler.headerlessReports}; symbols with prices: ${bundler.symbolsWithPrices}`);
for (const [what, n] of [...bundler.counts].sort()) console.log(`  ${what}: ${n}`);
