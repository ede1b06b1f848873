import { expect, type Page } from "@playwright/test";
import type { FilingSearchResponse } from "@/lib/filings/search-schema";

/** Helpers for the filing search, reader and company page browser tests. */

/** The public filing search with a key. */
export async function searchApi(page: Page, key: string, body: unknown): Promise<FilingSearchResponse> {
  const response = await page.request.post("/api/v1/filings/search/", { data: body, headers: { authorization: `Bearer ${key}` } });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as FilingSearchResponse;
}

/** Waits until the results show the search the URL names (no request in flight). */
export async function searchSettled(page: Page) {
  await expect(page.getByRole("region", { name: "Results" })).toHaveAttribute("data-state", "ready");
  await expect(page.getByTestId("hit-count")).toBeVisible();
}

/** The ids of the shown hits, in order. */
export const shownHitIds = (page: Page) => page.getByTestId("hit").evaluateAll((hits) => hits.map((h) => h.getAttribute("data-hit-id")));

/** The full tickers of the companies of the shown hits, in order. */
export const shownHitCompanies = (page: Page) => page.getByTestId("hit").evaluateAll((hits) => hits.map((h) => h.getAttribute("data-company")));

/** The request body the "API request" panel shows. */
export async function apiPanelBody(page: Page): Promise<Record<string, unknown>> {
  await page.getByRole("button", { name: "API request" }).click();
  const body = JSON.parse((await page.getByTestId("api-body").textContent())!) as Record<string, unknown>;
  await page.getByRole("button", { name: "Hide API request" }).click();
  return body;
}

/** The screener's as-of date, as the API reports it. */
export async function dataAsOf(page: Page): Promise<string> {
  return ((await (await page.request.get("/api/health/")).json()) as { as_of: string }).as_of;
}

/** Each shown hit's filing and the filed status its marker shows. */
export const shownFiledStatuses = (page: Page) =>
  page.getByTestId("hit").evaluateAll((hits) =>
    hits.map((h) => ({ filing: h.getAttribute("data-filing")!, status: h.querySelector("[data-testid=filed]")!.getAttribute("data-filed-status")! })),
  );
