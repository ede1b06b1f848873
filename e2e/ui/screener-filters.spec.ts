import { expect, test } from "@playwright/test";
import { newApiKey, snapshot } from "./page-support";
import { addFilter, filterCard, postApi, settled, tableTickers, totalShown } from "./screener-support";

test.describe("screener filter builder", () => {
  test("a screen with every input type matches the public API's answer to the request the API panel shows", async ({ page }) => {
    // Eleven filters edited, then every row read: a minute is not always enough on a loaded CI machine.
    test.setTimeout(120_000);
    await page.goto("/screener/");
    await expect(page.getByTestId("endpoint-badge")).toHaveText("basic endpoint");

    // multi_select
    const country = await addFilter(page, "country", "Country");
    await country.getByRole("button", { name: "Add Country values" }).click();
    await page.getByPlaceholder(/Search \d+ values/).fill("United States");
    await page.getByRole("option", { name: /^✓?\s*United States/ }).first().click();
    await page.keyboard.press("Escape");
    await expect(country.getByRole("button", { name: "Remove United States" })).toBeVisible();
    // range in USD with a suffix, range in percent
    await addFilter(page, "market cap", "Market cap");
    await page.getByLabel("Market cap min").fill("5B");
    await addFilter(page, "1-year total return", "1-year total return");
    await page.getByLabel("1-year total return min").fill("-50");
    // text
    await addFilter(page, "description", "Business description keywords");
    await page.getByLabel("Business description keywords", { exact: true }).fill("products");
    await expect(page.getByTestId("endpoint-badge")).toHaveText("basic endpoint");

    // metric rule group: trailing average range, then a compare with a constant
    const roic = await addFilter(page, "invested capital", "Return on invested capital");
    await page.getByLabel("Return on invested capital rule 1 min").fill("5");
    await roic.getByRole("button", { name: "+ Rule" }).click();
    await page.getByLabel("Return on invested capital rule 2: kind").selectOption("compare");
    await page.getByLabel("Return on invested capital rule 2: operator").selectOption("gt");
    await page.getByLabel("Return on invested capital rule 2 right: operand").selectOption("constant");
    await page.getByLabel("Return on invested capital rule 2 right: value").fill("0");
    // growth rule group: a multiple
    await addFilter(page, "growth", "Income statement growth");
    await page.getByLabel("Income statement growth rule 1: value type").selectOption("multiple");
    await page.getByLabel("Income statement growth rule 1 min").fill("0.5");
    // volatility rule group: a range and a compare
    const volatility = await addFilter(page, "volatility rules", "Volatility rules");
    await page.getByLabel("Volatility rules rule 1 max").fill("60");
    await volatility.getByRole("button", { name: "+ Rule" }).click();
    await page.getByLabel("Volatility rules rule 2: kind").selectOption("compare");
    await page.getByLabel("Volatility rules rule 2: operator").selectOption("lte");
    // composite member group
    await addFilter(page, "margins", "Margins");
    await page.getByLabel("Margins rule 1 min").fill("10");
    // legacy field_compare (valid as added: 1y < 5y)
    await addFilter(page, "legacy", "Volatility comparison (legacy)");

    await expect(page).toHaveURL(/volatility_compare/);
    await expect(page).toHaveURL(/margins/);
    await expect(page.getByTestId("endpoint-badge")).toHaveText("advanced endpoint");
    await settled(page);

    await page.getByRole("button", { name: "API request" }).click();
    await expect(page.getByTestId("api-endpoint")).toContainText("POST http://127.0.0.1");
    await expect(page.getByTestId("api-endpoint")).toContainText("/api/v1/screener/advanced/");
    await expect(page.getByTestId("api-curl")).toContainText('Authorization: Bearer $API_KEY');
    const body = JSON.parse((await page.getByTestId("api-body").textContent())!) as { filters: Record<string, Record<string, unknown>> };
    // Display units became API units.
    expect(body.filters.marketCap_usd).toEqual({ min: 5_000_000_000 });
    expect(body.filters.return_1y).toEqual({ min: -0.5 });
    expect(body.filters.country).toEqual({ operator: "include", values: ["United States"] });
    expect(body.filters.returnOnInvestedCapital).toEqual({
      missing_policy: "strict",
      rules: [
        { kind: "range", operand: { kind: "average", years: 3, anchor: { scope: "fy", offset: 0 } }, min: 0.05 },
        { kind: "compare", left: { kind: "fy", offset: 0 }, operator: "gt", right: { kind: "constant", value: 0 } },
      ],
    });
    expect(body.filters.incomeStatementGrowth).toEqual({ rules: [{ metric: "revenue", horizon_years: 3, value_type: "multiple", currency_basis: "reported", min: 0.5 }] });
    expect(Object.keys(body.filters)).toEqual(["country", "marketCap_usd", "return_1y", "description_keywords", "returnOnInvestedCapital", "incomeStatementGrowth", "volatility", "margins", "volatility_compare"]);
    await snapshot(page, "screener-every-input-type");

    const api = await postApi(page, newApiKey(), "advanced", body);
    expect(api.total).toBeGreaterThan(10);
    expect(await totalShown(page)).toBe(api.total);
    expect(await tableTickers(page)).toEqual(api.rows.map((r) => r.full_ticker));
    // Rule-derived values are shown as columns, as the API lists them.
    for (const column of api.temporary_columns) await expect(page.locator(`th[data-field="${column.name}"]`)).toBeVisible();
    expect(api.temporary_columns.length).toBeGreaterThan(2);
  });

  test("invalid input is explained next to the field and nothing is sent", async ({ page }) => {
    // The page's timers are the test's to run: however long the form waits before applying, the
    // invalid screen is never sent.
    await page.clock.install();
    await page.goto("/screener/");
    await addFilter(page, "market cap", "Market cap");
    const screensSent: string[] = [];
    page.on("request", (request) => {
      if (/\/api\/ui\/screener\/(basic|advanced)\//.test(request.url())) screensSent.push(request.postData() ?? "");
    });
    await page.getByLabel("Market cap min").fill("2.5Q");
    await expect(page.locator('[data-error-for="filters.marketCap_usd.min"]')).toHaveText(/Not a number: USD, e\.g\. 500M, 2\.5B, 1T/);
    await expect(page.getByLabel("Market cap min")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByText(/Not applied yet: fix the marked input/)).toBeVisible();
    await page.clock.runFor(60_000);
    expect(screensSent).toEqual([]);
    expect(page.url()).not.toContain("filters=");

    await page.getByLabel("Market cap min").fill("20B");
    await page.getByLabel("Market cap max").fill("10B");
    await expect(page.locator('[data-error-for="filters.marketCap_usd.min"]')).toHaveText("⚠ The minimum must not be above the maximum.");
    await page.getByLabel("Market cap max").fill("1T");
    await page.clock.runFor(60_000);
    await expect(page).toHaveURL(/marketCap_usd/);
    // The valid screen is sent once the form applies it.
    await expect.poll(() => screensSent.some((body) => body.includes("marketCap_usd"))).toBe(true);

    const text = await addFilter(page, "keywords", "Business description keywords");
    await expect(text.getByText("Not applied yet: Type at least one search term.")).toBeVisible();
    await page.getByLabel("Business description keywords", { exact: true }).fill("bank");
    await page.getByLabel("Business description keywords", { exact: true }).fill("   ");
    await expect(page.locator('[data-error-for="filters.description_keywords.fts"]')).toHaveText("⚠ Type at least one search term.");
    await snapshot(page, "screener-validation");
  });

  test("errors the API returns are shown next to the parameter they point at", async ({ page }) => {
    // Values that pass the form but not the API: a country the data does not have, and six growth rules.
    const rules = Array.from({ length: 6 }, () => ({ metric: "revenue", horizon_years: 3, value_type: "cagr", currency_basis: "reported", min: 0.1 }));
    const filters = { country: { values: ["Atlantis"] }, incomeStatementGrowth: { rules } };
    await page.goto(`/screener/?filters=${encodeURIComponent(JSON.stringify(filters))}`);
    // The answer comes through the query pool, where every browser test is one client (127.0.0.1):
    // with one screen at a time for it, beside another test's sorting it waited 9 s in the whole suite.
    await expect(page.locator('[data-error-for="filters.incomeStatementGrowth.rules"]')).toHaveText("⚠ At most 5 rules.", { timeout: 30_000 });
    await filterCard(page, "Income statement growth").getByRole("button", { name: "Remove Income statement growth filter" }).click();
    await expect(page.locator('[data-error-for="filters.country.values.0"]')).toHaveText('⚠ "Atlantis" is not one of this filter\'s values in the data.');
  });

  test("an empty screen says which filter removed everything", async ({ page }) => {
    const filters = { marketCap_usd: { min: 1e11 }, peRatio: { min: 0, max: 1 }, sector: { values: ["Energy"] } };
    await page.goto(`/screener/?filters=${encodeURIComponent(JSON.stringify(filters))}`);
    const empty = page.getByTestId("empty-results");
    await expect(empty).toContainText("No company matches every filter");
    await expect(empty).toContainText("P/E (latest FY EPS) removed the last companies");
    const counts = empty.getByRole("table", { name: "Companies left after each filter" });
    await expect(counts.getByRole("row")).toHaveCount(4);
    await expect(counts.getByRole("row").nth(1)).toContainText(/Market cap\s*\d+/);
    await snapshot(page, "screener-empty-results");
  });
});
