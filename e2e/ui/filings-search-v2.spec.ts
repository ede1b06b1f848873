import { type Page, expect, test } from "@playwright/test";
import { type FilingSearchV2Response, FilingSearchV2ResponseSchema } from "@/lib/filings/search-v2-schema";
import { apiPanelBody, searchSettled, shownHitCompanies, shownHitIds } from "./filings-support";
import { newApiKey } from "./page-support";

/** The public v2 search with a key. */
async function searchV2(page: Page, key: string, body: unknown): Promise<FilingSearchV2Response> {
  const response = await page.request.post("/api/v2/filings/search/", { data: body, headers: { authorization: `Bearer ${key}` } });
  expect(response.status(), await response.text()).toBe(200);
  return FilingSearchV2ResponseSchema.parse(await response.json());
}

test("the filings page searches several companies, form groups and a period range, newest first, and loads more pages as v2 answers them", async ({ page }) => {
  const key = newApiKey();
  await page.goto("/filings/");
  await page.getByRole("textbox", { name: "Query 1", exact: true }).fill("share repurchases");
  await page.getByLabel("Several companies").fill("MMM, KO");
  await page.getByRole("checkbox", { name: "Annual" }).check();
  await page.getByLabel("Period ended from").fill("2019-01-01");
  await page.getByLabel("Sort by").selectOption("date");
  await page.getByRole("button", { name: "Search", exact: true }).click();

  await expect(page).toHaveURL(/sort=date.*tickers=MMM,KO&form_group=annual&period_from=2019-01-01/);
  await searchSettled(page);
  const body = await apiPanelBody(page);
  expect(body).toEqual({ queries: ["share repurchases"], sort: "date", results: 10, tickers: ["MMM", "KO"], form_groups: ["annual"], period_end: { from: "2019-01-01" } });
  const first = await searchV2(page, key, body);
  expect(first.results).toHaveLength(10);
  expect(first.next_cursor).not.toBeNull();
  expect(await shownHitIds(page)).toEqual(first.results.map((h) => h.id));
  expect(new Set(await shownHitCompanies(page))).toEqual(new Set(["NYSE:MMM", "NYSE:KO"]));

  await page.getByRole("button", { name: "Load more" }).click();
  await expect(page.getByTestId("hit-count")).toHaveText("20");
  const second = await searchV2(page, key, { ...body, cursor: first.next_cursor });
  expect(await shownHitIds(page)).toEqual([...first.results, ...second.results].map((h) => h.id));
  const dates = [...first.results, ...second.results].map((h) => h.filing.filed.earliest ?? "");
  expect(dates).toEqual([...dates].sort().reverse());
});

test("a shared link with v2 members fills the form, and the form's own check names a bad period", async ({ page }) => {
  await page.goto("/filings/?q=revenue&tickers=MMM,JPM&form_group=quarterly&form_group=earnings&period_to=2023-12-31");
  await searchSettled(page);
  await expect(page.getByLabel("Several companies")).toHaveValue("MMM, JPM");
  await expect(page.getByRole("checkbox", { name: "Quarterly" })).toBeChecked();
  await expect(page.getByRole("checkbox", { name: "Earnings releases" })).toBeChecked();
  await expect(page.getByRole("checkbox", { name: "Annual" })).not.toBeChecked();
  await expect(page.getByLabel("Period ended by")).toHaveValue("2023-12-31");

  await page.getByLabel("Period ended from").fill("2024-06-30");
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page.locator('[data-error-for="period_end"]')).toContainText("`from` must not be after `to`");
});

test("a company without filings among several is named above the others' hits, not dropped silently", async ({ page }) => {
  await page.goto("/filings/?q=share+repurchase&tickers=ZTS,AAPL");
  await searchSettled(page);
  await expect(page.getByTestId("search-notice")).toContainText("No filings in the corpus for ZTS (Zoetis");
  await expect(page.getByTestId("hits").locator("li").first()).toBeVisible();
});

test("on a phone the filters fold under a button that counts those set, so the hits follow the query box", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/filings/?q=share+repurchase&ticker=MMM&sort=date");
  await searchSettled(page);
  await expect(page.getByLabel("Company name")).toBeHidden();
  await expect(page.getByTestId("hits").locator("li").first()).toBeInViewport();
  await page.getByRole("button", { name: "Filters (2 set)" }).click();
  await expect(page.getByLabel("Ticker", { exact: true })).toHaveValue("MMM");
  await page.getByRole("button", { name: "Hide filters" }).click();
  await expect(page.getByLabel("Company name")).toBeHidden();
  // An error in a filter opens them.
  await page.goto("/filings/?q=revenue&period_from=2024-06-30&period_to=2023-12-31");
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page.locator('[data-error-for="period_end"]')).toBeVisible();
  // Wider screens always show them.
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto("/filings/?q=share+repurchase&ticker=MMM");
  await expect(page.getByLabel("Company name")).toBeVisible();
  await expect(page.getByRole("button", { name: /^Filters/ })).toBeHidden();
});

test("words and phrases to leave out go into the link and the v2 request, and no hit shown holds them", async ({ page }) => {
  const key = newApiKey();
  await page.goto("/filings/?q=layoffs");
  await searchSettled(page);
  await page.getByLabel("Leave out passages with").fill("restructuring, severance pay");
  await page.getByRole("button", { name: "Search", exact: true }).click();

  await expect(page).toHaveURL(/exclude=restructuring&exclude=severance\+pay/);
  await searchSettled(page);
  const body = await apiPanelBody(page);
  expect(body).toEqual({ queries: ["layoffs"], results: 10, exclude: ["restructuring", "severance pay"] });
  const answer = await searchV2(page, key, body);
  expect(answer.results.length).toBeGreaterThan(0);
  expect(await shownHitIds(page)).toEqual(answer.results.map((h) => h.id));
  for (const text of await page.getByTestId("hit-text").allTextContents()) expect(text).not.toMatch(/\brestructur|severance\s+pay\b/i);

  // A shared link fills the field; a word-less entry is named at the field.
  await page.goto("/filings/?q=layoffs&exclude=restructuring&exclude=severance+pay");
  await searchSettled(page);
  await expect(page.getByLabel("Leave out passages with")).toHaveValue("restructuring, severance pay");
  await page.getByLabel("Leave out passages with").fill("restructuring, %%");
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page.locator('[data-error-for="exclude"]')).toContainText("give a word or phrase");
});
