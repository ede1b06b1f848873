import { readFile } from "node:fs/promises";
import { expect, type Page, test } from "@playwright/test";
import { COLUMN_VIEWS } from "@/lib/screener/column-views";
import { newApiKey, snapshot } from "./page-support";
import { addFilter, postApi, settled, table, type RowsPage } from "./screener-support";

/** Sortable columns (the screen's own included), column views, the screener's words, the API sheet and the focused row. */

const columnsShown = (page: Page) => table(page).locator("thead th[data-field]").evaluateAll((ths) => ths.map((th) => th.getAttribute("data-field")));
const firstTickers = async (page: Page, n: number) => (await table(page).locator("tbody tr[data-index] td:first-child").allTextContents()).slice(0, n);
const screenUrl = (filters: unknown, extra = "") => `/screener/?filters=${encodeURIComponent(JSON.stringify(filters))}${extra}`;

// The analyst's screen: 3-year average ROIC and revenue CAGR, beside market cap, P/E and yield (3 years:
// the data's five-year horizon covers two companies).
const avg3 = { kind: "average", years: 3, anchor: { scope: "fy", offset: 0 } };
const analystFilters = {
  marketCap_usd: { min: 1e10 },
  returnOnInvestedCapital: { missing_policy: "strict", rules: [{ kind: "range", operand: avg3, min: 0.1 }] },
  incomeStatementGrowth: { rules: [{ metric: "revenue", horizon_years: 3, value_type: "cagr", currency_basis: "reported", min: -1 }] },
};

/** The API's rows in the order the page must show them: by `column`, nulls last, ties on full_ticker, both descending. */
function sortedDesc(rows: RowsPage["rows"], column: string): string[] {
  const value = (r: Record<string, unknown>) => (typeof r[column] === "number" ? (r[column] as number) : null);
  return [...rows]
    .sort((a, b) => {
      const [va, vb] = [value(a), value(b)];
      if (va === null || vb === null) return va === vb ? String(b.full_ticker).localeCompare(String(a.full_ticker)) : va === null ? 1 : -1;
      return vb - va || (String(a.full_ticker) < String(b.full_ticker) ? 1 : -1);
    })
    .map((r) => String(r.full_ticker));
}

