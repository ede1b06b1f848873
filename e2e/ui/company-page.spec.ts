import { expect, test } from "@playwright/test";
import { FIELD_BY_NAME } from "@/lib/screener/catalog";
import { formatValue } from "@/lib/screener/value-format";
import { searchSettled, shownHitCompanies } from "./filings-support";
import { newApiKey, readDatabase, snapshot } from "./page-support";
import { postApi, table } from "./screener-support";

const FIELDS = ["full_ticker", "companyName", "sector", "country", "marketCap_usd", "price", "return_1y", "peRatio", "evToEbitda", "revenue", "netIncome", "fiscal_year"];

/**
 * What the database holds for the charts and lists (the API does not serve daily prices or filing
 * lists); the chart shows the prices up to the as-of date, the table holds the later ones too.
 */
const stored = (fullTicker: string) =>
  readDatabase((db) => {
    const id = db.prepare("SELECT id FROM companies WHERE full_ticker = ?").pluck().get(fullTicker) as number;
    const asOf = db.prepare("SELECT value FROM meta WHERE key = 'as_of'").pluck().get() as string;
    const count = (range: "<=" | ">") => db.prepare(`SELECT count(*) FROM daily_prices WHERE company_id = ? AND date ${range} ?`).pluck().get(id, asOf) as number;
    const day = (end: "min" | "max") => db.prepare(`SELECT ${end}(date) FROM daily_prices WHERE company_id = ? AND date <= ?`).pluck().get(id, asOf) as string;
    return {
      prices: count("<="),
      pricesAfterAsOf: count(">"),
      firstDay: day("min"),
      lastDay: day("max"),
      years: db.prepare("SELECT count(*) FROM fiscal_years WHERE company_id = ?").pluck().get(id) as number,
      filings: db.prepare("SELECT count(*) FROM filings WHERE company_id = ?").pluck().get(id) as number,
    };
  });

