import { readBrotliText } from "@/lib/ingest/compressed-files";
import { parsePrices } from "@/lib/ingest/prices";
import { extendPrices, overlapDisagreement } from "@/lib/ingest/synced-prices";
import { readPriceFiles } from "@/lib/sync/sync-prices";
for (const dir of ["test/fixtures/prices/stooq", "test/fixtures/prices/yfinance"]) {
  const t = performance.now();
  const read = await readPriceFiles(dir, console.log);
  console.log(dir, (performance.now() - t).toFixed(0), "ms", read.rows, "rows", read.files);
  const bundled = parsePrices("x", readBrotliText("data/prices/daily-2011-2021.csv.br"));
  const aapl = read.series.find((s) => s.ticker === "AAPL")!;
  console.log(overlapDisagreement(bundled.get("AAPL")!, aapl.days, "AAPL"));
  const { report } = extendPrices(bundled, read.series, (t) => (t === "AAPL" ? "AAPL" : undefined));
  console.log(JSON.stringify(report));
}
