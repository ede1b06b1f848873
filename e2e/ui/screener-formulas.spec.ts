import { expect, test } from "@playwright/test";
import type { FilterOutcome } from "@/lib/screener/response-schema";
import { formatCount as count } from "@/lib/screener/value-format";
import { pageToken } from "@/test/support/page-token";
import { newApiKey, snapshot } from "./page-support";
import { settled, table, tableTickers, totalShown } from "./screener-support";

/** The screen: free cash flow yield ≥ 8%, ROIC in the top fifth of its sector, price above its 200-day average, sorted by a three-factor score. */
const FORMULAS = [
  { name: "fcf_yield", expression: "(operatingCashFlow + capitalExpenditures) / marketCap_usd", unit: "percent", min: 0.08 },
  { name: "roic_pct", expression: "pct(returnOnInvestedCapital, sector)", min: 80 },
  { name: "score", expression: "(pct(fcf_yield) + roic_pct + pct(price_vs_sma_200)) / 3" },
];

test.describe("screener formulas", () => {
  test("a link's formulas run on the v2 endpoint and show their columns, as the public API answers them", async ({ page }) => {
    const filters = { price_vs_sma_200: { min: 0 } };
    await page.goto(`/screener/?filters=${encodeURIComponent(JSON.stringify(filters))}&sort=score&formulas=${encodeURIComponent(JSON.stringify(FORMULAS))}`);
    await settled(page);
    for (const name of ["fcf_yield", "roic_pct", "score"]) await expect(table(page).locator(`th[data-field="${name}"]`)).toBeVisible();
    // The reasons explain empty cells; they are no columns of their own.
    await expect(table(page).locator('th[data-field="score_reason"]')).toHaveCount(0);

    await page.getByRole("button", { name: "API request" }).click();
    await expect(page.getByTestId("api-endpoint")).toContainText("/api/v2/screener/basic/");
    const body = JSON.parse((await page.getByTestId("api-body").textContent())!) as Record<string, unknown>;
    expect(body.formulas).toEqual(FORMULAS);
    const response = await page.request.post("/api/v2/screener/basic/", { data: body, headers: { authorization: `Bearer ${newApiKey()}` } });
    expect(response.status()).toBe(200);
    const api = (await response.json()) as { total: number; rows: { full_ticker: string; score: number }[] };
    expect(api.total).toBeGreaterThan(0);
    expect(await totalShown(page)).toBe(api.total);
    expect(await tableTickers(page)).toEqual(api.rows.map((r) => r.full_ticker));
    await page.getByRole("button", { name: "Hide API request" }).click();
    await snapshot(page, "screener-formulas");
  });

  test("a bounded formula says what it left out for missing data, as the page's outcomes operation counts it", async ({ page, baseURL }) => {
    const filters = { price_vs_sma_200: { min: 0 } };
    const response = await page.request.post("/api/ui/screener/outcomes/", {
      data: { filters, formulas: FORMULAS },
      headers: { "sec-fetch-site": "same-origin", "x-ui-token": await pageToken(baseURL!) },
    });
    expect(response.status(), await response.text()).toBe(200);
    const api = (await response.json()) as { total: number; filter_outcomes: Record<string, FilterOutcome> };
    expect(Object.keys(api.filter_outcomes).sort()).toEqual(["fcf_yield", "price_vs_sma_200", "roic_pct"]);
    await page.goto(`/screener/?filters=${encodeURIComponent(JSON.stringify(filters))}&formulas=${encodeURIComponent(JSON.stringify(FORMULAS))}`);
    await settled(page);
    expect(await totalShown(page)).toBe(api.total);
    for (const [i, name] of [[0, "fcf_yield"], [1, "roic_pct"]] as const) {
      const outcome = api.filter_outcomes[name]!;
      expect(outcome.missing).toBeGreaterThan(0);
      const line = page.getByTestId(`formula-${i}`).getByTestId("filter-outcome");
      await expect(line).toContainText(`${count(outcome.passed)} kept · ${count(outcome.failed)} failed the condition · ${count(outcome.missing)} left out for missing data`);
      for (const reason of outcome.missing_reasons) await expect(line).toContainText(`${count(reason.companies)}: ${reason.reason}`);
    }
    // The score has no bounds: it leaves nothing out.
    await expect(page.getByTestId("formula-2").getByTestId("filter-outcome")).toHaveCount(0);
    // An edited formula has not filtered yet: its line goes until it is applied.
    await page.getByTestId("formula-0").getByLabel("min").fill("0.1");
    await expect(page.getByTestId("formula-0").getByTestId("filter-outcome")).toHaveCount(0);
  });

  test("the editor completes names, shows a formula's error where it is, and applies formulas to the URL", async ({ page }) => {
    await page.goto("/screener/");
    const editor = page.getByTestId("formula-editor");
    await editor.getByRole("button", { name: "Add formula" }).click();
    const expression = editor.getByLabel("Formula 1 expression");
    await expression.fill("revenue / (");
    await expect(editor.getByRole("alert")).toHaveText(/^⚠ at character 12: expected a number, a name or "\(", found the end of the formula/);
    await expect(editor.getByRole("button", { name: "Apply formulas" })).toBeDisabled();

    await expression.fill("operatingC");
    await editor.getByRole("list", { name: "Names for formula 1" }).getByRole("button", { name: "operatingCashFlow" }).click();
    await expect(expression).toHaveValue("operatingCashFlow");
    await expression.press("End");
    await expression.pressSequentially(" / marketCap_usd");
    await editor.getByLabel("Formula 1 name").fill("ocf_yield");
    await editor.getByLabel("min").fill("0.05");
    await expect(editor.getByRole("alert")).toHaveCount(0);
    await editor.getByRole("button", { name: "Apply formulas" }).click();

    await expect(page).toHaveURL(/formulas=/);
    await settled(page);
    const formulas = JSON.parse(new URL(page.url()).searchParams.get("formulas")!) as unknown;
    expect(formulas).toEqual([{ name: "ocf_yield", expression: "operatingCashFlow / marketCap_usd", min: 0.05 }]);
    await expect(table(page).locator('th[data-field="ocf_yield"]')).toBeVisible();
    // Sorting by the formula: its column header sorts like any other.
    await table(page).locator('th[data-field="ocf_yield"]').getByRole("button").first().click();
    await expect(page).toHaveURL(/sort=ocf_yield/);
    await settled(page);
  });

  test("the percentile and score builders write formulas whose parts add up to the score", async ({ page }) => {
    await page.goto("/screener/");
    const editor = page.getByTestId("formula-editor");
    await editor.getByRole("button", { name: "Percentile filter" }).click();
    await editor.getByLabel("Percentile of").selectOption("returnOnInvestedCapital");
    await editor.getByLabel("Percentile within").selectOption("sector");
    await editor.getByRole("button", { name: "Add percentile" }).click();
    await editor.getByRole("button", { name: "Multi-factor score" }).click();
    await editor.getByLabel("Factor 1 weight").fill("2");
    await editor.getByRole("button", { name: "Add score" }).click();
    await editor.getByRole("button", { name: "Apply formulas" }).click();
    await expect(page).toHaveURL(/formulas=/);
    await settled(page);

    const formulas = JSON.parse(new URL(page.url()).searchParams.get("formulas")!) as { name: string; expression: string; min?: number }[];
    expect(formulas).toEqual([
      { name: "returnoninvestedcapital_pct_sector", expression: "pct(returnOnInvestedCapital, sector)", min: 80 },
      { name: "score_returnoninvestedcapital", expression: "0.5 * pct(returnOnInvestedCapital, sector)" },
      { name: "score_peratio", expression: "0.25 * (100 - pct(peRatio))" },
      { name: "score_price_vs_sma_200", expression: "0.25 * pct(price_vs_sma_200)" },
      { name: "score", expression: "score_returnoninvestedcapital + score_peratio + score_price_vs_sma_200" },
    ]);
    // Sorted by the score through the public API: every row's parts add up to its score.
    const response = await page.request.post("/api/v2/screener/basic/", {
      data: { formulas, sort: { field: "score" }, page: { limit: 20 }, fields: ["full_ticker"] },
      headers: { authorization: `Bearer ${newApiKey()}` },
    });
    const api = (await response.json()) as { total: number; rows: Record<string, number | null>[] };
    expect(api.total).toBeGreaterThan(5);
    for (const row of api.rows) {
      expect(row.returnoninvestedcapital_pct_sector).toBeGreaterThanOrEqual(80);
      expect(row.score).toBeCloseTo(row.score_returnoninvestedcapital! + row.score_peratio! + row.score_price_vs_sma_200!, 9);
    }
    await expect(table(page).locator('th[data-field="score_peratio"]')).toBeVisible();
  });
});
