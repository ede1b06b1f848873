import { z } from "zod";
import type { PriceDay } from "@/lib/market/price-rows";
import { RateGate } from "./rate-gate";
import { RETRYABLE, backoff } from "./retry";
import { SyncError } from "./sync-error";

/**
 * Tiingo's end-of-day API (docs/operations.md "Keeping the data current"): one request per ticker,
 * `GET /tiingo/daily/<ticker>/prices?startDate=…` with the key in an `Authorization: Token` header
 * (never in a URL, so never in a log). Each bar carries the day's unadjusted close with the cash
 * dividend going ex (`divCash`) and the split (`splitFactor`) of that day.
 */

/** One bar as Tiingo writes it (the fields the sync reads; the others are left out). */
export const TiingoBar = z.object({
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}T/, "not a Tiingo date"),
  close: z.number().positive(),
  adjClose: z.number().positive(),
  volume: z.number().nonnegative(),
  divCash: z.number().nonnegative(),
  splitFactor: z.number().positive(),
});
export type TiingoBar = z.output<typeof TiingoBar>;

export const tiingoPricesPath = (ticker: string) => `/tiingo/daily/${encodeURIComponent(ticker)}/prices`;

export interface TiingoOptions {
  apiKey: string;
  /** The API's base URL (PRICES_API_URL): https://api.tiingo.com, or the tests' local server. */
  baseUrl: string;
  /** Request starts per hour at most (the plan's allowance: 50 on the free plan, 5,000 on Power). */
  requestsPerHour: number;
  /** Further attempts after a 429, a 5xx or a dropped connection. */
  retries?: number;
  /** The first wait before a retry, doubling with each attempt; a Retry-After header wins. */
  retryBaseMs?: number;
  /** Called with each response body's size (the progress line's bytes). */
  onBytes?: (bytes: number) => void;
}

/** Tiingo's own words from an error body (`{"detail": "…"}`), else the body's start. */
function detailOf(body: string): string {
  try {
    const parsed = z.object({ detail: z.string() }).safeParse(JSON.parse(body));
    if (parsed.success) return parsed.data.detail;
  } catch {
    // Not JSON: the text itself.
  }
  return body.slice(0, 200).trim() || "no detail given";
}

export class TiingoClient {
  private readonly gate: RateGate;

  constructor(private readonly options: TiingoOptions) {
    this.gate = new RateGate(options.requestsPerHour / 3600);
  }

  /** The ticker's bars from `startDate` through the latest, oldest first; null when Tiingo does not know the ticker (404). */
  async dailyBars(ticker: string, startDate: string): Promise<TiingoBar[] | null> {
    const url = `${this.options.baseUrl}${tiingoPricesPath(ticker)}?format=json&resampleFreq=daily&startDate=${startDate}`;
    const body = await this.get(url, ticker);
    if (body === null) return null;
    // Over its allowance Tiingo has answered 200 with a sentence instead of JSON.
    if (!body.trimStart().startsWith("[")) throw new SyncError(`Tiingo, ${ticker}: ${detailOf(body)} (run the sync again later: it resumes where it stopped)`);
    let json: unknown;
    try {
      json = JSON.parse(body);
    } catch (error) {
      throw new SyncError(`Tiingo, ${ticker}: the response is not JSON (${(error as Error).message}); nothing was changed`);
    }
    const parsed = TiingoBar.array().safeParse(json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      throw new SyncError(`Tiingo, ${ticker}: malformed response at ${issue.path.join(".")}: ${issue.message}; nothing was changed`);
    }
    return parsed.data;
  }

  private async get(url: string, ticker: string): Promise<string | null> {
    const retries = this.options.retries ?? 5;
    for (let attempt = 0; ; attempt++) {
      await this.gate.wait();
      let response: Response;
      try {
        response = await fetch(url, { headers: { Authorization: `Token ${this.options.apiKey}`, "Content-Type": "application/json" } });
      } catch (error) {
        if (attempt >= retries) throw new SyncError(`Tiingo, ${ticker}: ${(error as Error).message} after ${attempt + 1} attempts`);
        await backoff(attempt, null, this.options.retryBaseMs ?? 1000);
        continue;
      }
      const body = await response.text();
      this.options.onBytes?.(Buffer.byteLength(body));
      if (response.status === 200) return body;
      if (response.status === 404) return null;
      if (response.status === 401 || response.status === 403) {
        throw new SyncError(`Tiingo refused the key (HTTP ${response.status}: ${detailOf(body)}): check PRICES_API_KEY`);
      }
      if (RETRYABLE(response.status) && attempt < retries) {
        await backoff(attempt, response.headers.get("retry-after"), this.options.retryBaseMs ?? 1000);
        continue;
      }
      throw new SyncError(`Tiingo, ${ticker}: HTTP ${response.status} (${detailOf(body)}) after ${attempt + 1} attempts; run the sync again later: it resumes where it stopped`);
    }
  }
}

/**
 * Bars as price days (lib/market/price-rows.ts): the unadjusted close, the dividend and split of
 * each day, and an adjusted close chained from `start` (the stored adjusted close of the first bar's
 * day, when the bars continue a stored history; else the first close) by each day's total return,
 * (close + dividend) × split / previous close, so that appended days continue the stored basis
 * whatever dividends and splits Tiingo's own adjClose has folded in since.
 */
export function barsToDays(bars: readonly TiingoBar[], start?: number): PriceDay[] {
  const days: PriceDay[] = [];
  for (const [i, bar] of bars.entries()) {
    const previous = i > 0 ? bars[i - 1]! : null;
    const adjustedClose = previous === null ? (start ?? bar.close) : days[i - 1]!.adjustedClose * (((bar.close + bar.divCash) * bar.splitFactor) / previous.close);
    days.push({ date: bar.date.slice(0, 10), close: bar.close, adjustedClose, volume: bar.volume, dividend: bar.divCash, split: bar.splitFactor });
  }
  return days;
}
