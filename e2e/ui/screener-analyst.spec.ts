import { readFile } from "node:fs/promises";
import { expect, type Page, test } from "@playwright/test";
import { FIELD_BY_NAME } from "@/lib/screener/catalog";
import { newApiKey, snapshot } from "./page-support";
import { addFilter, allApiTickers, postApi, settled, table, tableTickers, totalShown } from "./screener-support";

/** The "done when": an advanced screen built, sorted, exported and shared, all in the browser. */

const columnsShown = (page: Page) => table(page).locator("thead th[data-field]").evaluateAll((ths) => ths.map((th) => th.getAttribute("data-field")));
const apiBody = async (page: Page) => JSON.parse((await page.getByTestId("api-body").textContent())!) as Record<string, unknown> & { filters: unknown };

/** Waits until the page is hydrated (its buttons respond), leaving the focus on a button. */
async function hydrated(page: Page) {
  await page.getByRole("button", { name: "API request" }).click();
  await page.getByRole("button", { name: "Hide API request" }).click();
}

test("an analyst builds an advanced screen with growth and volatility rules, sorts it, exports it and shares the link", async ({ page, context, browser }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  const key = newApiKey();
  await page.goto("/screener/");

  // Leave out financials (multi-select exclude).
  const sector = await addFilter(page, "sector", "Sector");
  await sector.getByLabel("is none of").check();
  await sector.getByRole("button", { name: "Add Sector values" }).click();
  await page.getByPlaceholder(/Search \d+ values/).fill("Financials");
  await page.getByRole("option", { name: /Financials/ }).first().click();
  await page.keyboard.press("Escape");
  // Revenue CAGR over 3 years in USD of at least 5% a year.
  await addFilter(page, "growth", "Income statement growth");
  const growth = "Income statement growth rule 1";
  await page.getByLabel(`${growth}: metric`).selectOption("revenue");
  await page.getByLabel(`${growth}: value type`).selectOption("cagr");
  await page.getByLabel(`${growth}: horizon`).selectOption("3");
  await page.getByLabel(`${growth}: currency basis`).selectOption("usd");
  await page.getByLabel(`${growth} min`).fill("5");
  // 1-year volatility at most 40%.
  await addFilter(page, "volatility rules", "Volatility rules");
  await page.getByLabel("Volatility rules rule 1: field").selectOption("daily_return_vol_1y_annualized");
  await page.getByLabel("Volatility rules rule 1 max").fill("40");
  // 3-year average ROIC of at least 10%.
  await addFilter(page, "invested capital", "Return on invested capital");
  await page.getByLabel("Return on invested capital rule 1: operand").selectOption("average");
  await page.getByLabel("Return on invested capital rule 1: years").selectOption("3");
  await page.getByLabel("Return on invested capital rule 1 min").fill("10");
  await expect(page.getByTestId("endpoint-badge")).toHaveText("advanced endpoint");

  // Sort by 1-year total return (descending first).
  await expect(page).toHaveURL(/returnOnInvestedCapital/);
  await settled(page);
  await page.getByRole("button", { name: "Sort by 1-year total return" }).click();
  await expect(page).toHaveURL(/sort=return_1y/);
  await settled(page);
  await expect(page.locator('th[data-field="return_1y"]')).toHaveAttribute("aria-sort", "descending");

  // The API panel shows the request; the public API answers it with the table's rows.
  await snapshot(page, "screener-analyst-advanced-screen");
  await page.getByRole("button", { name: "API request" }).click();
  const body = await apiBody(page);
  expect(body.filters).toEqual({
    sector: { operator: "exclude", values: ["Financials"] },
    incomeStatementGrowth: { rules: [{ metric: "revenue", horizon_years: 3, value_type: "cagr", currency_basis: "usd", min: 0.05 }] },
    volatility: { rules: [{ kind: "range", field: "daily_return_vol_1y_annualized", max: 0.4 }] },
    returnOnInvestedCapital: { missing_policy: "strict", rules: [{ kind: "range", operand: { kind: "average", years: 3, anchor: { scope: "fy", offset: 0 } }, min: 0.1 }] },
  });
  expect(body.sort).toEqual({ field: "return_1y", desc: true });
  const api = await postApi(page, key, "advanced", body);
  expect(api.total).toBeGreaterThan(10);
  expect(api.total).toBeLessThan(100);
  expect(await totalShown(page)).toBe(api.total);
  const tickers = api.rows.map((r) => r.full_ticker as string);
  expect(await tableTickers(page)).toEqual(tickers);
  const derived = api.temporary_columns.map((t) => t.name);
  expect([...derived].sort()).toEqual(["returnOnInvestedCapital_avg3y_fy0", "revenueCagrUsd_3y"]);
  for (const name of derived) await expect(page.locator(`th[data-field="${name}"]`)).toBeVisible();

  // Export: every ticker (.txt) and the rows with the rule columns (CSV).
  await page.getByRole("button", { name: "Export" }).click();
  const txt = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download tickers (.txt)" }).click();
  expect((await readFile((await (await txt).path())!, "utf8")).trimEnd().split("\n")).toEqual(await allApiTickers(page, key, "advanced", body));
  const csv = page.waitForEvent("download");
  await page.getByRole("button", { name: /Download rows/ }).click();
  const lines = (await readFile((await (await csv).path())!, "utf8")).trimEnd().split("\n");
  // Headers: each field with its label (its basis), then the rule columns by name.
  expect(lines[0]).toBe([...api.loaded_fields.map((f) => `${f}: ${FIELD_BY_NAME.get(f)!.label}`), ...derived].join(","));
  expect(lines.slice(1).map((line) => line.split(",")[0])).toEqual(tickers);
  await page.keyboard.press("Escape");

  // Share: the copied link, opened in a fresh browser, reproduces the table.
  await page.getByRole("button", { name: "Copy link" }).click();
  await expect(page.getByRole("button", { name: "Link copied" })).toBeVisible();
  const link = await page.evaluate(() => navigator.clipboard.readText());
  expect(link).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/screener\/\?filters=/);
  const fresh = await browser.newContext();
  const other = await fresh.newPage();
  await other.goto(link);
  await settled(other);
  await expect(other.getByTestId("endpoint-badge")).toHaveText("advanced endpoint");
  await expect(other.locator('th[data-field="return_1y"]')).toHaveAttribute("aria-sort", "descending");
  expect(await columnsShown(other)).toEqual(await columnsShown(page));
  expect(await tableTickers(other)).toEqual(tickers);
  await expect(other.getByLabel(`${growth}: currency basis`)).toHaveValue("usd");
  await fresh.close();
});

