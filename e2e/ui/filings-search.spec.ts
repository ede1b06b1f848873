import { expect, test } from "@playwright/test";
import { stem } from "@/lib/filings/text-terms";
import { apiPanelBody, dataAsOf, searchApi, searchSettled, shownFiledStatuses, shownHitCompanies, shownHitIds } from "./filings-support";
import { newApiKey, readDatabase, snapshot } from "./page-support";

test.describe("filing search page", () => {
  test("a search built in the form, with several queries and every filter, shows the public API's answer to the request the API panel shows", async ({ page }) => {
    const key = newApiKey();
    await page.goto("/filings/");
    await page.getByRole("textbox", { name: "Query 1", exact: true }).fill("capital expenditures");
    await page.getByRole("button", { name: "+ Add a query" }).click();
    await page.getByRole("textbox", { name: "Query 2", exact: true }).fill("purchases of property, plant and equipment");
    await page.getByLabel("Company name").fill("3M");
    await page.getByLabel("Fiscal year").fill("2018");
    await page.getByLabel("Fiscal period").selectOption("FY");
    await page.getByLabel("Filing type").selectOption("10-K");
    await page.getByRole("radio", { name: /^keyword/ }).check();
    await page.getByRole("combobox", { name: "Results" }).selectOption("25");
    await page.getByRole("button", { name: "Search", exact: true }).click();

    await expect(page).toHaveURL(/q=capital\+expenditures&q=purchases/);
    await expect(page).toHaveURL(/name=3M.*fiscal_period=FY.*filing_type=10-K.*searchtype=keyword.*fiscal_year=2018.*results=25/);
    await searchSettled(page);
    const body = await apiPanelBody(page);
    const queryTexts = ["capital expenditures", "purchases of property, plant and equipment"];
    expect(body).toEqual({
      queries: queryTexts,
      name: "3M",
      fiscal_period: "FY",
      filing_type: "10-K",
      searchtype: "keyword",
      fiscal_year: 2018,
      results: 25,
    });
    const api = await searchApi(page, key, body);
    expect(api.results.length).toBeGreaterThan(5);
    expect(await shownHitIds(page)).toEqual(api.results.map((h) => h.id));
    expect(new Set(await shownHitCompanies(page))).toEqual(new Set(["NYSE:MMM"]));
    const first = page.getByTestId("hit").first();
    await expect(first).toContainText("10-K");
    await expect(first).toContainText("FY2018");
    // The badges name the queries as "query N" (a bare "Q1" reads as a fiscal quarter), with the query's words in the title.
    const matched = api.results[0]!.matched_queries;
    expect(matched.length).toBeGreaterThan(0);
    await expect(first.getByTestId("hit-query")).toHaveText(matched.map((q) => `query ${q + 1}`));
    await expect(first.getByTestId("hit-query").first()).toHaveAttribute("title", `Found by query ${matched[0]! + 1}: ${queryTexts[matched[0]!]}`);

    // Highlights are the queries' words (as the keyword search matches them: by stem).
    const wanted = new Set(["capital", "expenditures", "purchases", "property", "plant", "equipment"].map(stem));
    const marked = await page.getByTestId("hit-text").locator("mark").allTextContents();
    expect(marked.length).toBeGreaterThan(5);
    for (const word of marked) expect(wanted.has(stem(word.toLowerCase())), word).toBe(true);

    // The whole passage opens in place.
    await first.getByRole("button", { name: "Show the whole passage" }).click();
    // Line breaks are laid out as the filing has them: compare the characters.
    const compact = (text: string | null) => (text ?? "").replace(/\s+/g, "");
    await expect.poll(async () => compact(await first.getByTestId("hit-text").textContent())).toBe(compact(api.results[0]!.text));
    await snapshot(page, "filings-search");

    // Searching again for the same thing asks again without adding a history entry.
    const entries = await page.evaluate(() => history.length);
    const asked = page.waitForRequest((request) => request.method() === "POST" && new URL(request.url()).pathname === "/api/ui/filings/search/");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    expect((await asked).postDataJSON()).toMatchObject({ queries: expect.arrayContaining(["purchases of property, plant and equipment"]) });
    await searchSettled(page);
    expect(await page.evaluate(() => history.length)).toBe(entries);

    // The search lives in the URL: a reload shows it again (rendered on the server), back goes to the empty page.
    await page.reload();
    await searchSettled(page);
    expect(await shownHitIds(page)).toEqual(api.results.map((h) => h.id));
    await expect(page.getByRole("textbox", { name: "Query 2", exact: true })).toHaveValue("purchases of property, plant and equipment");
    await page.goBack();
    await expect(page.getByTestId("hit")).toHaveCount(0);
    await expect(page.getByRole("textbox", { name: "Query 1", exact: true })).toHaveValue("");
  });

  test("every hit shows when its filing was filed, against the as-of date", async ({ page }) => {
    const asOf = await dataAsOf(page);
    type Filed = { source_name: string; filed_date: string | null; filed_earliest: string; filed_latest: string };
    const stored = new Map(
      readDatabase((db) => db.prepare("SELECT source_name, filed_date, filed_earliest, filed_latest FROM filings").all() as Filed[]).map((f) => [f.source_name, f]),
    );
    // IBM's filings carry their SEC filing date; 3M's FY2015 10-K only its period end and deadline.
    for (const search of ["q=revenue&ticker=NYSE%3AIBM&searchtype=keyword", "q=revenue&ticker=NYSE%3AMMM&fiscal_year=2015&searchtype=keyword"]) {
      await page.goto(`/filings/?${search}`);
      await searchSettled(page);
      const hits = await shownFiledStatuses(page);
      expect(hits.length).toBeGreaterThan(0);
      for (const hit of hits) {
        const f = stored.get(hit.filing)!;
        const expected = f.filed_latest <= asOf ? "public" : f.filed_earliest > asOf ? "after" : "straddles";
        expect(hit.status, hit.filing).toBe(expected);
      }
      const first = stored.get(hits[0]!.filing)!;
      const filed = page.getByTestId("hit").first().getByTestId("filed");
      await expect(filed).toContainText(first.filed_date ? `filed ${first.filed_date}` : `filed ${first.filed_earliest} to ${first.filed_latest}`);
      await expect(filed).toContainText(asOf);
      await expect(page.getByTestId("hit").first()).toContainText(/FY20\d\d/);
    }
    // IBM's 2024-2025 filings are after any snapshot of the bundled prices (they end in 2021).
    await page.goto("/filings/?q=revenue&ticker=NYSE%3AIBM&searchtype=keyword");
    await searchSettled(page);
    await expect(page.getByTestId("hit").first().getByTestId("filed-marker")).toHaveText(`filed after the snapshot (${asOf})`);
  });

  test("a shared link shows its passages without JavaScript", async ({ browser, page }) => {
    const key = newApiKey();
    const api = await searchApi(page, key, { queries: ["goodwill impairment"], name: "JPMorgan", filing_type: "10q", results: 10 });
    expect(api.results.length).toBeGreaterThan(0);
    const noScript = await browser.newContext({ javaScriptEnabled: false });
    const plain = await noScript.newPage();
    await plain.goto("/filings/?q=goodwill+impairment&name=JPMorgan&filing_type=10q");
    await expect(plain.getByTestId("hit")).toHaveCount(api.results.length);
    // The form shows the search too, any accepted spelling as the option it means.
    await expect(plain.getByRole("textbox", { name: "Query 1", exact: true })).toHaveValue("goodwill impairment");
    await expect(plain.getByLabel("Company name")).toHaveValue("JPMorgan");
    await expect(plain.getByLabel("Filing type")).toHaveValue("10-Q");
    expect(await shownHitIds(plain)).toEqual(api.results.map((h) => h.id));
    expect(new Set(await shownHitCompanies(plain))).toEqual(new Set(["NYSE:JPM"]));
    await noScript.close();
  });

  test("invalid input is explained next to the field and nothing is sent", async ({ page }) => {
    await page.goto("/filings/");
    const sent: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes("/api/ui/filings/search/")) sent.push(request.postData() ?? "");
    });
    await page.getByRole("textbox", { name: "Query 1", exact: true }).fill("x".repeat(301));
    await page.getByLabel("Fiscal year").fill("20x8");
    await page.getByLabel("Company name").fill("n".repeat(121));
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect(page.locator('[data-error-for="queries.0.text"]')).toContainText("at most 300 characters");
    await expect(page.locator('[data-error-for="fiscal_year"]')).toBeVisible();
    await expect(page.locator('[data-error-for="name"]')).toContainText("120");
    await expect(page.getByLabel("Fiscal year")).toHaveAttribute("aria-invalid", "true");
    await snapshot(page, "filings-validation");

    // Fixed, the search goes out.
    await page.getByRole("textbox", { name: "Query 1", exact: true }).fill("dividends");
    await page.getByLabel("Fiscal year").fill("2022");
    await page.getByLabel("Company name").fill("");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await searchSettled(page);
    await expect(page.locator("[data-error-for]")).toHaveCount(0);
    expect(sent.map((b) => JSON.parse(b) as { queries: string[] })).toEqual([expect.objectContaining({ queries: ["dividends"], fiscal_year: 2022 })]);
  });

  test("errors the API returns for a pasted link are shown next to the parameter they point at", async ({ page }) => {
    await page.goto("/filings/?q=revenue&fiscal_year=1800&results=40");
    await expect(page.locator('[data-error-for="fiscal_year"]')).toContainText("1900");
    await expect(page.locator('[data-error-for="results"]')).toContainText("25");
    await expect(page.getByTestId("hit")).toHaveCount(0);
  });

  test("a query of FTS syntax is searched as plain words, and no match is an empty list", async ({ page }) => {
    await page.goto('/filings/?q=' + encodeURIComponent('NEAR("revenue" col:*) AND OR -') + "&searchtype=keyword&name=3M");
    await searchSettled(page);
    expect(await page.getByTestId("hit").count()).toBeGreaterThan(0);
    await page.goto("/filings/?q=zzqqxxj+wwvvkkq&searchtype=keyword");
    await searchSettled(page);
    // The filings were searched: the words are what to change.
    await expect(page.getByTestId("no-hits")).toContainText("No passage matches. Try other words");
    await expect(page.getByTestId("hit-count")).toHaveText("0");
  });

  test("boilerplate repeated across a company's filings is one hit naming the other fiscal years, each a link into the reader", async ({ page }) => {
    const key = newApiKey();
    const body = { queries: ['"We are exposed to fluctuations in interest rates"'], ticker: "EBAY", searchtype: "keyword", results: 10 };
    const api = await searchApi(page, key, body);
    const collapsed = api.results.find((hit) => (hit.also_in?.length ?? 0) > 0);
    expect(collapsed, "a hit with also_in").toBeDefined();
    // The twins the ingest stored for that passage (other filings), as the card should name them.
    const [source, pageNumber, start] = collapsed!.id.split(":");
    const stored = readDatabase((db) =>
      db
        .prepare(
          `SELECT DISTINCT f2.source_name, f2.fiscal_year FROM filing_passages p
           JOIN filings f ON f.id = p.filing_id JOIN filing_pages pg ON pg.id = p.page_id
           JOIN filing_passage_twins t1 ON t1.passage_id = p.id JOIN filing_passage_twins t2 ON t2.group_id = t1.group_id
           JOIN filing_passages p2 ON p2.id = t2.passage_id JOIN filings f2 ON f2.id = p2.filing_id
           WHERE f.source_name = ? AND pg.number = ? AND p.start = ? AND f2.id <> f.id ORDER BY f2.fiscal_year, f2.id`,
        )
        .all(source, Number(pageNumber), Number(start)) as { source_name: string; fiscal_year: number }[],
    );
    expect(stored.length).toBeGreaterThan(0);
    expect(collapsed!.also_in!.map((t) => t.filing.id)).toEqual(stored.map((t) => t.source_name));

    await page.goto(`/filings/?q=${encodeURIComponent(body.queries[0]!)}&ticker=EBAY&searchtype=keyword&results=10`);
    await searchSettled(page);
    const card = page.locator(`[data-testid=hit][data-hit-id="${collapsed!.id}"]`);
    const alsoIn = card.getByTestId("hit-also-in");
    await expect(alsoIn).toHaveText(`also in ${stored.map((t) => `FY${t.fiscal_year}`).join(", ")}`);
    // No other hit repeats the passage of a named filing (collapsed, not listed again).
    expect(await shownHitIds(page)).toEqual(api.results.map((h) => h.id));
    const twin = collapsed!.also_in![0]!;
    await snapshot(page, "filings-also-in");
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(alsoIn).toBeVisible();
    await snapshot(page, "filings-also-in-390");
    await alsoIn.getByRole("link").first().click();
    await expect(page).toHaveURL(new RegExp(`/filings/${twin.filing.id}/\\?page=${twin.page}&q=`));
    await expect(page.getByText("We are exposed to fluctuations in interest rates").first()).toBeVisible();
  });

  test("a passage of one filing showing an earlier hit's snippet (a footnote under two tables) is named by its page in that hit", async ({ page }) => {
    const key = newApiKey();
    const body = { queries: ["Boston Properties occupancy"], searchtype: "hybrid", results: 10 };
    const api = await searchApi(page, key, body);
    const folding = api.results.find((hit) => hit.also_in?.some((other) => other.filing.id === hit.filing.id));
    expect(folding, "a hit naming another page of its own filing").toBeDefined();
    const repeat = folding!.also_in!.find((other) => other.filing.id === folding!.filing.id)!;
    // No hit shows that passage itself, nor the same snippet again within the filing.
    expect(api.results.map((hit) => hit.id)).not.toContain(repeat.id);
    const words = (text: string) => text.toLowerCase().match(/[\p{L}\p{N}]+/gu)?.join(" ");
    const snippets = api.results.filter((hit) => hit.filing.id === folding!.filing.id).map((hit) => words(hit.snippet.text));
    expect(new Set(snippets).size).toBe(snippets.length);

    await page.goto(`/filings/?q=${encodeURIComponent(body.queries[0]!)}&results=10`);
    await searchSettled(page);
    const alsoIn = page.locator(`[data-testid=hit][data-hit-id="${folding!.id}"]`).getByTestId("hit-also-in");
    const link = alsoIn.getByRole("link", { name: `page ${repeat.page}` });
    await expect(link).toBeVisible();
    await link.click();
    await expect(page).toHaveURL(new RegExp(`/filings/${folding!.filing.id}/\\?page=${repeat.page}&q=`));
  });

  test("a company without filings says so, counts the companies that have some and lists them", async ({ page }) => {
    const key = newApiKey();
    const withFilings = readDatabase((db) => db.prepare("SELECT count(*) AS n FROM companies WHERE has_filings = 1").get() as { n: number }).n;
    const zoetis = readDatabase((db) => db.prepare("SELECT companyName, full_ticker, has_filings FROM companies WHERE symbol = 'ZTS'").get() as { companyName: string; full_ticker: string; has_filings: number });
    expect(zoetis.has_filings).toBe(0);
    const expected = `No filings for ZTS (${zoetis.companyName}, ${zoetis.full_ticker}) in the corpus: ${withFilings} companies have filings.`;
    const api = await searchApi(page, key, { queries: ["interest rates"], ticker: "ZTS" });
    expect(api.results).toEqual([]);
    expect(api.notice).toEqual({ reason: "company_without_filings", message: expected });

    for (const viewport of [{ width: 1440, height: 900 }, { width: 390, height: 844 }]) {
      await page.setViewportSize(viewport);
      await page.goto("/filings/?q=interest+rates&ticker=ZTS");
      await searchSettled(page);
      const empty = page.getByTestId("no-hits");
      await expect(empty).toContainText(expected);
      await expect(empty).not.toContainText("Try other words");
      await empty.getByText(`The ${withFilings} companies with filings`).click();
      await expect(empty.getByRole("list", { name: "Companies with filings" }).getByRole("button")).toHaveCount(withFilings);
      await snapshot(page, `filings-no-company-filings-${viewport.width}`);
    }
    // One click searches a listed company's filings instead.
    await page.getByTestId("no-hits").getByRole("button", { name: /NYSE:MMM/ }).click();
    await expect(page).toHaveURL(/ticker=NYSE(%3A|:)MMM/);
    await searchSettled(page);
    expect(new Set(await shownHitCompanies(page))).toEqual(new Set(["NYSE:MMM"]));
  });

  test("the page says what it covers: filings, companies and fiscal years, each company with its forms and years", async ({ page }) => {
    const corpus = readDatabase((db) => ({
      totals: db.prepare("SELECT count(*) AS filings, count(DISTINCT company_id) AS companies, min(fiscal_year) AS first, max(fiscal_year) AS last FROM filings WHERE company_id IS NOT NULL").get() as {
        filings: number;
        companies: number;
        first: number;
        last: number;
      },
      apple: db
        .prepare("SELECT count(*) AS filings, min(f.fiscal_year) AS first, max(f.fiscal_year) AS last FROM filings f JOIN companies c ON c.id = f.company_id WHERE c.full_ticker = 'NASDAQ:AAPL'")
        .get() as { filings: number; first: number; last: number },
    }));
    await page.goto("/filings/");
    const panel = page.getByTestId("corpus");
    await expect(panel.locator("summary")).toHaveText(new RegExp(`^${corpus.totals.filings.toLocaleString("en-US")} filings of ${corpus.totals.companies.toLocaleString("en-US")} companies, fiscal years ${corpus.totals.first}–${corpus.totals.last}`));
    await panel.locator("summary").click();
    const rows = panel.getByRole("table", { name: "Companies with filings" }).locator("tbody tr");
    await expect(rows).toHaveCount(corpus.totals.companies);
    const apple = rows.filter({ hasText: "NASDAQ:AAPL" });
    await expect(apple.locator("td").nth(1)).toHaveText(String(corpus.apple.filings));
    await expect(apple.locator("td").nth(3)).toHaveText(`${corpus.apple.first}–${corpus.apple.last}`);
    await snapshot(page, "filings-corpus-1440");
    await apple.getByRole("button").click();
    await expect(page).toHaveURL(/ticker=NASDAQ(%3A|:)AAPL/);
  });
});
