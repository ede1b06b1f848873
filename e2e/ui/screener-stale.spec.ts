import { readFile } from "node:fs/promises";
import { expect, type Page, test } from "@playwright/test";
import { snapshot } from "./page-support";
import { settled, table } from "./screener-support";

const filters = encodeURIComponent(JSON.stringify({ description_keywords: { fts: "Microsoft" } }));
const screen = (asOf: string) => `/screener/?filters=${filters}&fields=full_ticker,marketCap_usd,peRatio,price${asOf ? `&as_of=${asOf}` : ""}`;

/** A row's cell of a field, found by the header's data-field. */
async function cell(page: Page, ticker: string, field: string) {
  const fields = await table(page).locator("thead th").evaluateAll((ths) => ths.map((th) => th.getAttribute("data-field")));
  return table(page).locator("tbody tr", { has: page.getByRole("link", { name: ticker, exact: true }) }).locator("td").nth(fields.indexOf(field));
}

test.describe("stale fundamentals", () => {
  test("as of 2021-04-21 the table marks Microsoft's FY2016 P/E stale, and the CSV carries the flag", async ({ page }) => {
    await page.goto(screen("2021-04-21"));
    await settled(page);
    const pe = await cell(page, "NASDAQ:MSFT", "peRatio");
    await expect(pe).toHaveText("stale122.92");
    await expect(pe).toHaveAttribute("data-stale", "");
    await expect(pe).toHaveAttribute("title", /^122\.9\d*: stale, FY2016, ended 2016-06-30, 57 months and 22 days before 2021-04-21 \(more than 15 months\)$/);
    await expect(await cell(page, "NASDAQ:MSFT", "marketCap_usd")).toHaveAttribute("data-stale", "");
    const price = await cell(page, "NASDAQ:MSFT", "price");
    await expect(price).not.toHaveAttribute("data-stale");
    await expect(price).not.toContainText("stale");
    await expect(page.getByTestId("stale-notice")).toHaveText(/^\d+ on this page with stale fundamentals$/);
    // The companions are loaded, not shown.
    await expect(table(page).locator('th[data-field="stale_fields"]')).toHaveCount(0);
    await snapshot(page, "screener-stale");

    await page.getByRole("button", { name: "Export" }).click();
    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: /Download rows/ }).click();
    const [header, ...lines] = (await readFile((await (await download).path())!, "utf8")).trimEnd().split("\n").map((line) => line.split(","));
    expect(header!.map((h) => h.split(":")[0])).toEqual(["full_ticker", "marketCap_usd", "peRatio", "price", "fiscal_year", "period_end", "fundamentals_stale", "stale_fields"]);
    const microsoft = lines.find((line) => line[0] === "NASDAQ:MSFT")!;
    expect(microsoft.slice(4)).toEqual(["2016", "2016-06-30", "true", "marketCap_usd peRatio"]);
  });

  test("on the default date nine months after that year, nothing is marked", async ({ page }) => {
    await page.goto(screen(""));
    await settled(page);
    const pe = await cell(page, "NASDAQ:MSFT", "peRatio");
    await expect(pe).not.toHaveAttribute("data-stale");
    await expect(pe).not.toContainText("stale");
    await expect(page.getByTestId("stale-notice")).toHaveCount(0);
  });

  test("the company page marks values on a stale fiscal year and names the year", async ({ page }) => {
    // Yum! Brands' latest fiscal year on the default date is FY2015 (ended 2015-12-26): the bundle lacks its FY2016.
    await page.goto(`/company/${encodeURIComponent("NYSE:YUM")}/`);
    await expect(page.getByTestId("stale-fundamentals")).toContainText("FY2015, ended 2015-12-26, 15 months and 5 days before 2017-03-31");
    const metrics = page.getByTestId("company-metrics");
    await expect(metrics.locator('[data-field="marketCap_usd"] dd')).toHaveAttribute("data-stale", "");
    await expect(metrics.locator('[data-field="price"] dd')).not.toHaveAttribute("data-stale");
  });
});