test.describe("screener columns", () => {
  test("the screen's own columns sort on the server and sit after the key columns, which stay in view", async ({ page }) => {
    const key = newApiKey();
    // v1 cannot sort by a rule's column: the order is re-derived here from v1's values.
    const api = await postApi(page, key, "advanced", { filters: analystFilters, page: { limit: 1000 } });
    const derived = api.temporary_columns.map((t) => t.name);
    expect([...derived].sort()).toEqual(["returnOnInvestedCapital_avg3y_fy0", "revenueCagr_3y"]);
    expect(api.total).toBeGreaterThan(20);

    await page.goto(screenUrl(analystFilters, "&view=overview"));
    await settled(page);
    const columns = await columnsShown(page);
    // Rule columns after every column of the view, so market cap, P/E and yield keep their places.
    expect(columns.slice(-2).sort()).toEqual([...derived].sort());
    for (const field of ["marketCap_usd", "peRatio", "dividendYieldTTM"]) {
      expect(columns.indexOf(field)).toBeLessThan(columns.indexOf(derived[0]!));
      await expect(page.locator(`th[data-field="${field}"]`)).toBeInViewport({ ratio: 1 });
    }

    // The ROIC column last: the rule changed below is the one the sort follows.
    for (const column of [...api.temporary_columns].sort((a, b) => b.name.localeCompare(a.name))) {
      await page.getByRole("button", { name: `Sort by ${column.label}` }).click();
      await expect(page).toHaveURL(new RegExp(`sort=${column.name}`));
      await settled(page);
      await expect(page.locator(`th[data-field="${column.name}"]`)).toHaveAttribute("aria-sort", "descending");
      expect(await firstTickers(page, 20)).toEqual(sortedDesc(api.rows, column.name).slice(0, 20));
    }
    await snapshot(page, "screener-sorted-by-rule-column");

    // Ticker and company stay put while the table scrolls sideways.
    const scroller = table(page).locator("xpath=..");
    const ticker = table(page).locator("tbody tr[data-index] td").first();
    const name = table(page).locator("tbody tr[data-index] td").nth(1);
    const before = [(await ticker.boundingBox())!.x, (await name.boundingBox())!.x];
    await scroller.evaluate((el) => el.scrollTo({ left: 400 }));
    await expect.poll(() => scroller.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
    expect([(await ticker.boundingBox())!.x, (await name.boundingBox())!.x]).toEqual(before);

    // Changing the rule the sort follows goes back to the default sort, not to a 400.
    await page.getByLabel("Return on invested capital rule 1: years").selectOption("2");
    await expect(page).not.toHaveURL(/sort=returnOnInvestedCapital/);
    await settled(page);
    await expect(page.getByRole("main").getByRole("alert")).toHaveCount(0);
  });

  test("a filter on a plain field shows that field as a column", async ({ page }) => {
    await page.goto(screenUrl({ evToEbitda: { max: 8 } }, "&view=overview"));
    await settled(page);
    await expect(page.locator('th[data-field="evToEbitda"]')).toBeVisible();
    await expect(page.getByRole("button", { name: "Sort by EV/EBITDA (latest FY)" })).toBeVisible();
  });

  test("column views switch the columns, live in the URL and are remembered", async ({ page }) => {
    await page.goto("/screener/");
    await settled(page);
    const views = page.getByRole("group", { name: "Column views" });
    await expect(views.getByRole("button", { name: "Overview" })).toHaveAttribute("aria-pressed", "true");
    for (const view of COLUMN_VIEWS) {
      await views.getByRole("button", { name: view.label, exact: true }).click();
      await expect(page).toHaveURL(view.id === "overview" ? /view=overview/ : new RegExp(`view=${view.id}`));
      await settled(page);
      // Today's name and symbol travel beside the company name, not as columns of their own.
      expect(await columnsShown(page)).toEqual(view.fields);
      await expect(views.getByRole("button", { name: view.label, exact: true })).toHaveAttribute("aria-pressed", "true");
    }
    await views.getByRole("button", { name: "Valuation" }).click();
    await settled(page);
    await snapshot(page, "screener-view-valuation");
    // A fresh visit shows the remembered view, rendered by the server (scripts blocked).
    await page.route("**/api/ui/screener/**", (route) => route.abort());
    await page.goto("/screener/");
    expect(await columnsShown(page)).toEqual(COLUMN_VIEWS.find((v) => v.id === "valuation")!.fields);
    await page.unroute("**/api/ui/screener/**");
    // The column chooser starts the user's own view from the columns shown.
    await page.goto("/screener/");
    await settled(page);
    await page.getByRole("button", { name: /^Columns/ }).click();
    await page.getByLabel("Search columns").fill("country");
    await page.getByRole("checkbox", { name: /^Country/ }).check();
    await page.keyboard.press("Escape");
    await expect(page).toHaveURL(/fields=/);
    await expect(page).not.toHaveURL(/view=/);
    await expect(views.getByRole("button", { name: "My columns" })).toHaveAttribute("aria-pressed", "true");
    // The new column comes with the refetch the URL starts: polled (CI saw the table read before it came).
    await expect.poll(() => columnsShown(page)).toEqual([...COLUMN_VIEWS.find((v) => v.id === "valuation")!.fields, "country"]);
  });
});

test.describe("screener words", () => {
  test("messages are plain, counts count what is applied, jargon is explained", async ({ page }) => {
    await page.goto("/screener/");
    await settled(page);
    await addFilter(page, "sector", "Sector");
    // A filter just added is not applied yet: the hint says what to do, in words.
    await expect(page.locator('[data-hint-for="filters.sector.values"]')).toHaveText("Not applied yet: Choose at least one value.");
    await expect(page.getByTestId("filter-count")).toHaveText("none applied · 1 more not applied yet");
    await expect(page.getByRole("main")).not.toContainText(/Too small|expected array|>=1/);

    await addFilter(page, "dividend", "Dividend yield (TTM)");
    await page.getByLabel("Dividend yield (TTM) min").fill("3");
    await expect(page).toHaveURL(/dividendYieldTTM/);
    await settled(page);
    await expect(page.getByTestId("filter-count")).toHaveText("1 applied filter, all must hold · 1 more not applied yet");

    await addFilter(page, "invested capital", "Return on invested capital");
    await page.getByLabel("Return on invested capital rule 1: operand").selectOption("average");
    const years = page.getByLabel("Return on invested capital rule 1: years");
    await expect(years.locator("option").first()).toHaveText(/^1 year\b/);
    await expect(years.locator("option").nth(1)).toHaveText(/^2 years\b/);
    await expect(page.getByLabel("Return on invested capital rule 1: kind")).toHaveAccessibleDescription(/^Range: .*Compare: /);
    const missing = page.getByLabel("Return on invested capital: missing data");
    await expect(missing).toHaveAccessibleDescription(/fails the rule and drops out \(strict\).*skipped for it and it stays \(skip_missing\)/);
    await expect(missing.locator("option")).toHaveText(["fails the rule", "skips the rule"]);
    await snapshot(page, "screener-words");
  });

  test("the API request opens over the table without moving it and says how a key is obtained", async ({ page }) => {
    await page.goto("/screener/");
    await settled(page);
    const tableTop = async () => (await table(page).boundingBox())!.y;
    const before = await tableTop();
    await page.getByRole("button", { name: "API request" }).click();
    const sheet = page.getByRole("dialog", { name: "API request" });
    await expect(sheet).toBeVisible();
    expect(await tableTop()).toBe(before);
    await expect(sheet.getByTestId("api-key-hint")).toContainText("issued by whoever runs this site");
    await expect(sheet).not.toContainText("npm run");
    await expect(sheet.getByRole("link", { name: "how to get and use a key" })).toHaveAttribute("href", "/docs#authentication");
    await snapshot(page, "screener-api-sheet");
    await page.keyboard.press("Escape");
    await expect(sheet).toHaveCount(0);
    await expect(page.getByRole("button", { name: "API request" })).toBeFocused();
  });

  test("the focused row is outlined in both themes", async ({ page }) => {
    await page.goto("/screener/");
    await settled(page);
    const row = table(page).locator("tbody tr[data-index]").nth(1);
    const outline = () => row.locator("td").nth(2).evaluate((td) => getComputedStyle(td).boxShadow);
    expect(await outline()).toBe("none");
    await table(page).locator("tbody tr[data-index]").first().focus();
    await page.keyboard.press("ArrowDown");
    await expect(row).toBeFocused();
    const light = await outline();
    expect(light).toMatch(/inset/);
    await snapshot(page, "screener-focused-row-light");
    await page.getByRole("button", { name: "Switch between light and dark theme" }).click();
    await expect(page.locator("html")).toHaveClass(/dark/);
    // Back to the keyboard: the focused row shows its outline again.
    await row.focus();
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("ArrowUp");
    await expect(row).toBeFocused();
    await expect.poll(outline).toMatch(/inset/);
    expect(await outline()).not.toBe(light);
    await snapshot(page, "screener-focused-row-dark");
  });

  test("CSV numbers carry at most 12 significant digits, the API's values otherwise", async ({ page }) => {
    const key = newApiKey();
    const filters = { marketCap_usd: { min: 2e11 } };
    const fields = ["full_ticker", "marketCap_usd", "peRatio", "dividendYieldTTM", "return_1y"];
    const api = await postApi(page, key, "basic", { filters, fields, page: { limit: 1000 } });
    await page.goto(screenUrl(filters, `&fields=${fields.join(",")}`));
    await settled(page);
    await page.getByRole("button", { name: "Export" }).click();
    const csv = page.waitForEvent("download");
    await page.getByRole("button", { name: /Download rows/ }).click();
    const [, ...lines] = (await readFile((await (await csv).path())!, "utf8")).trimEnd().split("\n");
    expect(lines).toHaveLength(api.total);
    const byTicker = new Map(api.rows.map((r) => [r.full_ticker, r]));
    const digits = (text: string) => text.replace(/^-?0*\.?0*/, "").replace(/[.]/g, "").replace(/e.*$/, "").length;
    for (const line of lines) {
      const cells = line.split(",");
      const row = byTicker.get(cells[0])!;
      fields.slice(1).forEach((field, i) => {
        const text = cells[i + 1]!;
        const raw = row[field];
        if (typeof raw !== "number") return expect(text).toBe("");
        expect(digits(text)).toBeLessThanOrEqual(12);
        expect(Math.abs(Number(text) - raw)).toBeLessThanOrEqual(Math.abs(raw) * 5e-12);
      });
    }
  });
});

test.describe("screener views on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the views and the API sheet fit the screen", async ({ page }) => {
    await page.goto(screenUrl(analystFilters, "&view=profitability"));
    await settled(page);
    await expect(page.getByRole("group", { name: "Column views" }).getByRole("button", { name: "Profitability" })).toBeInViewport();
    expect(await page.evaluate(() => document.scrollingElement!.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await snapshot(page, "screener-phone-view-profitability");
    await page.getByRole("button", { name: "API request" }).click();
    await expect(page.getByRole("dialog", { name: "API request" })).toBeInViewport();
    expect(await page.evaluate(() => document.scrollingElement!.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await snapshot(page, "screener-phone-api-sheet");
  });
});
