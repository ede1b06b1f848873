import { expect, test } from "@playwright/test";
import { binSpan } from "@/lib/screener/histogram";
import { formatValue } from "@/lib/screener/value-format";
import { newApiKey, snapshot } from "./page-support";
import { postApi } from "./screener-support";

const FILTERS = { marketCap_usd: { min: 1e10 }, country: { values: ["United States"] } };
const url = `/screener/?filters=${encodeURIComponent(JSON.stringify(FILTERS))}`;

const sumOf = async (values: Promise<(string | null)[]>) => (await values).reduce((sum, v) => sum + Number(v), 0);

test.describe("screener result charts", () => {
  test("a column's distribution covers every match against the data set, with the filter's bound, and the sector mix adds up", async ({ page }) => {
    const key = newApiKey();
    const { total } = await postApi(page, key, "basic", { filters: FILTERS, result_format: "tickers", page: { limit: 1 } });
    const withPe = await postApi(page, key, "advanced", { filters: { ...FILTERS, peRatio: { min: -1e12 } }, result_format: "tickers", page: { limit: 1 } });
    const allPe = async () => {
      const values: number[] = [];
      for (let offset = 0; ; offset += 1000) {
        const { rows } = await postApi(page, key, "advanced", { filters: { peRatio: { min: -1e12 } }, fields: ["peRatio"], page: { limit: 1000, offset } });
        values.push(...rows.map((r) => r.peRatio as number));
        if (rows.length < 1000) return values;
      }
    };
    const caps = await postApi(page, key, "basic", { filters: { marketCap_usd: { min: 0 } }, result_format: "tickers", page: { limit: 1 } });
    await page.goto(url);
    await expect(page.getByRole("region", { name: "Results" })).toHaveAttribute("data-state", "ready");
    await expect(page.getByTestId("histogram-chart")).toHaveCount(0);
    await page.getByRole("button", { name: /Charts of the results/ }).click();
    const chart = page.getByTestId("histogram-chart");
    await expect(chart).toBeVisible();
    // The sort column (market cap) by default, on a log scale; every match and every company with a value is in a bin.
    await expect(page.getByRole("combobox", { name: "Column to chart" })).toHaveValue("marketCap_usd");
    await expect(chart).toHaveAttribute("data-scale", "log");
    await expect(chart).toHaveAttribute("data-bins", "24");
    expect(await sumOf(chart.locator("[data-matches]").evaluateAll((els) => els.map((e) => e.getAttribute("data-matches"))))).toBe(total);
    expect(await sumOf(chart.locator("[data-universe]").evaluateAll((els) => els.map((e) => e.getAttribute("data-universe"))))).toBe(caps.total);
    await expect(page.getByTestId("bound-min")).toHaveAttribute("data-value", "10000000000");
    await expect(page.getByTestId("bound-min")).toContainText(`min ${formatValue(1e10, "usd")}`);
    await expect(page.getByTestId("bound-max")).toHaveCount(0);
    const sectors = page.getByTestId("sector-mix").locator("li");
    expect(await sumOf(sectors.evaluateAll((els) => els.map((e) => e.getAttribute("data-companies"))))).toBe(total);

    // The keyboard walks the bins; the read-out names each bin's companies.
    await chart.focus();
    await page.keyboard.press("End");
    await expect(page.getByTestId("histogram-readout")).toContainText("and above:");
    await page.keyboard.press("Home");
    // The lowest bin lies below the filter's bound (its edge depends on the smallest market cap in the data).
    await expect(page.getByTestId("histogram-readout")).toContainText(/^below \$[\d.]+[KMBT]?: 0 matching of \d+ in the data set$/);
    await snapshot(page, "screener-charts");

    // Another column: P/E, without a filter on it, counts the matches that have one.
    await page.getByRole("combobox", { name: "Column to chart" }).selectOption("peRatio");
    await expect(page.getByTestId("distribution-summary")).toContainText(`${withPe.total} of the ${total} matches have a value`);
    // P/E is positive (missing when EPS <= 0): its scale follows the spread of every company's value (lib/screener/histogram.ts).
    await expect(chart).toHaveAttribute("data-scale", binSpan(await allPe()).scale);
    await expect(page.getByTestId("bound-min")).toHaveCount(0);
    expect(await sumOf(chart.locator("[data-matches]").evaluateAll((els) => els.map((e) => e.getAttribute("data-matches"))))).toBe(withPe.total);
  });

  test("a rule column of the screen can be charted, and it is the default when the screen sorts by it", async ({ page }) => {
    const key = newApiKey();
    const rule = { kind: "range", operand: { kind: "average", years: 3, anchor: { scope: "fy", offset: 0 } }, min: 0.15 };
    const filters = { returnOnInvestedCapital: { rules: [rule] } };
    const column = "returnOnInvestedCapital_avg3y_fy0";
    const { total } = await postApi(page, key, "advanced", { filters, result_format: "tickers", page: { limit: 1 } });
    // Every company with three years of ROIC: the same rule without a real bound.
    const universe = await postApi(page, key, "advanced", { filters: { returnOnInvestedCapital: { rules: [{ ...rule, min: -1e12 }] } }, result_format: "tickers", page: { limit: 1 } });
    await page.goto(`/screener/?filters=${encodeURIComponent(JSON.stringify(filters))}&sort=${column}`);
    await expect(page.getByRole("region", { name: "Results" })).toHaveAttribute("data-state", "ready");
    await page.getByRole("button", { name: /Charts of the results/ }).click();
    const chart = page.getByTestId("histogram-chart");
    await expect(chart).toBeVisible();
    await expect(page.getByRole("combobox", { name: "Column to chart" })).toHaveValue(column);
    await expect(page.getByTestId("distribution-summary")).toContainText(`${total} of the ${total} matches have a value`);
    expect(await sumOf(chart.locator("[data-matches]").evaluateAll((els) => els.map((e) => e.getAttribute("data-matches"))))).toBe(total);
    expect(await sumOf(chart.locator("[data-universe]").evaluateAll((els) => els.map((e) => e.getAttribute("data-universe"))))).toBe(universe.total);
  });

  test("the distribution endpoint names a wrong field", async ({ page }) => {
    await page.goto("/screener/");
    // From the page itself, as the panel asks (the UI endpoints answer same-origin requests only).
    const answer = await page.evaluate(async () => {
      const token = document.querySelector<HTMLMetaElement>('meta[name="ui-token"]')!.content;
      const r = await fetch("/api/ui/screener/distribution/", { method: "POST", headers: { "content-type": "application/json", "x-ui-token": token }, body: JSON.stringify({ filters: {}, field: "companyName" }) });
      return { status: r.status, body: await r.text() };
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toContain('"pointer":"/field"');
  });

  test("at 390x844 the charts fit the screen", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(url);
    await expect(page.getByRole("region", { name: "Results" })).toHaveAttribute("data-state", "ready");
    await page.getByRole("button", { name: /Charts of the results/ }).click();
    await expect(page.getByTestId("histogram-chart")).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await snapshot(page, "screener-charts-phone");
  });
});
