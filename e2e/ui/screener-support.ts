import { expect, type Locator, type Page } from "@playwright/test";

/** Helpers for the screener browser tests: the public API, and driving the page. */

export interface RowsPage {
  total: number;
  rows: Record<string, unknown>[];
  loaded_fields: string[];
  temporary_columns: { name: string; label: string }[];
}

/** POST to the public API with a key. */
export async function postApi<T = RowsPage>(page: Page, key: string, mode: string, body: unknown): Promise<T> {
  const response = await page.request.post(`/api/v1/screener/${mode}/`, { data: body, headers: { authorization: `Bearer ${key}` } });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as T;
}

/** Every matching ticker from the public API (paging at 1000). */
export async function allApiTickers(page: Page, key: string, mode: string, body: Record<string, unknown>): Promise<string[]> {
  const tickers: string[] = [];
  for (let offset = 0; ; offset += 1000) {
    const result = await postApi<{ tickers: string[]; total: number }>(page, key, mode, { ...body, result_format: "tickers", page: { limit: 1000, offset } });
    tickers.push(...result.tickers);
    if (tickers.length >= result.total) return tickers;
  }
}

export const table = (page: Page) => page.getByTestId("results-table");
export const filterCard = (page: Page, label: string) => page.getByRole("region", { name: `${label} filter` });

/** Tickers of the rendered rows, in order (the rows are virtualised: scrolls through them all). */
export async function tableTickers(page: Page): Promise<string[]> {
  const scroller = table(page).locator("xpath=..");
  const seen = new Map<number, string>();
  await scroller.evaluate((el) => el.scrollTo({ top: 0 }));
  const rendered = () =>
    table(page)
      .locator("tbody tr[data-index]")
      .evaluateAll((rows) => rows.map((r) => [Number(r.getAttribute("data-index")), r.querySelector("td")?.textContent ?? ""] as const));
  for (let i = 0; i < 200; i++) {
    for (const [index, ticker] of await rendered()) seen.set(index, ticker);
    const done = await scroller.evaluate((el) => {
      const atEnd = el.scrollTop + el.clientHeight >= el.scrollHeight - 2;
      el.scrollBy({ top: el.clientHeight * 0.8 });
      return atEnd;
    });
    if (done) break;
    // Scrolled by less than a screen: the rows read next join the ones read so far once the table
    // has rendered rows down to the bottom of the screen (on a busy machine that takes more than a
    // frame). Read from the rows' boxes, not by hit-testing: a panel over the table (the API
    // request) would hide them from elementFromPoint.
    const caughtUp = () =>
      scroller.evaluate((el) => {
        const box = el.getBoundingClientRect();
        const last = [...el.querySelectorAll("tbody tr[data-index]")].at(-1)?.getBoundingClientRect();
        return last !== undefined && last.bottom >= box.bottom - 24;
      });
    await expect.poll(caughtUp).toBe(true);
  }
  return [...seen.entries()].sort((a, b) => a[0] - b[0]).map(([, t]) => t);
}

/** Adds a filter through the searchable picker. */
export async function addFilter(page: Page, search: string, label: string): Promise<Locator> {
  await page.getByRole("button", { name: "+ Add filter" }).click();
  await page.getByPlaceholder(/Search filters/).fill(search);
  await page.getByRole("option", { name: new RegExp(`^${label.replace(/[()]/g, "\\$&")}`) }).first().click();
  const card = filterCard(page, label);
  await expect(card).toBeVisible();
  return card;
}

/** Waits until the table shows the screen the URL describes (no request in flight). */
export async function settled(page: Page) {
  await expect(async () => {
    const query = new URL(page.url()).search.slice(1);
    const results = page.getByRole("region", { name: "Results" });
    expect(await results.getAttribute("data-state")).toBe("ready");
    // The table shows the screen the address bar names (compared decoded: the browser may escape differently).
    expect(new URLSearchParams((await results.getAttribute("data-query")) ?? "").toString()).toBe(new URLSearchParams(query).toString());
  }).toPass({ timeout: 10_000 });
}

export const totalShown = async (page: Page) => Number((await page.getByTestId("result-total").textContent())!.replaceAll(",", ""));
