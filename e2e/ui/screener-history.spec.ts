import { expect, test } from "@playwright/test";
import type { MembershipHistoryResponse } from "@/lib/screener/history-schema";
import { newApiKey, snapshot } from "./page-support";

/** The screener's History view: who entered and left, each day, and why, as the public API v2 answers it. */

const filters = { marketCap_usd: { min: 100_000_000_000 }, peRatio: { max: 25 } };
const range = { from: "2016-04-18", to: "2016-05-13" };

test("the History view lists each day's entries and exits with their reasons, as POST /api/v2/screener/history/ answers; the range is in the URL", async ({ page }) => {
  const response = await page.request.post("/api/v2/screener/history/", { data: { filters, ...range }, headers: { authorization: `Bearer ${newApiKey()}` } });
  expect(response.status(), await response.text()).toBe(200);
  const api = (await response.json()) as MembershipHistoryResponse;
  expect(api.total).toBeGreaterThan(3);

  await page.goto(`/screener/?filters=${encodeURIComponent(JSON.stringify(filters))}`);
  await page.getByRole("group", { name: "Results view" }).getByRole("button", { name: "History" }).click();
  await expect(page).toHaveURL(/tab=history/);
  await page.getByLabel("From", { exact: true }).fill(range.from);
  await page.getByLabel("To", { exact: true }).fill(range.to);
  await page.getByRole("button", { name: "Show history" }).click();
  await expect(page).toHaveURL(new RegExp(`from=${range.from}&to=${range.to}`));
  await expect(page.getByTestId("history-view")).toHaveAttribute("data-state", "ready", { timeout: 30_000 });
  const items = page.getByTestId("history-change");
  await expect(items).toHaveCount(api.total);
  for (const [i, change] of api.changes.entries()) {
    await expect(items.nth(i)).toContainText(`${change.change}${change.full_ticker}: ${change.rules.map((r) => r.reason).join("; ")}`);
  }
  await expect(page.getByTestId("history-summary")).toContainText(`${api.total} changes over ${api.trading_days} trading days`);
  await snapshot(page, "screener-history");

  // A range past the bound is refused next to the date it names.
  await page.getByLabel("From", { exact: true }).fill("2015-01-02");
  await page.getByLabel("To", { exact: true }).fill("2015-12-31");
  await page.getByRole("button", { name: "Show history" }).click();
  await expect(page.getByTestId("history-view").getByRole("alert")).toContainText("at most 65");
});
