import { expect, test } from "@playwright/test";
import { monthsBefore } from "@/lib/charts/price-ranges";
import { readDatabase, snapshot } from "./page-support";

/** IBM's prices up to the as-of date, and the number of companies the benchmark averages, from the database. */
const stored = () =>
  readDatabase((db) => {
    const asOf = db.prepare("SELECT value FROM meta WHERE key = 'as_of'").pluck().get() as string;
    const id = db.prepare("SELECT id FROM companies WHERE full_ticker = 'NYSE:IBM'").pluck().get() as number;
    const dates = db.prepare("SELECT date FROM daily_prices WHERE company_id = ? AND date <= ? ORDER BY date").pluck().all(id, asOf) as string[];
    const companies = db.prepare("SELECT count(DISTINCT company_id) FROM daily_prices WHERE date <= ?").pluck().get(asOf) as number;
    return { dates, companies };
  });

test.describe("company page charts", () => {
  test("the price chart has ranges up to the as-of date, a log scale, volume and the benchmark, with values on hover and keys", async ({ page }) => {
    const { dates, companies } = stored();
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    await page.goto("/company/NYSE:IBM/");
    const chart = page.getByTestId("price-chart");
    const readout = page.getByTestId("price-readout");
    await expect(chart.locator("canvas").first()).toBeVisible();
    await expect(chart).toHaveAttribute("data-points", String(dates.length));
    await expect(page.getByTestId("benchmark-legend")).toContainText(`equal-weighted mean of the daily returns of all ${companies} companies with prices`);

    // Each range ends on the last day up to the as-of date and starts on its first day inside the range.
    for (const [name, months] of [["1M", 1], ["1Y", 12], ["5Y", 60]] as const) {
      await page.getByRole("button", { name, exact: true }).click();
      const from = monthsBefore(dates.at(-1)!, months);
      const inRange = dates.filter((d) => d >= from);
      await expect(chart).toHaveAttribute("data-points", String(inRange.length));
      await chart.focus();
      await page.keyboard.press("Home");
      await expect(readout).toContainText(`${inRange[0]} · `);
      // At the range's start the benchmark is rebased to the close: both read the same.
      const text = (await readout.textContent())!;
      const close = /· ([\d,.]+) /.exec(text)![1];
      expect(text).toContain(`benchmark ${close}`);
      expect(text).toContain("+0.0% in range");
      await page.keyboard.press("End");
      await expect(readout).toContainText(`${dates.at(-1)} · `);
    }
    await page.keyboard.press("ArrowLeft");
    await expect(readout).toContainText(`${dates.at(-2)} · `);

    await page.getByRole("button", { name: "Log scale" }).click();
    await expect(chart).toHaveAttribute("data-scale", "log");
    await expect(page.getByRole("button", { name: "Log scale" })).toHaveAttribute("aria-pressed", "true");
    await expect(readout).toContainText("volume ");
    await page.getByRole("button", { name: "Volume", exact: true }).click();
    await expect(readout).not.toContainText("volume ");
    await page.getByRole("button", { name: "Benchmark", exact: true }).click();
    await expect(readout).not.toContainText("benchmark ");
    await expect(page.getByTestId("benchmark-legend")).toHaveCount(0);
    await page.getByRole("button", { name: "Benchmark", exact: true }).click();
    await page.getByRole("button", { name: "Volume", exact: true }).click();

    // Hovering the left edge of the plot reads out an early day of the range.
    await page.getByRole("button", { name: "Max" }).click();
    await expect(chart).toHaveAttribute("data-points", String(dates.length));
    // The chart is redrawn for the new range once uPlot has loaded: hover until the new one answers.
    await chart.scrollIntoViewIfNeeded();
    await expect(async () => {
      const box = (await chart.locator(".u-over").boundingBox())!;
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      await page.mouse.move(box.x + 2, box.y + box.height / 2);
      await expect(readout).toContainText(`${dates[0]!.slice(0, 4)}-`, { timeout: 1000 });
    }).toPass();
    await snapshot(page, "company-price-chart");
    // Every redraw (ranges, log scale, series toggles) went through.
    expect(errors).toEqual([]);
  });

  test("the fundamentals bars read out each year's values on hover and with the keyboard", async ({ page }) => {
    await page.goto("/company/NYSE:IBM/");
    const chart = page.getByTestId("fundamentals-chart");
    const readout = page.getByTestId("fundamentals-readout");
    const table = page.getByTestId("fiscal-table");
    const years = await table.locator("thead th").allTextContents();
    const labels = years.slice(1).map((y) => /FY\d{4}/.exec(y)![0]);
    const revenue = await table.locator('tr[data-metric="revenue"] td').allTextContents();
    await chart.focus();
    await page.keyboard.press("Home");
    await expect(readout).toContainText(`${labels[0]}: Revenue ${revenue[0]}`);
    await page.keyboard.press("ArrowRight");
    await expect(readout).toContainText(`${labels[1]}: Revenue ${revenue[1]}`);
    await page.keyboard.press("End");
    await expect(readout).toContainText(`${labels.at(-1)}: Revenue ${revenue.at(-1)}`);
    const box = (await chart.boundingBox())!;
    await page.mouse.move(box.x + box.width * 0.1, box.y + box.height / 2);
    await expect(chart).toHaveAttribute("data-cursor", labels[0]!);
    await expect(readout).toContainText(`${labels[0]}: Revenue ${revenue[0]}`);
  });

  test("at 390x844 the charts fit the screen", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/company/NYSE:IBM/");
    await expect(page.getByTestId("price-chart").locator("canvas").first()).toBeVisible();
    await page.getByTestId("price-chart").scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await snapshot(page, "company-price-chart-phone");
  });

  test("at 390x844 a company with filings does not scroll sideways (the filings table scrolls in its own box)", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/company/NASDAQ:AAPL/");
    await expect(page.getByTestId("company-filings").locator("tbody tr").first()).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});
