import { cpSync } from "node:fs";
import path from "node:path";
import { readBrotliText, writeBrotli } from "@/lib/ingest/compressed-files";

/**
 * A private copy of the bundled data (`data/`) whose filings are those of a few companies only:
 * every other file is copied whole. A build from it runs every stage on real data, the filings and
 * their LSA fit included, in a third of the full build's time; for tests about what a sync or a
 * build does with market data, which the filings never change.
 */
export function copyDataWithFilingsOf(dir: string, tickers: readonly string[], companies: readonly string[]): string {
  cpSync("data", dir, { recursive: true });
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
