import { expect, type Page, test } from "@playwright/test";
import { newApiKey, snapshot } from "./page-support";
import { postApi, settled, table, totalShown } from "./screener-support";

/** The screener on a phone and a tablet: filters in a drawer, the table in its own scrolling container. */

const VIEWPORTS = [
  { name: "phone", width: 390, height: 844 },
  { name: "tablet", width: 768, height: 1024 },
];

/** Page-level horizontal overflow: the document is wider than the window. */
const pageOverflow = (page: Page) => page.evaluate(() => document.scrollingElement!.scrollWidth - window.innerWidth);

for (const viewport of VIEWPORTS) {
  test.describe(`screener at ${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test("shows the results below the header without page-level horizontal overflow", async ({ page }) => {
      const api = await postApi(page, newApiKey(), "basic", { page: { limit: 100 } });
      await page.goto("/screener/");
      await settled(page);
      const firstRow = table(page).locator("tbody tr[data-index]").first();
      await expect(firstRow).toBeInViewport();
      await expect(firstRow.locator("td").first()).toHaveText(api.rows[0]!.full_ticker as string);
      expect(await totalShown(page)).toBe(api.total);
      // Every toolbar control is on screen (reachable without scrolling sideways).
      for (const name of [/^Filters \(\d+\)$/, /^Screens/, /^Copy link$/, /^API request$/, /^Columns/, /^Export/, /^Next page$/]) {
        await expect(page.getByRole("button", { name }).first()).toBeInViewport({ ratio: 1 });
      }
      await expect(page.getByRole("link", { name: "Search their filings" })).toBeInViewport({ ratio: 1 });
      // No word-per-line wrapping: a one-line control is one line high.
      const copyLink = await page.getByRole("button", { name: "Copy link" }).boundingBox();
      expect(copyLink!.height).toBeLessThanOrEqual(32);
      expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
      await snapshot(page, `screener-${viewport.name}-results`);
      // The API panel's long lines scroll or wrap inside it.
      await page.getByRole("button", { name: "API request" }).click();
      await expect(page.getByTestId("api-body")).toBeVisible();
      expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
    });

    test("the filters drawer opens and closes with the keyboard, and a filter added in it changes the results", async ({ page }) => {
      await page.goto("/screener/");
      await settled(page);
      const before = await totalShown(page);
      const opener = page.getByRole("button", { name: "Filters (0)" });
      // The side panel is hidden until the drawer is opened.
      await expect(page.getByRole("button", { name: "+ Add filter" })).toBeHidden();
      await opener.focus();
      await page.keyboard.press("Enter");
      const drawer = page.getByRole("dialog", { name: "Filters" });
      await expect(drawer).toBeVisible();
      await expect(drawer).toHaveAttribute("aria-modal", "true");
      // The focus moved into the drawer, and the page behind it is out of reach.
      await expect.poll(() => drawer.evaluate((el) => el.contains(document.activeElement))).toBe(true);
      for (const behind of [page.getByRole("button", { name: "Copy link" }), page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Filings" })]) {
        expect(await behind.evaluate((el) => el.closest("[inert]") !== null)).toBe(true);
      }
      expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
      await page.keyboard.press("Escape");
      await expect(drawer).toBeHidden();
      await expect(opener).toBeFocused();

      // Add a filter in the drawer, with the keyboard only.
      await page.keyboard.press("Enter");
      await expect(drawer).toBeVisible();
      await drawer.getByRole("button", { name: "+ Add filter" }).focus();
      await page.keyboard.press("Enter");
      await page.getByPlaceholder(/Search filters/).fill("sector");
      await page.keyboard.press("Enter");
      const sector = page.getByRole("region", { name: "Sector filter" });
      await expect(sector).toBeVisible();
      await expect(sector).toBeInViewport();
      // The picker closed and the focus is back in the drawer: Escape now closes the drawer.
      await expect.poll(() => drawer.evaluate((el) => el.contains(document.activeElement))).toBe(true);
      await snapshot(page, `screener-${viewport.name}-drawer`);
      await sector.getByRole("button", { name: "Add Sector values" }).focus();
      await page.keyboard.press("Enter");
      await page.getByPlaceholder(/Search \d+ values/).fill("Energy");
      await page.keyboard.press("Enter");
      await expect(page).toHaveURL(/Energy/);
      await settled(page);
      // The drawer tells what the filters leave without closing it.
      await expect(drawer).toContainText(`${(await totalShown(page)).toLocaleString("en-US")} companies`);
      // The first Escape closes the values popover, the second the drawer.
      await page.keyboard.press("Escape");
      await expect(page.getByPlaceholder(/Search \d+ values/)).toBeHidden();
      await expect(drawer).toBeVisible();
      // The popover hands the focus back to its trigger in the drawer, after it hides: under load the
      // second Escape could otherwise reach the page before the drawer.
      await expect.poll(() => drawer.evaluate((el) => el.contains(document.activeElement))).toBe(true);
      await page.keyboard.press("Escape");
      await expect(drawer).toBeHidden();
      await expect(page.getByRole("button", { name: "Filters (1)" })).toBeFocused();
      // "/" opens the drawer with the filter picker in it; Escape closes one, then the other.
      const search = page.getByPlaceholder(/Search filters/);
      await page.keyboard.press("/");
      await expect(drawer).toBeVisible();
      await expect(search).toBeFocused();
      await page.keyboard.press("Escape");
      await expect(search).toBeHidden();
      await expect(drawer).toBeVisible();
      // The focus returns to the drawer after the picker closes (CI pressed Escape before it had).
      await expect.poll(() => drawer.evaluate((el) => el.contains(document.activeElement))).toBe(true);
      await page.keyboard.press("Escape");
      await expect(drawer).toBeHidden();

      const api = await postApi(page, newApiKey(), "basic", { filters: { sector: { values: ["Energy"] } }, page: { limit: 100 } });
      expect(api.total).toBeLessThan(before);
      expect(await totalShown(page)).toBe(api.total);
      await expect(table(page).locator("tbody tr[data-index] td:first-child").first()).toHaveText(api.rows[0]!.full_ticker as string);
    });

    test("the table scrolls sideways in its own container with the ticker column in view", async ({ page }) => {
      await page.goto("/screener/");
      await settled(page);
      const scroller = table(page).locator("xpath=..");
      const [scrollWidth, clientWidth] = await scroller.evaluate((el) => [el.scrollWidth, el.clientWidth]);
      expect(scrollWidth).toBeGreaterThan(clientWidth);
      const ticker = table(page).locator("tbody tr[data-index]").first().locator("td").first();
      const name = table(page).locator("tbody tr[data-index]").first().locator("td").nth(1);
      const left = (await ticker.boundingBox())!.x;
      await scroller.evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
      await expect.poll(() => scroller.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
      // The ticker stays where it was; the company name beside it stays too from 640 px up, and on
      // a phone (where the two would fill the screen) has scrolled out underneath.
      expect((await ticker.boundingBox())!.x).toBe(left);
      await expect(ticker).toBeInViewport({ ratio: 1 });
      if (viewport.width >= 640) expect((await name.boundingBox())!.x).toBe(left + (await ticker.boundingBox())!.width);
      else expect((await name.boundingBox())!.x).toBeLessThan(left);
      expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
      await snapshot(page, `screener-${viewport.name}-scrolled`);
    });
  });
}

test("desktop keeps the side panel: no drawer button, filters beside the table", async ({ page }) => {
  await page.goto("/screener/");
  await settled(page);
  await expect(page.getByRole("button", { name: /^Filters \(/ })).toBeHidden();
  const panel = page.getByRole("complementary", { name: "Screen definition" });
  await expect(panel).toBeVisible();
  expect((await panel.boundingBox())!.width).toBe(400);
  await expect(page.getByRole("button", { name: "+ Add filter" })).toBeVisible();
  await snapshot(page, "screener-desktop-layout");
});
