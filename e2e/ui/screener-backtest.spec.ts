import { readFile } from "node:fs/promises";
import { expect, type Page, test } from "@playwright/test";
import type { BacktestResponse } from "@/lib/screener/backtest-schema";
import { formatValue } from "@/lib/screener/value-format";
import { newApiKey, snapshot } from "./page-support";
import { settled, totalShown } from "./screener-support";

/** The screener's as-of date and its Backtest view, held against the public API v2 for the same requests. */

const filters = { marketCap_usd: { min: 50_000_000_000 }, dividendYieldTTM: { min: 0.02 } };
const screenUrl = (extra: string) => `/screener/?filters=${encodeURIComponent(JSON.stringify(filters))}${extra}`;
const backtestUrl = (start: string, end: string, rebalance: string) => screenUrl(`&tab=backtest&start=${start}&end=${end}&rebalance=${rebalance}`);

async function postV2<T>(page: Page, key: string, path: string, body: unknown): Promise<T> {
  const response = await page.request.post(`/api/v2/screener/${path}/`, { data: body, headers: { authorization: `Bearer ${key}` } });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as T;
}

interface TickersPage {
  as_of: string;
  total: number;
  tickers: string[];
}

const pageOverflow = (page: Page) => page.evaluate(() => document.scrollingElement!.scrollWidth - window.innerWidth);

/** The Backtest view once its request has been answered. */
async function backtestReady(page: Page) {
  await expect(page.getByTestId("backtest-view")).toHaveAttribute("data-state", /ready|error/, { timeout: 20_000 });
}

test.describe("screener as of a date", () => {
  test("as_of in the URL changes the results, matches the v2 API for the same body and is rendered on the server", async ({ page }) => {
    const key = newApiKey();
    const tickers = (as_of?: string) => postV2<TickersPage>(page, key, "basic", { filters, result_format: "tickers", page: { limit: 1000 }, ...(as_of ? { as_of } : {}) });
    const [latest, past, weekend] = await Promise.all([tickers(), tickers("2014-12-31"), tickers("2015-01-03")]);
    // The date matters for this screen, or the test could not tell the dates apart.
    expect(past.tickers).not.toEqual(latest.tickers);
    expect(weekend.as_of).toBe("2015-01-02");

    const html = await (await page.request.get(screenUrl("&as_of=2014-12-31"))).text();
    expect(html).toMatch(new RegExp(`data-testid="result-total"[^>]*>${past.total}<`));

    await page.goto(screenUrl("&as_of=2014-12-31&fields=full_ticker,companyName"));
    await settled(page);
    expect(await totalShown(page)).toBe(past.total);
    await expect(page.getByTestId("result-as-of")).toHaveText(" as of 2014-12-31");
    const firstColumn = page.getByTestId("results-table").locator("tbody tr[data-index] td:first-child");
    await expect(firstColumn.first()).toHaveText(past.tickers[0]!);
    expect(await firstColumn.allTextContents()).toEqual(past.tickers.slice(0, await firstColumn.count()));
    // The per-filter counts are the screen's date's: every filter kept the as-of total.
    const kept = page.getByText(/ kept · /);
    await expect(kept.first()).toBeVisible();
    for (const text of await kept.allTextContents()) expect(text).toMatch(new RegExp(`^${past.total.toLocaleString("en-US")} kept · `));

    // The API request is v2's, with the date in the body.
    await page.getByRole("button", { name: "API request" }).click();
    await expect(page.getByTestId("api-endpoint")).toContainText("POST ");
    await expect(page.getByTestId("api-endpoint")).toContainText("/api/v2/screener/basic/");
    expect(JSON.parse((await page.getByTestId("api-body").textContent())!)).toMatchObject({ filters, as_of: "2014-12-31" });
    await page.getByRole("button", { name: "Hide API request" }).click();

    // A Saturday reads the Friday before, and says so.
    await page.getByLabel("As of").fill("2015-01-03");
    await expect(page).toHaveURL(/as_of=2015-01-03/);
    await settled(page);
    await expect(page.getByTestId("result-as-of")).toHaveText(" as of 2015-01-02, the last trading day on or before 2015-01-03");
    expect(await totalShown(page)).toBe(weekend.total);
    await snapshot(page, "screener-as-of");

    // Back to the default date: v1's answer and endpoint.
    await page.getByRole("button", { name: /^Latest default \(\d{4}-\d{2}-\d{2}\)$/ }).click();
    await expect(page).not.toHaveURL(/as_of=/);
    await settled(page);
    expect(await totalShown(page)).toBe(latest.total);
    await expect(page.getByTestId("result-as-of")).toHaveCount(0);
    await expect(page.getByText(/ kept · /).first()).toBeVisible();
    await page.getByRole("button", { name: "API request" }).click();
    await expect(page.getByTestId("api-endpoint")).toContainText("/api/v1/screener/basic/");
  });

  test("a date outside the range is refused next to the date input", async ({ page }) => {
    await page.goto(screenUrl("&as_of=2005-06-30"));
    await expect(page.getByTestId("as-of-control").getByRole("alert")).toContainText("2005-06-30 is outside the data's as-of range", { timeout: 15_000 });
  });
});

