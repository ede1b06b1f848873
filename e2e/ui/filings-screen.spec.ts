import { expect, test } from "@playwright/test";
import { dataAsOf, searchSettled, shownFiledStatuses, shownHitCompanies } from "./filings-support";
import { newApiKey, readDatabase, snapshot } from "./page-support";
import { allApiTickers, settled } from "./screener-support";

const SCREEN = { sector: { values: ["Information Technology"] }, coverage: { values: ["prices"] } };

/** The filed windows of the corpus's filings (the API gives them per hit only). */
const filedWindows = () =>
  new Map(
    readDatabase((db) => db.prepare("SELECT source_name, filed_earliest, filed_latest FROM filings").all() as { source_name: string; filed_earliest: string; filed_latest: string }[]).map((f) => [
      f.source_name,
      f,
    ]),
  );

/** Companies that have filings in the corpus (the API does not list them). */
const companiesWithFilings = () =>
  new Set(readDatabase((db) => db.prepare("SELECT full_ticker FROM companies WHERE has_filings = 1").pluck().all() as string[]));

test.describe("from a screen to its companies' filings", () => {
  test("searches only the screen's companies and shows which of them have hits", async ({ page }) => {
    const key = newApiKey();
    const screenTickers = new Set(await allApiTickers(page, key, "basic", { filters: SCREEN }));
    const corpus = companiesWithFilings();
    const withFilings = [...screenTickers].filter((t) => corpus.has(t));
    expect(withFilings.length).toBeGreaterThan(3);

    await page.goto(`/screener/?filters=${encodeURIComponent(JSON.stringify(SCREEN))}`);
    await settled(page);
    await page.getByRole("link", { name: "Search their filings" }).click();
    await expect(page).toHaveURL(/\/filings\/\?screen=/);
    const scope = page.getByTestId("screen-scope");
    await expect(scope).toContainText(`${screenTickers.size.toLocaleString("en-US")} companies`);
    await expect(page.getByTestId("scope-with-filings")).toHaveText(String(withFilings.length));
    // The rest, and the command that brings in those SEC knows or that list in the US.
    const without = [...screenTickers].filter((t) => !corpus.has(t));
    const syncable = new Set(
      readDatabase(
        (db) =>
          db
            .prepare(`SELECT coalesce(current_symbol, symbol) FROM companies WHERE full_ticker IN (SELECT value FROM json_each(?))
              AND (cik IS NOT NULL OR exchange IN ('NYSE', 'NASDAQ', 'NYSEAMERICAN', 'CBOE', 'US'))`)
            .pluck()
            .all(JSON.stringify(without)) as string[],
      ),
    );
    await expect(page.getByTestId("scope-without-filings")).toContainText(`${without.length.toLocaleString("en-US")} without filings`);
    await expect(page.getByTestId("scope-without-filings")).toContainText(`the ${syncable.size.toLocaleString("en-US")} SEC filers among them`);
    const command = (await page.getByTestId("sync-command").textContent())!;
    const tickers = command.replace("npm run sync -- filings --tickers ", "").split(",");
    expect(tickers).toHaveLength(Math.min(50, syncable.size));
    for (const ticker of tickers) expect(syncable.has(ticker)).toBe(true);

    // Every filing date (this test is about the companies; the date bound has its own test).
    await page.getByRole("button", { name: "Include all dates" }).click();
    await expect(page).toHaveURL(/filed=all/);
    await page.getByRole("textbox", { name: "Query 1", exact: true }).fill("supply chain disruption");
    await page.getByRole("radio", { name: /^keyword/ }).check();
    await page.getByRole("combobox", { name: "Results" }).selectOption("25");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await searchSettled(page);
    const hits = await shownHitCompanies(page);
    expect(hits.length).toBeGreaterThan(5);
    for (const ticker of hits) expect(withFilings).toContain(ticker);
    // Each company's count is its number of passages among the results; the rest show 0.
    const chips = scope.getByRole("list", { name: "The screen's companies with filings" }).getByRole("button");
    await expect(chips).toHaveCount(withFilings.length);
    const counts = new Map<string, number>();
    for (const ticker of hits) counts.set(ticker!, (counts.get(ticker!) ?? 0) + 1);
    const shown = await chips.evaluateAll((buttons) => buttons.map((b) => Number(b.getAttribute("data-hits"))));
    expect(shown.reduce((a, b) => a + b, 0)).toBe(hits.length);
    expect(Math.max(...shown)).toBe(Math.max(...counts.values()));
    await snapshot(page, "filings-within-screen");

    // A company narrows the search to it; the screen stays.
    const top = chips.first();
    const name = (await top.textContent())!.replace(/\d+$/, "");
    await top.click();
    await expect(page).toHaveURL(/ticker=/);
    await expect(page).toHaveURL(/screen=/);
    await searchSettled(page);
    expect(new Set(await shownHitCompanies(page)).size).toBe(1);
    await expect(page.getByTestId("hit").first()).toContainText(name);

    // And back to the screen.
    await scope.getByRole("link", { name: "Back to the screen" }).click();
    await settled(page);
    expect(JSON.parse(new URL(page.url()).searchParams.get("filters")!)).toEqual(SCREEN);
  });

  test("a search from a screen covers filings public by the screen's as-of date, and widens to all dates in one click", async ({ page }) => {
    const asOf = await dataAsOf(page);
    const windows = filedWindows();
    const screen = { coverage: { values: ["filings"] } };
    await page.goto(`/screener/?filters=${encodeURIComponent(JSON.stringify(screen))}`);
    await settled(page);
    await page.getByRole("link", { name: "Search their filings" }).click();
    await expect(page).toHaveURL(/\/filings\/\?screen=/);
    expect(page.url()).not.toContain("filed=");
    const bound = page.getByTestId("filed-bound");
    await expect(bound).toHaveAttribute("data-filed", "as-of");
    await expect(bound).toContainText(`public on or before ${asOf}`);

    await page.getByRole("textbox", { name: "Query 1", exact: true }).fill("revenue");
    await page.getByRole("radio", { name: /^keyword/ }).check();
    await page.getByRole("combobox", { name: "Results" }).selectOption("25");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await searchSettled(page);
    const bounded = await shownFiledStatuses(page);
    expect(bounded.length).toBeGreaterThan(0);
    for (const hit of bounded) {
      expect(hit.status, hit.filing).toBe("public");
      expect(windows.get(hit.filing)!.filed_latest <= asOf, hit.filing).toBe(true);
    }

    // One click: every date; the URL says so, so the link shares it.
    await bound.getByRole("button", { name: "Include all dates" }).click();
    await expect(page).toHaveURL(/filed=all/);
    await searchSettled(page);
    await expect(bound).toHaveAttribute("data-filed", "all");
    const widened = await shownFiledStatuses(page);
    expect(widened.some((hit) => hit.status === "after")).toBe(true);
    for (const hit of widened.filter((h) => h.status === "after")) expect(windows.get(hit.filing)!.filed_earliest > asOf, hit.filing).toBe(true);
    await expect(page.getByTestId("hit").locator("[data-filed-status=after]").first()).toContainText(`filed after the snapshot (${asOf})`);

    await page.reload();
    await searchSettled(page);
    await expect(page.getByTestId("filed-bound")).toHaveAttribute("data-filed", "all");
    expect(await shownFiledStatuses(page)).toEqual(widened);

    // And back to the bound.
    await page.getByTestId("filed-bound").getByRole("button", { name: `Only filings public by ${asOf}` }).click();
    await searchSettled(page);
    expect(page.url()).not.toContain("filed=");
    expect(await shownFiledStatuses(page)).toEqual(bounded);
  });

  test("a screen none of whose companies has filings gives an empty list, not an error", async ({ page }) => {
    const screen = { country: { values: ["Japan"] } };
    await page.goto(`/filings/?screen=${encodeURIComponent(JSON.stringify(screen))}&q=revenue`);
    await searchSettled(page);
    await expect(page.getByTestId("scope-with-filings")).toHaveText("0");
    await expect(page.getByTestId("no-hits")).toBeVisible();
  });

  test("a screen with invalid filters says so, and the search can leave it", async ({ page }) => {
    await page.goto(`/filings/?screen=${encodeURIComponent(JSON.stringify({ country: { values: ["Atlantis"] } }))}&q=revenue`);
    await expect(page.getByRole("alert").first()).toContainText("Atlantis");
    await page.getByRole("button", { name: "Search all filings instead" }).first().click();
    await expect(page).not.toHaveURL(/screen=/);
    await searchSettled(page);
    expect(await page.getByTestId("hit").count()).toBeGreaterThan(0);
  });
});
