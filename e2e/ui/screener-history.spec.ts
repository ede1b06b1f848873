import { expect, type Page, test } from "@playwright/test";
import { DEFAULT_HISTORY } from "@/lib/screener/history-params";
import type { MembershipHistoryResponse } from "@/lib/screener/history-schema";
import { newApiKey, snapshot } from "./page-support";

/** The screener's History view: who entered and left, each day, and why, as the public API v2 answers it. */

const filters = { marketCap_usd: { min: 10_000_000_000 }, peRatio: { max: 25 } };
const apiHistory = async (page: Page, range: { from: string; to: string }) => {
  const response = await page.request.post("/api/v2/screener/history/", { data: { filters, ...range, page: { limit: 500 } }, headers: { authorization: `Bearer ${newApiKey()}` } });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as MembershipHistoryResponse;
};

test("the History view lists each day's entries and exits with their reasons, as POST /api/v2/screener/history/ answers; the range is in the URL", async ({ page }) => {
  // The view's own range until one is chosen (a month of 2016): asked of the API first.
  const api = await apiHistory(page, DEFAULT_HISTORY);
  expect(api.total).toBeGreaterThan(3);

  await page.goto(`/screener/?filters=${encodeURIComponent(JSON.stringify(filters))}`);
  await page.getByRole("group", { name: "Results view" }).getByRole("button", { name: "History" }).click();
  await expect(page).toHaveURL(/tab=history/);
  const view = page.getByTestId("history-view");
  await expect(view).toHaveAttribute("data-state", "ready", { timeout: 30_000 });
  const items = page.getByTestId("history-change");
  await expect(items).toHaveCount(api.total);
  for (const [i, change] of api.changes.entries()) {
    await expect(items.nth(i)).toContainText(`${change.change}${change.full_ticker}: ${change.rules.map((r) => r.reason).join("; ")}`);
  }
  await expect(page.getByTestId("history-summary")).toContainText(`${api.total} changes over ${api.trading_days} trading days`);
  await snapshot(page, "screener-history");

  // A range of its own goes into the URL, and the view lists that range's changes.
  const first = { from: DEFAULT_HISTORY.from, to: "2016-06-03" };
  await page.getByLabel("From", { exact: true }).fill(first.from);
  await page.getByLabel("To", { exact: true }).fill(first.to);
  await page.getByRole("button", { name: "Show history" }).click();
  await expect(page).toHaveURL(new RegExp(`from=${first.from}&to=${first.to}`));
  await expect(view).toHaveAttribute("data-state", "ready", { timeout: 30_000 });
  await expect(items).toHaveCount(api.changes.filter((c) => c.date <= first.to).length);
  await expect(page.getByTestId("history-summary")).toContainText("over 3 trading days");

  // A range past the bound is refused next to the date it names.
  await page.getByLabel("From", { exact: true }).fill("2015-01-02");
  await page.getByLabel("To", { exact: true }).fill("2016-01-31");
  await page.getByRole("button", { name: "Show history" }).click();
  await expect(page.getByTestId("history-view").getByRole("alert")).toContainText("at most 253");
});
