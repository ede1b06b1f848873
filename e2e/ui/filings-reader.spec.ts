import { expect, test } from "@playwright/test";
import { searchApi, searchSettled } from "./filings-support";
import { newApiKey, snapshot } from "./page-support";

/**
 * The words and numbers of a passage, sorted: tables reorder them; the page furniture ("Table of
 * Contents", the page number closing the page) and lone "$" lines (shown beside their number) are not marked.
 */
function tokens(text: string) {
  const lines = text.split("\n").filter((line) => !/^\s*(?:Table of Contents|\$)\s*$/.test(line));
  while (/^\s*(?:\d{1,3})?\s*$/.test(lines.at(-1) ?? "x")) lines.pop();
  return lines.join(" ").split(/\s+/).filter(Boolean).sort();
}

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
    // The passage starts at #hit; it is marked wherever its characters read, as prose or as table cells.
    const passage = page.getByTestId("hit-passage");
    await expect(passage).toBeInViewport();
    await expect(passage).toBeFocused();
    const marked = page.locator("[data-hit]");
    expect(tokens((await marked.allTextContents()).join(" "))).toEqual(tokens(hit.text));
    expect(await marked.locator("mark").count()).toBeGreaterThan(0);
    // The page the hit is on is in the window shown.
    await expect(page.getByRole("region", { name: `Page ${hit.page}` })).toBeVisible();
    await expect(page.getByTestId("original-link")).toHaveAttribute("href", hit.filing.source_url!);
    await snapshot(page, "reader-hit");
  });

  test("a passage taller than the screen opens at its start, not cut off above it", async ({ page }) => {
    const key = newApiKey();
    // Coca-Cola's 2020 income statement: its PDF prints each column of numbers one per line.
    const request = { queries: ["consolidated statements of income net operating revenues cost of goods sold gross profit"], ticker: "KO", fiscal_year: 2020, filing_type: "10-K", results: 1 };
    const [hit] = (await searchApi(page, key, request)).results;
    await page.goto(`/filings/${hit!.filing.id}/?hit=${hit!.offsets.start}-${hit!.offsets.end}&q=${encodeURIComponent(request.queries[0]!)}`);
    const passage = page.getByTestId("hit-passage");
    await expect(passage).toBeFocused();
    const viewport = page.viewportSize()!;
    const box = (await passage.boundingBox())!;
    expect(box.height, "the case under test: a passage taller than half the screen").toBeGreaterThan(viewport.height / 2);
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y).toBeLessThan(viewport.height / 2);
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
    // "Go to" shows the page asked for, not the first of the window around it, and drops an earlier section's anchor.
    await item8.click();
    await expect(page).toHaveURL(new RegExp(`#page-${target}$`));
    await page.getByLabel("Go to page").first().fill("40");
    await page.getByLabel("Go to page").first().press("Enter");
    await expect(page).toHaveURL(/\?page=40$/);
    await expect(page.getByRole("region", { name: "Page 40" })).toBeInViewport();
    await expect(page.getByRole("region", { name: "Page 38" })).not.toBeInViewport();
    await snapshot(page, "reader-sections");
  });

  test("an income statement reads as a table: rows, year columns, numbers right-aligned, no page furniture", async ({ page }) => {
    await page.goto("/filings/3M_2018_10K/?page=56");
    const statement = page.getByRole("region", { name: "Page 56" });
    const table = statement.getByRole("table");
    await expect(table).toHaveCount(1);
    await expect(table.getByRole("columnheader")).toHaveText(["2018", "2017", "2016"]);
    const netSales = table.getByRole("row").filter({ has: page.getByRole("rowheader", { name: "Net sales", exact: true }) });
    await expect(netSales.getByRole("cell")).toHaveText(["$32,765", "$31,657", "$30,109"]);
    const gain = table.getByRole("row").filter({ has: page.getByRole("rowheader", { name: "Gain on sale of businesses" }) });
    await expect(gain.getByRole("cell")).toHaveText(["(547)", "(586)", "(111)"]);
    await expect(gain.getByRole("cell").first()).toHaveCSS("text-align", "right");
    await expect(table.getByRole("rowheader", { name: "Operating expenses", exact: true })).toBeVisible();
    // The page's "Table of Contents" link and its number "56" are furniture.
    await expect(statement).not.toContainText("Table of Contents");
    await expect(statement.getByText("Consolidated Statement of Incom")).toBeVisible();
    await table.scrollIntoViewIfNeeded();
    await snapshot(page, "reader-income-statement");
  });

  test("on a phone the table scrolls inside its box, not the page", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/filings/PEPSICO_2022_10K/?page=62#page-62");
    const box = page.getByRole("region", { name: "Page 62" }).getByRole("region", { name: "Table 1" });
    await expect(box.getByRole("table")).toBeVisible();
    const widths = await box.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth, page: document.documentElement.scrollWidth }));
    expect(widths.scroll).toBeGreaterThan(widths.client);
    expect(widths.page).toBeLessThanOrEqual(390);
    await box.scrollIntoViewIfNeeded();
    await snapshot(page, "reader-income-statement-phone");
  });

  test("sections list Item headings, not sentences that refer to an item", async ({ page }) => {
    await page.goto("/filings/AES_2015_10K/");
    const sections = page.getByRole("navigation", { name: "Sections" }).getByRole("link");
    await expect(sections.filter({ hasText: /^ITEM 8\. FINANCIAL STATEMENTS AND SUPPLEMENTARY DATA/ })).toHaveCount(1);
    for (const title of await sections.allTextContents()) expect(title).not.toMatch(/of this Form 10-K|for further/i);
  });

  test("a filing whose text layer is unreadable says so on every such page instead of showing its codes", async ({ page }) => {
    // McDonald's 2022 Q4 release: its PDF maps glyphs to private codes ("0123435ÿ7789ÿ").
    await page.goto("/filings/MCDONALDS_2022Q4_EARNINGS/");
    await expect(page.getByTestId("unreadable-pages")).toHaveText("9 of 9 pages unreadable, not searched");
    const shown = page.getByRole("article", { name: "Filing text" }).getByRole("region");
    expect(await shown.count()).toBeGreaterThan(0);
    await expect(page.getByTestId("unreadable-page")).toHaveCount(await shown.count());
    await expect(page.getByRole("article", { name: "Filing text" })).not.toContainText("ÿ");
    await expect(page.getByTestId("original-link")).toBeVisible();
    // A readable filing has no such note.
    await page.goto("/filings/AES_2015_10K/");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByTestId("unreadable-pages")).toHaveCount(0);
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
