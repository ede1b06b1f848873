import { cpSync } from "node:fs";
import path from "node:path";
import { readBrotliText, writeBrotli } from "@/lib/ingest/compressed-files";

/** What of the whole market (the pystock archives) a copy keeps: the rows of these symbols only. */
export interface MarketSubset {
  marketSymbols: readonly string[];
}

/**
 * A private copy of the bundled data (`data/`) whose whole market is a few symbols' rows
 * (data/pystock/: prices, reports and names), every other file copied whole: a build from it runs
 * every stage on real data in a fraction of the full build's time, for tests about what a build or a
 * sync does with the other sources, which the rest of the market never changes.
 */
export function copyDataWithMarketOf(dir: string, { marketSymbols }: MarketSubset): string {
  cpSync("data", dir, { recursive: true });
  const symbols = new Set(marketSymbols);
  for (const [file, column] of [["prices.csv.br", 0], ["symbols.csv.br", 0], ["reports.csv.br", 1]] as const) {
    const full = path.join(dir, "pystock", file);
    const [header, ...lines] = readBrotliText(full).split("\n");
    const kept = lines.filter((line) => (line.split(",")[column] ?? "").split("/").some((symbol) => symbols.has(symbol)));
    if (kept.length === 0) throw new Error(`pystock/${file}: none of ${marketSymbols.join(", ")} has a row there`);
    writeBrotli(full, `${[header, ...kept].join("\n")}\n`);
  }
  return dir;
}

/**
 * That copy, its filings also those of a few companies only: a build from it indexes the filings and
 * fits their LSA in a third of the time; for tests about what a sync does with market data, which
 * the filings never change.
 */
export function copyDataWithFilingsOf(dir: string, tickers: readonly string[], companies: readonly string[], market: MarketSubset): string {
  copyDataWithMarketOf(dir, market);
  const keep = (file: string, kept: (record: Record<string, unknown>) => boolean) => {
    const full = path.join(dir, "filings", file);
    const lines = readBrotliText(full).split("\n").filter(Boolean);
    const subset = lines.filter((line) => kept(JSON.parse(line) as Record<string, unknown>));
    if (subset.length === 0) throw new Error(`${file}: none of ${[...tickers, ...companies].join(", ")} has a filing there`);
    writeBrotli(full, `${subset.join("\n")}\n`);
  };
  keep("edgartools-filings.jsonl.br", (filing) => tickers.includes(String(filing.ticker)));
  keep("financebench-documents.jsonl.br", (document) => companies.includes(String(document.company)));
  keep("financebench-pages.jsonl.br", (document) => companies.includes(String(document.company)));
  return dir;
}
