import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TiingoServer, startTiingoServer } from "@/test/support/tiingo/tiingo-server";
import { carries, fetchSupportedTickers } from "./tiingo-tickers";

let server: TiingoServer;
const dir = mkdtempSync(path.join(tmpdir(), "tiingo-list-"));
beforeAll(async () => (server = await startTiingoServer("key")));
afterAll(async () => {
  await server.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe("Tiingo's supported tickers", () => {
  it("reads the recorded list's US stocks and ETFs priced in USD,", async () => {
    const url = `${server.url}/docs/tiingo/daily/supported_tickers.zip`;
    const list = await fetchSupportedTickers(url, dir);
    // 80,657 rows; the others are mutual funds, OTC and foreign listings, or have no exchange.
    expect(list.size).toBe(17_271);
    expect(list.get("GOOGL")).toEqual({ exchange: "NASDAQ", assetType: "Stock", endDate: "2019-10-18" });
    expect(list.has("000001")).toBe(false);
    expect(carries(list, "googl", "2019-10-18")).toBe(true);
    expect(carries(list, "GOOGL", "2019-10-21")).toBe(false);
    expect(carries(list, "NOSUCH", "2015-01-01")).toBe(false);
    // No key travels with the public file.
    expect(server.requests.at(-1)).toMatchObject({ path: "/docs/tiingo/daily/supported_tickers.zip", authorized: false });
  });
});
