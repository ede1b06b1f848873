import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { readDatabase, snapshot } from "./page-support";

/**
 * axe-core over every page in both themes: no serious or critical violation. The theme is the one
 * the layout applies before paint from the stored choice (components/ui/theme-toggle.tsx).
 */

const THEMES = ["light", "dark"] as const;

/** A filing the reader can open: the first stored one with pages. */
const filingName = () => readDatabase((db) => db.prepare("SELECT source_name FROM filings WHERE has_pages = 1 ORDER BY source_name LIMIT 1").pluck().get() as string);

const PAGES: { name: string; path: () => string; ready: (page: Page) => Promise<void> }[] = [
  { name: "landing", path: () => "/", ready: async (page) => void (await expect(page.getByRole("heading", { level: 1 })).toBeVisible()) },
  {
    name: "screener",
    path: () => "/screener/",
    ready: async (page) => void (await expect(page.getByRole("region", { name: "Results" })).toHaveAttribute("data-state", "ready")),
  },
  {
    name: "screener-charts",
    path: () => `/screener/?filters=${encodeURIComponent(JSON.stringify({ marketCap_usd: { min: 1e10 } }))}`,
    ready: async (page) => {
      await expect(page.getByRole("region", { name: "Results" })).toHaveAttribute("data-state", "ready");
      await page.getByRole("button", { name: /Charts of the results/ }).click();
      await expect(page.getByTestId("histogram-chart")).toBeVisible();
    },
  },
  { name: "filings", path: () => "/filings/?q=revenue", ready: async (page) => void (await expect(page.getByTestId("hit").first()).toBeVisible()) },
  { name: "reader", path: () => `/filings/${filingName()}/`, ready: async (page) => void (await expect(page.getByRole("heading", { level: 1 })).toBeVisible()) },
  { name: "company", path: () => "/company/NASDAQ:AAPL/", ready: async (page) => void (await expect(page.getByTestId("price-chart").locator("canvas").first()).toBeVisible()) },
  { name: "docs", path: () => "/docs/", ready: async (page) => void (await expect(page.getByRole("heading", { level: 1 })).toBeVisible()) },
  { name: "account", path: () => "/account/", ready: async (page) => void (await expect(page.getByRole("form", { name: "Sign in" })).toBeVisible()) },
];

for (const theme of THEMES) {
  test.describe(`accessibility, ${theme} theme`, () => {
    test.beforeEach(async ({ page }) => {
      await page.addInitScript((t) => localStorage.setItem("theme", t), theme);
    });

    for (const { name, path, ready } of PAGES) {
      test(`${name}: axe finds no serious or critical violation`, async ({ page }) => {
        // axe walks every node: /docs has thousands, which takes a while on a loaded machine.
        test.setTimeout(180_000);
        await page.goto(path());
        await ready(page);
        expect(await page.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(theme === "dark");
        const { violations } = await new AxeBuilder({ page }).analyze();
        const serious = violations
          .filter((v) => v.impact === "serious" || v.impact === "critical")
          .map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.length, first: v.nodes.slice(0, 3).map((n) => `${n.target.join(" ")}: ${n.failureSummary ?? ""}`) }));
        await snapshot(page, `a11y-${name}-${theme}`);
        expect(serious).toEqual([]);
      });
    }
  });
}

test("a result row focused from the keyboard is outlined, not only tinted", async ({ page }) => {
  await page.goto("/screener/");
  await expect(page.getByRole("region", { name: "Results" })).toHaveAttribute("data-state", "ready");
  const row = page.getByTestId("results-table").locator("tbody tr[data-index='0']");
  const shadow = () => row.locator("td").first().evaluate((td) => getComputedStyle(td).boxShadow);
  expect(await shadow()).toBe("none");
  await row.focus();
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("ArrowUp");
  await expect(row).toBeFocused();
  expect(await shadow()).toMatch(/inset/);
  await snapshot(page, "screener-row-focus");
});
