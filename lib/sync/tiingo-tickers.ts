import { mkdirSync } from "node:fs";
import path from "node:path";
import { parse } from "csv-parse/sync";
import yauzl from "yauzl";
import { z } from "zod";
import { Downloader } from "./downloader";
import { SyncError } from "./sync-error";

/**
 * Tiingo's list of the tickers it prices (`supported_tickers.zip`, public, no key): what a sync
 * asks for, so that no request of the plan's allowance goes to a ticker Tiingo does not carry, or
 * carries on no US exchange, or stopped pricing before the day asked from.
 */
export const SUPPORTED_TICKERS_URL = "https://apimedia.tiingo.com/docs/tiingo/daily/supported_tickers.zip";

/** The US exchanges of the list (its `exchange` column). */
const US_EXCHANGES = new Set(["NYSE", "NASDAQ", "AMEX", "NYSE ARCA", "NYSE MKT", "BATS"]);

const Row = z.object({
  ticker: z.string().min(1),
  exchange: z.string(),
  assetType: z.string(),
  priceCurrency: z.string(),
  startDate: z.string(),
  endDate: z.string(),
});

export interface SupportedTicker {
  exchange: string;
  assetType: string;
  /** The last day Tiingo has a price for (empty in the list: none). */
  endDate: string | null;
}

/** The list's US stocks and ETFs priced in USD, by upper-case ticker. */
export function parseSupportedTickers(csv: string): Map<string, SupportedTicker> {
  const rows = z.array(Row).parse(parse(csv, { columns: true, skip_empty_lines: true }));
  const tickers = new Map<string, SupportedTicker>();
  for (const row of rows) {
    if (!US_EXCHANGES.has(row.exchange) || row.priceCurrency !== "USD" || !["Stock", "ETF"].includes(row.assetType)) continue;
    tickers.set(row.ticker.toUpperCase(), { exchange: row.exchange, assetType: row.assetType, endDate: row.endDate || null });
  }
  return tickers;
}

/** Whether Tiingo has bars for the ticker on or after `from`. */
export const carries = (list: ReadonlyMap<string, SupportedTicker>, ticker: string, from: string) => {
  const entry = list.get(ticker.toUpperCase());
  return entry !== undefined && entry.endDate !== null && entry.endDate >= from;
};

/** The CSV inside the downloaded zip. */
export async function readSupportedTickersZip(zipPath: string): Promise<string> {
  const corrupt = (error: Error) => new SyncError(`${zipPath}: not Tiingo's supported_tickers.zip (${error.message})`);
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.open(zipPath, { lazyEntries: true, autoClose: true }, (error, file) => (error ? reject(corrupt(error)) : resolve(file))),
  );
  return new Promise<string>((resolve, reject) => {
    let found = false;
    zip.on("error", (error: Error) => reject(corrupt(error)));
    zip.on("end", () => found || reject(corrupt(new Error("no supported_tickers.csv in it"))));
    zip.on("entry", (entry: yauzl.Entry) => {
      if (!entry.fileName.endsWith("supported_tickers.csv")) return zip.readEntry();
      found = true;
      zip.openReadStream(entry, (error, stream) => {
        if (error) return reject(corrupt(error));
        const chunks: Buffer[] = [];
        stream.on("data", (chunk: Buffer) => chunks.push(chunk));
        stream.on("error", (e: Error) => reject(corrupt(e)));
        stream.on("end", () => {
          zip.close();
          resolve(Buffer.concat(chunks).toString("utf8"));
        });
      });
    });
    zip.readEntry();
  });
}

/** Downloads the list into `dir` (a conditional request when a copy is there) and reads it. */
export async function fetchSupportedTickers(url: string, dir: string): Promise<Map<string, SupportedTicker>> {
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, "supported_tickers.zip");
  await new Downloader({ userAgent: "filing-screener price sync (npm run sync -- prices)" }).download(url, file);
  return parseSupportedTickers(await readSupportedTickersZip(file));
}