test.describe("screener backtest", () => {
  test("renders the periods, summary and warnings the v2 API answers for the same request, and exports them as CSV", async ({ page }) => {
    const key = newApiKey();
    const request = { filters, start: "2013-12-31", end: "2020-12-31", rebalance: "yearly" };
    const api = await postV2<BacktestResponse>(page, key, "backtest", request);
    expect(api.periods.length).toBe(7);

    await page.goto(backtestUrl(request.start, request.end, request.rebalance));
    await backtestReady(page);
    await expect(page.getByTestId("backtest-chart").locator("canvas")).toBeVisible();
    await snapshot(page, "screener-backtest-1440");
    const rows = page.getByTestId("backtest-periods").locator("tbody tr");
    await expect(rows).toHaveCount(api.periods.length);
    for (const [i, period] of api.periods.entries()) {
      const cells = rows.nth(i).locator("td");
      await expect(cells.nth(0)).toHaveText(period.start);
      await expect(cells.nth(1)).toHaveText(period.end);
      await expect(cells.nth(2).getByTestId("holdings-count")).toHaveText(new RegExp(`^${period.tickers.length}( of ${period.matches} matches)?$`));
      await expect(cells.nth(3)).toHaveText(formatValue(period.return, "percent"));
      await expect(cells.nth(4)).toHaveText(formatValue(period.benchmark_return, "percent"));
      await expect(cells.nth(5)).toHaveText(formatValue(period.turnover, "percent"));
    }
    await rows.first().getByTestId("holdings-count").click();
    await expect(rows.first().locator("details p")).toHaveText(api.periods[0]!.tickers.join(" "));
    const summary = page.getByTestId("backtest-summary");
    await expect(summary.getByRole("row", { name: /^Cumulative return/ })).toHaveText(
      `Cumulative return${formatValue(api.summary.screen.cumulative_return, "percent")}${formatValue(api.summary.benchmark.cumulative_return, "percent")}`,
    );
    const warnings = page.getByTestId("backtest-warnings").locator("li");
    await expect(warnings).toHaveText(api.warnings.map((w) => w.message));

    // The chart reads out each rebalance date from the keyboard.
    const chart = page.getByTestId("backtest-chart");
    await expect(chart.locator("canvas")).toBeVisible();
    await chart.focus();
    await page.keyboard.press("Home");
    await expect(page.getByTestId("backtest-readout")).toHaveText(`${api.periods[0]!.start} · screen 0.0% · benchmark 0.0%`);
    await page.keyboard.press("ArrowRight");
    await expect(page.getByTestId("backtest-readout")).toContainText(api.periods[0]!.end);
    // And from the pointer: the plot's left edge is the first rebalance date.
    await chart.locator(".u-over").hover({ position: { x: 1, y: 10 } });
    await expect(page.getByTestId("backtest-readout")).toHaveText(new RegExp(`^${api.periods[0]!.start} · `));

    // CSV: a row per period, and a row per period and holding.
    const periodsCsv = page.waitForEvent("download");
    await page.getByRole("button", { name: "Download periods (.csv)" }).click();
    const periodLines = (await readFile(await (await periodsCsv).path(), "utf8")).trimEnd().split("\n");
    expect(periodLines[0]).toBe("start,end,holdings,matches,return,benchmark_return,turnover,tickers");
    expect(periodLines).toHaveLength(1 + api.periods.length);
    const holdingsCsv = page.waitForEvent("download");
    await page.getByRole("button", { name: "Download holdings (.csv)" }).click();
    const holdingLines = (await readFile(await (await holdingsCsv).path(), "utf8")).trimEnd().split("\n");
    expect(holdingLines[0]).toBe("period_start,period_end,full_ticker");
    expect(holdingLines).toHaveLength(1 + api.periods.reduce((n, p) => n + p.tickers.length, 0));
    expect(holdingLines[1]).toBe(`${api.periods[0]!.start},${api.periods[0]!.end},${api.periods[0]!.tickers[0]}`);

    // The API request that reproduces it.
    await page.getByText("API request for this backtest").click();
    await expect(page.getByTestId("api-endpoint")).toContainText("/api/v2/screener/backtest/");
    expect(JSON.parse((await page.getByTestId("api-body").textContent())!)).toEqual(request);
    await expect(page.getByTestId("api-curl")).toContainText("/api/v2/screener/backtest/");
    await snapshot(page, "screener-backtest-1440-api");
  });

  test("Run writes the settings to the URL and shows the API's errors next to the field", async ({ page }) => {
    const key = newApiKey();
    const quarterly = await postV2<BacktestResponse>(page, key, "backtest", { filters, start: "2015-01-01", end: "2016-12-31", rebalance: "quarterly" });
    await page.goto(screenUrl(""));
    await settled(page);
    await page.getByRole("group", { name: "Results view" }).getByRole("button", { name: "Backtest" }).click();
    await expect(page).toHaveURL(/tab=backtest/);
    await backtestReady(page);
    await page.getByLabel("Start (first rebalance)").fill("2015-01-01");
    await page.getByLabel("End", { exact: true }).fill("2016-12-31");
    await page.getByLabel("Rebalance", { exact: true }).selectOption("quarterly");
    await page.getByRole("button", { name: "Run backtest" }).click();
    await expect(page).toHaveURL(/start=2015-01-01&end=2016-12-31&rebalance=quarterly/);
    await backtestReady(page);
    await expect(page.getByTestId("backtest-periods").locator("tbody tr")).toHaveCount(quarterly.periods.length);

    await page.getByLabel("End", { exact: true }).fill("2014-06-30");
    await page.getByRole("button", { name: "Run backtest" }).click();
    await backtestReady(page);
    await expect(page.locator("#backtest-end-error")).toHaveText(/end must be after start/i);
    await expect(page.getByLabel("End", { exact: true })).toHaveAttribute("aria-invalid", "true");
  });

  test.describe("on a phone", () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test("the Backtest view has no page-level horizontal overflow", async ({ page }) => {
      await page.goto(backtestUrl("2013-12-31", "2020-12-31", "yearly"));
      await backtestReady(page);
      await expect(page.getByTestId("backtest-chart").locator("canvas")).toBeVisible();
      expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
      await snapshot(page, "screener-backtest-390");
      await page.getByText("API request for this backtest").click();
      expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
    });
  });
});
