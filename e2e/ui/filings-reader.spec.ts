import { expect, test } from "@playwright/test";
import { searchApi, searchSettled } from "./filings-support";
import { newApiKey, snapshot } from "./page-support";

const compact = (text: string | null) => (text ?? "").replace(/\s+/g, "");

test.describe("document reader", () => {
  test("a hit opens in its filing with the passage highlighted, scrolled into view and the query words marked", async ({ page }) => {
    const key = newApiKey();
    const request = { queries: ["Consolidated Statement of Cash Flows purchases of property plant and equipment"], name: "3M", fiscal_year: 2018, filing_type: "10-K", results: 10 };
    const api = await searchApi(page, key, request);
    const hit = api.results[0]!;
    await page.goto(`/filings/?q=${encodeURIComponent(request.queries[0]!)}&name=3M&fiscal_year=2018&filing_type=10-K`);
    await searchSettled(page);
    await page.getByTestId("hit").first().getByRole("link", { name: "Read in the filing →" }).click();

    await expect(page).toHaveURL(new RegExp(`/filings/${hit.filing.id}/\\?hit=${hit.offsets.start}-${hit.offsets.end}`));
    await expect(page.getByRole("heading", { level: 1 })).toContainText("3M");
    await expect(page.getByRole("heading", { level: 1 })).toContainText("10-K FY2018");
    const passage = page.getByTestId("hit-passage");
    await expect(passage).toBeInViewport();
    await expect(passage).toBeFocused();
    expect(compact(await passage.textContent())).toBe(compact(hit.text));
    expect(await passage.locator("mark").count()).toBeGreaterThan(0);
    // The page the hit is on is in the window shown.
    await expect(page.getByRole("region", { name: `Page ${hit.page}` })).toBeVisible();
    await expect(page.getByTestId("original-link")).toHaveAttribute("href", hit.filing.source_url!);
    await snapshot(page, "reader-hit");
  });

  test("sections jump to their page, and the pager moves through the filing", async ({ page }) => {
    await page.goto("/filings/3M_2018_10K/");
    await expect(page.getByTestId("reader-window").first()).toHaveText(/^Pages 1–5 of \d+$/);
    const sections = page.getByRole("navigation", { name: "Sections" });
    const item8 = sections.getByRole("link", { name: /^Item 8\. Financial Statements/ });
    const target = Number((await item8.textContent())!.match(/page (\d+)$/)![1]);
    await item8.click();
    await expect(page).toHaveURL(new RegExp(`page=${target}#page-${target}$`));
    await expect(page.getByRole("region", { name: `Page ${target}` })).toBeInViewport();
    await expect(sections.getByRole("link", { name: /^Item 8\. Financial Statements/ })).toHaveAttribute("aria-current", "location");
    // Headings split by letter spacing in the PDF read whole.
    await expect(sections.getByRole("link", { name: /^PART I Item 1\. Business page/ })).toBeVisible();

    const window = await page.getByTestId("reader-window").first().textContent();
    await page.getByRole("link", { name: "Later pages →" }).first().click();
    await expect(page.getByTestId("reader-window").first()).not.toHaveText(window!);
    const [, from] = (await page.getByTestId("reader-window").first().textContent())!.match(/Pages (\d+)–/)!;
    expect(Number(from)).toBe(Number(window!.match(/–(\d+)/)![1]) + 1);

    await page.getByLabel("Go to page").first().fill("2");
    await page.getByLabel("Go to page").first().press("Enter");
    await expect(page.getByTestId("reader-window").first()).toHaveText(/^Pages 1–5 of/);
    await snapshot(page, "reader-sections");
  });

  test("a plain-text filing reads in parts, and an unknown filing is a 404", async ({ page }) => {
    await page.goto("/filings/AMZN-10-K-2025-02-07/");
    await expect(page.getByTestId("reader-window").first()).toHaveText(/^Parts 1–5 of \d+$/);
    await expect(page.getByRole("navigation", { name: "Sections" }).getByRole("link", { name: /Item 1A\. Risk Factors/ })).toBeVisible();
    const response = await page.goto("/filings/NO_SUCH_FILING/");
    expect(response!.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Not found" })).toBeVisible();
  });
});
