import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TiingoServer, recordedResponses, startTiingoServer } from "@/test/support/tiingo/tiingo-server";
import { SyncError } from "./sync-error";
import { retryAfterMs } from "./retry";
import { TiingoClient, barsToDays } from "./tiingo";

const KEY = "a1b2c3d4e5f6a1b2c3d4e5f6a1b2c3d4e5f6a1b2";
let server: TiingoServer;
const client = (apiKey = KEY) => new TiingoClient({ apiKey, baseUrl: server.url, requestsPerHour: 3_600_000, retryBaseMs: 10 });

beforeAll(async () => (server = await startTiingoServer(KEY)));
afterAll(() => server.stop());

/** The recorded GOOGL bars of 2018-01-05..19 (ticker_price_pandas_daily_metric_name.yaml). */
const RECORDED = "/tiingo/daily/GOOGL/prices?format=json&resampleFreq=daily&startDate=2018-01-05&endDate=2018-01-19";

describe("TiingoClient", () => {
  it("reads a ticker's daily bars, the key in a header and never in the URL", async () => {
    const bars = (await client().dailyBars("GOOGL", "2018-01-05"))!;
    const recorded = JSON.parse(recordedResponses().get(RECORDED)!.body.toString("utf8")) as { date: string; close: number }[];
    // The recording's ten bars, and the one recorded later (2018-04-12) after them.
    expect(bars.slice(0, 10).map((b) => [b.date.slice(0, 10), b.close])).toEqual(recorded.map((b) => [b.date.slice(0, 10), b.close]));
    expect(bars[0]).toMatchObject({ close: 1110.29, volume: 1493389, divCash: 0, splitFactor: 1 });
    const request = server.requests.at(-1)!;
    expect(request).toMatchObject({ path: "/tiingo/daily/GOOGL/prices", authorized: true });
    expect(request.query).not.toContain(KEY);
  });

  it("answers null for a ticker the provider does not know", async () => {
    expect(await client().dailyBars("NOSUCHTICKER", "2018-01-05")).toBeNull();
  });

  it("waits as a 429's Retry-After says, then gets the bars", async () => {
    server.failNext("GOOGL", 429, 1, "1");
    const before = server.requests.length;
    const bars = await client().dailyBars("GOOGL", "2018-01-05");
    const [refused, answered] = server.requests.slice(before);
    expect(bars).toHaveLength(11);
    expect(answered!.at - refused!.at).toBeGreaterThanOrEqual(990);
    expect(retryAfterMs("Wed, 21 Oct 2015 07:28:00 GMT", Date.parse("Wed, 21 Oct 2015 07:27:30 GMT"))).toBe(30_000);
  });

  it("retries a 5xx with backoff and gives up with a message after its retries", async () => {
    server.failNext("GOOGL", 503, 2);
    expect(await client().dailyBars("GOOGL", "2018-01-05")).toHaveLength(11);
    server.failNext("GOOGL", 503, 10);
    await expect(new TiingoClient({ apiKey: KEY, baseUrl: server.url, requestsPerHour: 3_600_000, retries: 2, retryBaseMs: 1 }).dailyBars("GOOGL", "2018-01-05")).rejects.toThrow(
      /GOOGL: HTTP 503 .* after 3 attempts; run the sync again later: it resumes/,
    );
    server.failNext("GOOGL", 503, 0);
  });

  it("refuses a wrong key naming PRICES_API_KEY, without echoing the key", async () => {
    const wrong = "0000000000000000000000000000000000000000";
    const error = await client(wrong).dailyBars("GOOGL", "2018-01-05").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SyncError);
    expect((error as Error).message).toMatch(/refused the key \(HTTP 401.*check PRICES_API_KEY/);
    expect((error as Error).message).not.toContain(wrong);
  });

  it("refuses a truncated or malformed body, and the sentence Tiingo sends over its allowance", async () => {
    const body = recordedResponses().get(RECORDED)!.body.toString("utf8");
    server.answerNext("GOOGL", body.slice(0, 1000));
    await expect(client().dailyBars("GOOGL", "2018-01-05")).rejects.toThrow(/GOOGL: the response is not JSON .*nothing was changed/);
    server.answerNext("GOOGL", body.replace('"close":1110.29,', ""));
    await expect(client().dailyBars("GOOGL", "2018-01-05")).rejects.toThrow(/GOOGL: malformed response at 0\.close/);
    // Reported by tiingo-python's users (issue 45): the allowance's words on a 200.
    server.answerNext("GOOGL", "You have run over your 500 symbol look up for this month. Please upgrade at https://api.tiingo.com/pricing to have your limits increased.");
    await expect(client().dailyBars("GOOGL", "2018-01-05")).rejects.toThrow(/You have run over your 500 symbol look up.*resumes where it stopped/);
  });
});

describe("barsToDays", () => {
  it("chains the adjusted close by each day's total return: unchanged by a split, raised by a dividend", () => {
    // Netflix's 7-for-1 split on 2015-07-15, closes from data/pystock/prices.csv.br; a dividend of 1.00 on the last day.
    const bar = (date: string, close: number, divCash = 0, splitFactor = 1) => ({ date: `${date}T00:00:00.000Z`, close, adjClose: close, volume: 1, divCash, splitFactor });
    const days = barsToDays([bar("2015-07-14", 702.599976), bar("2015-07-15", 98.129997, 0, 7), bar("2015-07-16", 115.809998, 1)], 100.371425);
    expect(days.map((d) => d.split)).toEqual([1, 7, 1]);
    expect(days[0]!.adjustedClose).toBe(100.371425);
    // The split day's return is the close against a seventh of the day before's.
    expect(days[1]!.adjustedClose / days[0]!.adjustedClose - 1).toBeCloseTo((98.129997 * 7) / 702.599976 - 1, 12);
    expect(days[2]!.adjustedClose / days[1]!.adjustedClose - 1).toBeCloseTo((115.809998 + 1) / 98.129997 - 1, 12);
    expect(days[2]).toMatchObject({ date: "2015-07-16", close: 115.809998, dividend: 1 });
  });
});
