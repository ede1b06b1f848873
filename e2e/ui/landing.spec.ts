import { expect, test } from "@playwright/test";
import { readDatabase, snapshot } from "./page-support";

test("the landing page shows what the data covers, from the database's own counts", async ({ page, request }) => {
  const health = (await (await request.get("/api/health/")).json()) as { as_of: string; counts: Record<string, number> };
  await page.goto("/");
  await expect(page.getByTestId("as-of")).toHaveText(health.as_of);
  const stat = (label: string) => page.locator("dl > div").filter({ has: page.getByText(label, { exact: true }) }).locator("dd");
  // Companies are the issuers behind the listings (a company with two share classes is listed twice).
  const issuers = readDatabase((db) => db.prepare("SELECT count(DISTINCT issuer_id) AS n FROM companies").get() as { n: number }).n;
  await expect(stat("Companies")).toHaveText(issuers.toLocaleString("en-US"));
  await expect(stat("Listings")).toHaveText(health.counts.companies!.toLocaleString("en-US"));
  await expect(stat("Countries")).toHaveText(health.counts.countries!.toLocaleString("en-US"));
  await expect(stat("Filings")).toHaveText(health.counts.filings!.toLocaleString("en-US"));
  await expect(page.getByRole("table", { name: "Companies by country" }).locator("tbody tr")).toHaveCount(25);
  await snapshot(page, "landing");
  await page.getByRole("link", { name: "Search filings" }).click();
  await expect(page.getByRole("heading", { name: "Filing search" })).toBeVisible();
});
