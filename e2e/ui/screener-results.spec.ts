import { expect, type Page, test } from "@playwright/test";
import { newApiKey, snapshot } from "./page-support";
import { addFilter, postApi, settled, table, tableTickers, totalShown } from "./screener-support";

const firstTickers = async (page: Page, n: number) =>
  (await table(page).locator("tbody tr[data-index] td:first-child").allTextContents()).slice(0, n);

test.describe("screener results", () => {
  test("with no filters, the server-rendered page already lists the universe by market cap", async ({ page, browser }) => {
    const key = newApiKey();
    const api = await postApi(page, key, "basic", { page: { limit: 100 } });
    // Without JavaScript: the first page is in the HTML.
    const noScript = await browser.newContext({ javaScriptEnabled: false });
    const plain = await noScript.newPage();
    await plain.goto("/screener/");
    await expect(plain.getByTestId("result-total")).toHaveText(api.total.toLocaleString("en-US"));
    await expect(plain.locator("tbody tr[data-index] td:first-child").first()).toHaveText(api.rows[0]!.full_ticker as string);
    await noScript.close();

    await page.goto("/screener/");
    await expect(page.getByTestId("data-coverage")).toContainText("Data as of 2017-03-31");
    await expect(page.getByTestId("data-freshness")).toHaveText("prices through 2021-04-21not current");
    await expect(page.getByTestId("endpoint-badge")).toHaveText("basic endpoint");
    expect(await firstTickers(page, 20)).toEqual(api.rows.slice(0, 20).map((r) => r.full_ticker));
    await expect(page.locator('th[data-field="marketCap_usd"]')).toHaveAttribute("aria-sort", "descending");
    await expect(page.locator('th[data-field="marketCap_usd"]')).toContainText("USD");
    await snapshot(page, "screener-default-light");
    await page.getByRole("button", { name: "Switch between light and dark theme" }).click();
    await expect(page.locator("html")).toHaveClass(/dark/);
    await snapshot(page, "screener-default-dark");
  });

  test("a shared link's first results are in the server's HTML", async ({ page }) => {
    // How soon they show is measured by `npm run bench:first-result`, not asserted here.
    const filters = { sector: { values: ["Health Care"] }, marketCap_usd: { min: 1e10 } };
    const url = `/screener/?filters=${encodeURIComponent(JSON.stringify(filters))}&sort=return_1y`;
    await page.route("**/api/ui/screener/**", (route) => route.abort());
    await page.goto(url);
    // The browser's own screen requests are blocked: the rows can only have come with the page.
    await expect(table(page).locator("tbody tr[data-index]").first()).toBeVisible();
    expect(await table(page).locator("tbody tr[data-index]").count()).toBeGreaterThan(0);
  });

  test("sorts on the server by the clicked column, then the other way", async ({ page }) => {
    const key = newApiKey();
    await page.goto("/screener/?filters=" + encodeURIComponent(JSON.stringify({ coverage: { values: ["prices"] } })));
    await page.getByRole("button", { name: "Sort by Price" }).click();
    await expect(page).toHaveURL(/sort=price/);
    await settled(page);
    const desc = await postApi(page, key, "basic", { filters: { coverage: { values: ["prices"] } }, sort: { field: "price", desc: true } });
    expect(await firstTickers(page, 15)).toEqual(desc.rows.slice(0, 15).map((r) => r.full_ticker));
    await expect(page.locator('th[data-field="price"]')).toHaveAttribute("aria-sort", "descending");

    await page.getByRole("button", { name: "Sort by Price" }).click();
    await expect(page).toHaveURL(/order=asc/);
    await settled(page);
    const asc = await postApi(page, key, "basic", { filters: { coverage: { values: ["prices"] } }, sort: { field: "price", desc: false } });
    expect(await firstTickers(page, 15)).toEqual(asc.rows.slice(0, 15).map((r) => r.full_ticker));
    await expect(page.locator('th[data-field="price"]')).toHaveAttribute("aria-sort", "ascending");
  });

  test("pages on the server, up to 1000 rows, smoothly virtualised and keyboard navigable", async ({ page }) => {
    const key = newApiKey();
    await page.goto("/screener/");
    await page.getByLabel("Rows per page").selectOption("25");
    await page.getByRole("button", { name: "Next page" }).click();
    await expect(page).toHaveURL(/limit=25&offset=25/);
    await settled(page);
    const second = await postApi(page, key, "basic", { page: { limit: 25, offset: 25 } });
    await expect(page.getByTestId("row-range")).toHaveText(`26–50 of ${second.total.toLocaleString("en-US")}`);
    expect(await tableTickers(page)).toEqual(second.rows.map((r) => r.full_ticker));

    await page.getByLabel("Rows per page").selectOption("1000");
    await expect(page).toHaveURL(/limit=1000/);
    await expect(page).not.toHaveURL(/offset=/);
    await settled(page);
    // Only a window of the 1000 rows is in the DOM.
    expect(await table(page).locator("tbody tr[data-index]").count()).toBeLessThan(100);
    const thousand = await postApi(page, key, "basic", { page: { limit: 1000 } });
    const shown = await tableTickers(page);
    expect(shown).toHaveLength(1000);
    expect(shown).toEqual(thousand.rows.map((r) => r.full_ticker));

    // Keyboard: into the rows, down, to the end, open the company.
    await table(page).locator("xpath=..").evaluate((el) => el.scrollTo({ top: 0 }));
    await table(page).locator("tbody tr[data-index='0']").focus();
    await expect(page.locator("tbody tr[data-index='0']")).toBeFocused();
    // Two presses within one task (faster than a frame, as key repeat on a busy machine) move two
    // rows: the second goes to the row the first focused.
    await page.evaluate(() => {
      for (let i = 0; i < 2; i++) document.activeElement?.dispatchEvent(new KeyboardEvent("keydown", { key: "ArrowDown", bubbles: true, cancelable: true }));
    });
    await expect(page.locator("tbody tr[data-index='2']")).toBeFocused();
    await page.keyboard.press("End");
    await expect(page.locator("tbody tr[data-index='999']")).toBeFocused();
    await page.keyboard.press("Home");
    await expect(page.locator("tbody tr[data-index='0']")).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(new RegExp(`/company/${encodeURIComponent(thousand.rows[0]!.full_ticker as string)}/`));
  });

  test("the column chooser changes the columns and the browser remembers them", async ({ page }) => {
    await page.goto("/screener/");
    await page.getByRole("button", { name: /^Columns/ }).click();
    await page.getByLabel("Search columns").fill("roic");
    await page.getByRole("checkbox", { name: /ROIC/ }).check();
    await page.getByLabel("Search columns").fill("country");
    await page.getByRole("checkbox", { name: /^Country/ }).uncheck();
    await page.keyboard.press("Escape");
    // The columns of the view shown (Overview), ROIC added and Country taken away.
    await expect(page).toHaveURL(/fields=full_ticker,companyName,marketCap_usd,peRatio,dividendYieldTTM,price,return_1y,sector,industry,returnOnInvestedCapital$/);
    await expect(page.locator('th[data-field="returnOnInvestedCapital"]')).toContainText("%");
    await expect(page.locator('th[data-field="country"]')).toHaveCount(0);
    // A fresh visit without fields in the URL uses the remembered columns, rendered by the server.
    await page.goto("/screener/");
    await expect(page.locator('th[data-field="returnOnInvestedCapital"]')).toBeVisible();
    await expect(page.locator('th[data-field="country"]')).toHaveCount(0);
    await page.getByRole("button", { name: /^Columns/ }).click();
    await page.getByRole("button", { name: "Default" }).click();
    await page.keyboard.press("Escape");
    await expect(page.locator('th[data-field="country"]')).toBeVisible();
  });

  test("the whole screen lives in the URL: reload, back and forward reproduce it", async ({ page }) => {
    await page.goto("/screener/");
    await addFilter(page, "sector", "Sector");
    await page.getByRole("button", { name: "Add Sector values" }).click();
    await page.getByPlaceholder(/Search \d+ values/).fill("Energy");
    await page.getByRole("option", { name: /Energy/ }).first().click();
    await page.keyboard.press("Escape");
    await expect(page).toHaveURL(/Energy/);
    await settled(page);
    const energyTotal = await totalShown(page);

    await addFilter(page, "dividend", "Dividend yield (TTM)");
    await page.getByLabel("Dividend yield (TTM) min").fill("3");
    await expect(page).toHaveURL(/dividendYieldTTM/);
    await settled(page);
    const withYield = await totalShown(page);
    expect(withYield).toBeLessThan(energyTotal);
    await page.getByRole("button", { name: "Sort by Dividend yield (TTM)" }).click();
    await expect(page).toHaveURL(/sort=dividendYieldTTM/);
    await settled(page);
    const sortedTickers = await tableTickers(page);

    await page.reload();
    // Back/forward are handled once the page is hydrated: wait until a button works.
    await page.getByRole("button", { name: "API request" }).click();
    await page.getByRole("button", { name: "Hide API request" }).click();
    await expect(page.getByLabel("Dividend yield (TTM) min")).toHaveValue("3");
    expect(await tableTickers(page)).toEqual(sortedTickers);

    await page.goBack(); // before the sort
    await expect(page).not.toHaveURL(/sort=/);
    await page.goBack(); // before the dividend filter
    await expect(page).not.toHaveURL(/dividendYieldTTM/);
    await expect(page.getByLabel("Dividend yield (TTM) min")).toHaveCount(0);
    await settled(page);
    expect(await totalShown(page)).toBe(energyTotal);
    await page.goForward();
    await expect(page.getByLabel("Dividend yield (TTM) min")).toHaveValue("3");
    await settled(page);
    expect(await totalShown(page)).toBe(withYield);
  });

  test("presets return companies, and screens saved by name come back", async ({ page }) => {
    await page.goto("/screener/");
    await page.getByRole("button", { name: "Screens" }).click();
    await page.getByRole("button", { name: /Quality compounders/ }).click();
    await expect(page).toHaveURL(/incomeStatementGrowth/);
    await expect(page.getByTestId("endpoint-badge")).toHaveText("advanced endpoint");
    await settled(page);
    expect(await totalShown(page)).toBeGreaterThan(5);
    await expect(page.locator('th[data-field="returnOnInvestedCapital_avg3y_fy0"]')).toContainText("rule");
    await expect(page.getByLabel("Return on invested capital rule 1 min")).toHaveValue("15");
    await expect(page.getByLabel("Income statement growth rule 1 min")).toHaveValue("10");
    await snapshot(page, "screener-preset-quality-compounders");
    const presetUrl = page.url();

    await page.getByRole("button", { name: "Screens" }).click();
    await page.getByLabel("Name of the screen to save").fill("My compounders");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await page.keyboard.press("Escape");
    await page.goto("/screener/");
    await page.getByRole("button", { name: "Screens" }).click();
    await page.getByRole("list", { name: "Saved screens" }).getByRole("button", { name: "My compounders", exact: true }).click();
    await expect(page).toHaveURL(presetUrl);
  });
});