test.describe("company page", () => {
  test("a screener row opens its company: profile, metrics, fiscal history and charts agree with the API and the data", async ({ page }) => {
    const key = newApiKey();
    const api = await postApi(page, key, "basic", { filters: { coverage: { values: ["filings", "fundamentals"] } }, fields: FIELDS, page: { limit: 1 } });
    const row = api.rows[0]!;
    const ticker = row.full_ticker as string;
    await page.goto(`/screener/?filters=${encodeURIComponent(JSON.stringify({ coverage: { values: ["filings", "fundamentals"] } }))}`);
    await table(page).getByRole("link", { name: ticker }).click();
    await expect(page).toHaveURL(`/company/${encodeURIComponent(ticker)}/`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(row.companyName as string);
    await expect(page.getByTestId("company-ticker")).toHaveText(ticker);
    await expect(page.getByRole("region", { name: "Profile" })).toContainText(row.sector as string);

    for (const field of ["marketCap_usd", "price", "return_1y", "peRatio", "evToEbitda"]) {
      await expect(page.getByTestId("company-metrics").locator(`[data-field="${field}"] dd`)).toHaveText(formatValue(row[field], FIELD_BY_NAME.get(field)!.unit));
    }
    const data = stored(ticker);
    const fiscal = page.getByTestId("fiscal-table");
    await expect(fiscal.locator("thead th")).toHaveCount(data.years + 1);
    // The latest fiscal year is the last column, and its values are the API's latest-fiscal-year fields.
    await expect(fiscal.locator("thead th").last()).toContainText(`FY${row.fiscal_year}`);
    await expect(fiscal.locator('tr[data-metric="revenue"] td').last()).toHaveText(formatValue(row.revenue, "usd"));
    await expect(fiscal.locator('tr[data-metric="netIncome"] td').last()).toHaveText(formatValue(row.netIncome, "usd"));
    expect(await page.getByTestId("fundamentals-chart").locator("rect").count()).toBeGreaterThanOrEqual(data.years * 2);

    const chart = page.getByTestId("price-chart");
    expect(data.pricesAfterAsOf, "the database holds prices after the as-of date").toBeGreaterThan(0);
    await expect(chart).toHaveAttribute("data-points", String(data.prices));
    await expect(page.getByTestId("price-readout")).toContainText(`${data.lastDay} · ${formatValue(row.price, "number")}`);
    await chart.focus();
    await page.keyboard.press("Home");
    await expect(page.getByTestId("price-readout")).toContainText(data.firstDay);
    await page.keyboard.press("ArrowRight");
    await expect(page.getByTestId("price-readout")).not.toContainText(data.firstDay);
    await page.keyboard.press("End");
    await expect(page.getByTestId("price-readout")).toContainText(data.lastDay);

    await expect(page.getByTestId("company-filings").locator("tbody tr")).toHaveCount(data.filings);
    await snapshot(page, "company-page");
  });

  test("a renamed company carries its 2016 name and ticker with today's beside, and today's ticker leads to it", async ({ page }) => {
    // Facebook in the 2016 list, Meta Platforms (META) in today's, joined by CIK.
    const facebook = readDatabase(
      (db) =>
        db.prepare("SELECT full_ticker, exchange, companyName, current_name, current_symbol, sector FROM companies WHERE cik = 1326801").get() as Record<
          string,
          string
        >,
    );
    expect(facebook).toMatchObject({ full_ticker: "NASDAQ:FB", companyName: "Facebook", current_name: "Meta Platforms", current_symbol: "META" });
    await page.goto(`/company/${encodeURIComponent(`${facebook.exchange}:${facebook.current_symbol}`)}/`);
    await expect(page).toHaveURL(`/company/${encodeURIComponent(facebook.full_ticker!)}/`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Facebook");
    await expect(page.getByTestId("now-known-as")).toHaveText("now Meta Platforms, META");
    const profile = page.getByRole("region", { name: "Profile" });
    await expect(profile).toContainText("GICS as of 2016, from the 2016 S&P 500 list");
    await expect(profile).toContainText("Information Technology");
    await expect(profile).toContainText("Internet Software & Services");
    // The description is today's (it names Meta), and says so.
    await expect(page.getByTestId("company-description")).toContainText("Meta");
    await expect(page.getByTestId("description-vintage")).toHaveText("Today's description (FinanceDatabase, 2026-08), not of 2017-03-31");

    // Both names find it in the screener, whose row says what it is called today.
    for (const name of ["Facebook", "Meta"]) {
      await page.goto(`/screener/?filters=${encodeURIComponent(JSON.stringify({ description_keywords: { fts: name }, coverage: { values: ["prices"] } }))}`);
      const row = table(page).locator("tr", { has: page.getByRole("link", { name: "NASDAQ:FB" }) });
      await expect(row.getByTestId("now-known-as")).toHaveText("now Meta Platforms, META");
    }
  });

  test("its filings open in the reader, and its search box searches only its filings", async ({ page }) => {
    await page.goto("/company/NASDAQ:AAPL/");
    const filings = page.getByTestId("company-filings");
    const first = filings.locator("tbody tr").first().getByRole("link").first();
    const name = (await first.textContent())!;
    await first.click();
    await expect(page).toHaveURL(`/filings/${name}/`);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Apple");

    await page.goBack();
    await page.getByRole("search", { name: /Search Apple Inc\.'s filings/ }).getByLabel("Query").fill("iPhone net sales");
    await page.getByRole("search", { name: /Search Apple Inc\.'s filings/ }).getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/\/filings\/\?ticker=NASDAQ%3AAAPL&q=iPhone\+net\+sales/);
    await searchSettled(page);
    const companies = await shownHitCompanies(page);
    expect(companies.length).toBeGreaterThan(0);
    expect(new Set(companies)).toEqual(new Set(["NASDAQ:AAPL"]));

    // And back from a hit to the company.
    await page.getByTestId("hit").first().getByRole("link", { name: "Apple Inc." }).click();
    await expect(page).toHaveURL(`/company/${encodeURIComponent("NASDAQ:AAPL")}/`);
  });

  test("its filings show when each was filed against the as-of date, and what the corpus covers for it", async ({ page }) => {
    const asOf = ((await (await page.request.get("/api/health/")).json()) as { as_of: string }).as_of;
    const ibm = readDatabase(
      (db) =>
        db
          .prepare("SELECT f.fiscal_year, f.filed_date FROM filings f JOIN companies c ON c.id = f.company_id WHERE c.full_ticker = 'NYSE:IBM' ORDER BY f.fiscal_year")
          .all() as { fiscal_year: number; filed_date: string }[],
    );
    expect(ibm.length).toBeGreaterThan(0);
    await page.goto("/company/NYSE:IBM/");
    const coverage = page.getByTestId("filings-coverage");
    await expect(coverage).toContainText(`The corpus holds ${ibm.length} filings`);
    await expect(coverage).toContainText(`fiscal years ${ibm[0]!.fiscal_year}–${ibm.at(-1)!.fiscal_year}`);
    await expect(coverage).toContainText("not its complete history");
    // A span within one year is that year ("filed 2025"), not "2025–2025".
    expect(await coverage.textContent()).not.toMatch(/(\d{4})–\1\b/);
    await expect(coverage).toContainText(`${ibm.length} of them were filed after the screener's as-of date ${asOf}`);
    const rows = page.getByTestId("company-filings").locator("tbody tr");
    await expect(rows).toHaveCount(ibm.length);
    for (const { filed_date } of ibm) await expect(page.getByTestId("company-filings")).toContainText(`filed ${filed_date}`);
    await expect(rows.locator("[data-filed-status=after]")).toHaveCount(ibm.length);

    // 3M's FY2015 10-K has no filed date in the data: its window, and a marker against the as-of date.
    await page.goto("/company/NYSE:MMM/");
    const mmm = page.getByTestId("company-filings").locator("tbody tr", { hasText: "3M_2015_10K" });
    await expect(mmm.getByTestId("filed")).toContainText("filed 2015-12-31 to 2016-03-30 (by the SEC deadline");
    await expect(mmm.getByTestId("filed")).toHaveAttribute("data-filed-status", "2016-03-30" <= asOf ? "public" : "straddles");
  });

  test("a symbol, current or former, leads to its company; an unknown one is a 404", async ({ page }) => {
    await page.goto("/company/aapl/");
    await expect(page).toHaveURL(`/company/${encodeURIComponent("NASDAQ:AAPL")}/`);
    // Priceline (PCLN) in the 2016 list is Booking Holdings (BKNG) today: either symbol, or today's
    // full ticker, leads to the company under its 2016 ticker, with today's beside.
    for (const address of ["PCLN", "BKNG", "NASDAQ:BKNG"]) {
      await page.goto(`/company/${encodeURIComponent(address)}/`);
      await expect(page.getByTestId("company-ticker")).toHaveText("NASDAQ:PCLN");
      await expect(page.getByTestId("now-known-as")).toHaveText("now Booking Holdings, BKNG");
    }
    const response = await page.goto("/company/NOSUCHTICKERX/");
    expect(response!.status()).toBe(404);
  });
});