test('"/" opens the add-filter picker from anywhere on the page, but not while typing in a field', async ({ page }) => {
  await page.goto("/screener/");
  await hydrated(page);
  await expect(page.getByRole("button", { name: "+ Add filter" })).toHaveAttribute("aria-keyshortcuts", "/");
  const search = page.getByPlaceholder(/Search filters/);
  await expect(search).toHaveCount(0);

  await page.keyboard.press("/");
  await expect(search).toBeFocused();
  await page.keyboard.type("dividend");
  await page.keyboard.press("Enter");
  const min = page.getByLabel("Dividend yield (TTM) min");
  await expect(min).toBeVisible();
  await expect(search).toHaveCount(0);

  // In a field, "/" is text.
  await min.click();
  await page.keyboard.type("3/");
  await expect(min).toHaveValue("3/");
  await expect(search).toHaveCount(0);
  await min.fill("3");

  // Anywhere else it opens the picker again, and Escape closes it.
  await page.getByRole("heading", { name: "Screener", exact: true }).click();
  await page.keyboard.press("/");
  await expect(search).toBeFocused();
  await expect(search).toHaveValue("");
  await page.keyboard.press("Escape");
  await expect(search).toHaveCount(0);
});

test("a TTM operand: none for gross margin (strict empties the screen and says why, skip_missing does not filter); return on equity's narrows it", async ({ page }) => {
  await page.goto(`/screener/?filters=${encodeURIComponent(JSON.stringify({ coverage: { values: ["fundamentals"] } }))}`);
  await settled(page);
  const withFundamentals = await totalShown(page);

  await addFilter(page, "gross margin", "Gross margin");
  await page.getByLabel("Gross margin rule 1: operand").selectOption("ttm");
  await page.getByLabel("Gross margin rule 1 min").fill("0");
  await expect(page.getByTestId("empty-results")).toContainText("Gross margin removed the last companies");
  await page.getByRole("button", { name: "API request" }).click();
  expect((await apiBody(page)).filters).toEqual({
    coverage: { operator: "include", values: ["fundamentals"] },
    grossMargin: { missing_policy: "strict", rules: [{ kind: "range", operand: { kind: "ttm" }, min: 0 }] },
  });

  await page.getByLabel("Gross margin: missing data").selectOption("skip_missing");
  await expect(page).toHaveURL(/skip_missing/);
  await settled(page);
  expect(await totalShown(page)).toBe(withFundamentals);

  // The 10-Qs give a TTM return on equity: a strict rule keeps the companies above it, with the column.
  await addFilter(page, "return on equity", "Return on equity");
  await page.getByLabel("Return on equity rule 1: operand").selectOption("ttm");
  await page.getByLabel("Return on equity rule 1 min").fill("20");
  await expect(page.locator('th[data-field="returnOnEquity_ttm"]')).toBeVisible();
  await settled(page);
  const kept = await totalShown(page);
  expect(kept).toBeGreaterThan(100);
  expect(kept).toBeLessThan(withFundamentals);
});
