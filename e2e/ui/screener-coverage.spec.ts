import { expect, type Page, test } from "@playwright/test";
import { pageToken } from "@/test/support/page-token";
import { newApiKey, snapshot } from "./page-support";
import { addFilter, filterCard, postApi, settled } from "./screener-support";

/** Coverage where a choice is made, and what each filter of a screen left out: the public API's numbers. */

interface Coverage {
  filters: Record<string, { companies: number; horizons?: Record<string, Record<string, number>>; fy_offsets?: Record<string, number> }>;
}
interface Outcome {
  considered: number;
  passed: number;
  failed: number;
  missing: number;
  missing_reasons: { reason: string; companies: number }[];
}

async function coverageOf(page: Page, key: string): Promise<Coverage> {
  const response = await page.request.get("/api/v1/screener/options/", { headers: { authorization: `Bearer ${key}` } });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { coverage: Coverage }).coverage;
}

const count = (n: number) => n.toLocaleString("en-US");

test.describe("screener coverage", () => {
  test("the growth horizon picker says how many companies have data for each horizon and marks the thin ones", async ({ page }) => {
    const coverage = await coverageOf(page, newApiKey());
    const revenue = coverage.filters.incomeStatementGrowth!.horizons!.revenue!;
    await page.goto("/screener/");
    await addFilter(page, "growth", "Income statement growth");
    const horizon = page.getByLabel("Income statement growth rule 1: horizon");
    await horizon.selectOption("5");
    // Few companies have five years of revenue: the choice says so (and the spec's horizons stay offered).
    const five = revenue["5"]!;
    expect(five).toBeLessThan(20);
    await expect(horizon.locator('option[value="5"]')).toHaveText(five === 0 ? "over 5y (no data)" : `over 5y (${count(five)} ${five === 1 ? "company" : "companies"}, few)`);
    await expect(horizon.locator('option[value="3"]')).toHaveText(`over 3y (${count(revenue["3"]!)} companies)`);
    await expect(horizon.locator("option")).toHaveCount(7);
    const line = page.getByTestId("horizon-coverage");
    await expect(line).toHaveText(`Revenue over 5 years: ${five === 0 ? "no company has" : `${count(five)} ${five === 1 ? "company has" : "companies have"}`} data`);
    await expect(line).toHaveClass(/amber|red/);

    // A fiscal year few companies reach is marked the same way.
    const roic = coverage.filters.returnOnInvestedCapital!.fy_offsets!;
    await addFilter(page, "invested capital", "Return on invested capital");
    await page.getByLabel("Return on invested capital rule 1: operand").selectOption("fy");
    const fiscalYear = page.getByLabel("Return on invested capital rule 1: fiscal year");
    await expect(fiscalYear.locator('option[value="0"]')).toHaveText(`latest FY (${count(roic["0"]!)} companies)`);
    await fiscalYear.selectOption("5");
    await expect(page.getByTestId("operand-coverage")).toHaveText(`FY−5: ${count(roic["5"]!)} ${roic["5"] === 1 ? "company has" : "companies have"} data`);
  });

  test("a market-cap screen says how many companies were left out for missing data, apart from those that failed, and why", async ({ page, baseURL }) => {
    const key = newApiKey();
    const filters = { marketCap_usd: { min: 10_000_000_000 } };
    // What the page's own operation answers agrees with the public screen's total.
    const response = await page.request.post("/api/ui/screener/outcomes/", { data: { filters }, headers: { "sec-fetch-site": "same-origin", "x-ui-token": await pageToken(baseURL!) } });
    expect(response.status(), await response.text()).toBe(200);
    const api = (await response.json()) as { total: number; filter_outcomes: Record<string, Outcome> };
    expect(api.total).toBe((await postApi(page, key, "basic", { filters, page: { limit: 1 } })).total);
    const outcome = api.filter_outcomes.marketCap_usd!;
    expect(outcome.missing).toBeGreaterThan(0);
    await page.goto("/screener/");
    const card = await addFilter(page, "market cap", "Market cap");
    await page.getByLabel("Market cap min").fill("10B");
    await settled(page);
    await expect(page).toHaveURL(/marketCap_usd/);
    const line = card.getByTestId("filter-outcome");
    await expect(line).toContainText(`${count(outcome.passed)} kept · ${count(outcome.failed)} failed the condition · ${count(outcome.missing)} left out for missing data`);
    for (const reason of outcome.missing_reasons) await expect(line).toContainText(`${count(reason.companies)}: ${reason.reason}`);
    await expect(line).toContainText("no share count in the data");

    // On a phone (the filters are in a drawer there) the card's lines wrap inside the screen.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole("button", { name: "Filters (1)" }).click();
    await expect(line).toBeVisible();
    const box = await line.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    await snapshot(page, "screener-filter-outcome-phone");
    await expect(filterCard(page, "Market cap")).toContainText(`${count((await coverageOf(page, key)).filters.marketCap_usd!.companies)} with data`);
  });
});
