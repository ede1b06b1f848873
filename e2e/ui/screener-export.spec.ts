import { readFile } from "node:fs/promises";
import { gzipSync } from "node:zlib";
import { expect, test } from "@playwright/test";
import { pageFields } from "@/lib/screener/screen-url";
import { newApiKey, snapshot } from "./page-support";
import { allApiTickers, postApi, settled, totalShown } from "./screener-support";

// South Korea: more than a thousand companies (checked below), so an export needs two pages of the API.
const filters = { country: { values: ["South Korea"] } };
const url = `/screener/?filters=${encodeURIComponent(JSON.stringify(filters))}&sort=companyName&order=asc`;

test.describe("screener export", () => {
  test("downloads every matching ticker, copies them, and downloads the rows as CSV with the chosen columns", async ({ page, context }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    const key = newApiKey();
    const expected = await allApiTickers(page, key, "basic", { filters, sort: { field: "companyName", desc: false } });
    expect(expected.length).toBeGreaterThan(1000);

    await page.goto(url + "&fields=full_ticker,companyName,industry");
    await settled(page);
    expect(await totalShown(page)).toBe(expected.length);

    await page.getByRole("button", { name: "Export" }).click();
    const txt = page.waitForEvent("download");
    await page.getByRole("button", { name: "Download tickers (.txt)" }).click();
    const txtFile = await (await txt).path();
    expect((await readFile(txtFile, "utf8")).trimEnd().split("\n")).toEqual(expected);
    await expect(page.getByTestId("export-status")).toHaveText(`Downloaded ${expected.length.toLocaleString("en-US")} tickers.`);

    await page.getByRole("button", { name: "Copy tickers" }).click();
    await expect(page.getByTestId("export-status")).toHaveText(`Copied ${expected.length.toLocaleString("en-US")} tickers.`);
    expect((await page.evaluate(() => navigator.clipboard.readText())).split("\n")).toEqual(expected);

    const csv = page.waitForEvent("download");
    await page.getByRole("button", { name: /Download rows/ }).click();
    const download = await csv;
    expect(download.suggestedFilename()).toBe("screen-2017-03-31.csv");
    const lines = (await readFile((await download.path())!, "utf8")).trimEnd().split("\n");
    // The chosen columns, and today's name and symbol beside the company name (as the table shows
    // them); each header names the field and its label (the label states the basis of a number).
    expect(lines[0]!.split(",").map((header) => header.split(":")[0])).toEqual(pageFields(["full_ticker", "companyName", "industry"]));
    expect(lines[0]).toBe("full_ticker: Ticker,companyName: Company,industry: Industry,current_name: Name today,current_symbol: Symbol today");
    expect(lines).toHaveLength(expected.length + 1);
    expect(lines.slice(1).map((line) => line.split(",")[0])).toEqual(expected);
    const firstRow = (await postApi(page, key, "basic", { filters, sort: { field: "companyName", desc: false }, page: { limit: 1 }, fields: ["full_ticker", "companyName", "industry"] })).rows[0]!;
    expect(lines[1]).toContain(String(firstRow.full_ticker));
    await snapshot(page, "screener-export");
  });

  test("first-load JavaScript of the screener page is at most 250 KB gzipped", async ({ page }) => {
    // What Next counts as first-load JS: the scripts the server-rendered page names (not the
    // `noModule` polyfills, which browsers that run modules never fetch).
    const html = await (await page.request.get(url)).text();
    const sources = [...html.matchAll(/<script src="([^"]+)"([^>]*)>/g)].filter((m) => !/noModule/i.test(m[2]!)).map((m) => m[1]!);
    expect(sources.length).toBeGreaterThan(0);
    let firstLoad = 0;
    for (const src of sources) firstLoad += gzipSync(await (await page.request.get(src)).body()).length;
    // Everything the browser then loads on its own (the validation chunk arrives after the first render).
    const loaded = new Map<string, Promise<number>>();
    page.on("response", (response) => {
      if (response.request().resourceType() === "script") loaded.set(response.url(), response.body().then((body) => gzipSync(body).length));
    });
    await page.goto(url);
    await settled(page);
    await page.waitForTimeout(500);
    const all = (await Promise.all(loaded.values())).reduce((a, b) => a + b, 0);
    const kb = (n: number) => (n / 1024).toFixed(1);
    test.info().annotations.push({ type: "first-load JS gzipped (KB)", description: kb(firstLoad) });
    console.log(`screener: first-load JS ${kb(firstLoad)} KB gzipped in ${sources.length} scripts; ${kb(all)} KB with what loads after the first render`);
    expect(firstLoad).toBeLessThanOrEqual(250 * 1024);
  });
});
