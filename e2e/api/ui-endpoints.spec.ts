import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { startApp } from "@/lib/local-servers";
import { baseUrl, call, problem } from "./support";

// The browser UI's own endpoints need no key but serve this site's pages only.
const UI_BASIC_PATH = "/api/ui/screener/basic/";
// Its own client address, so that the UI limit (per address) is not shared with the browser tests.
const ADDRESS = { "x-forwarded-for": "10.77.0.1" };

const post = (headers: Record<string, string>) =>
  call(UI_BASIC_PATH, { method: "POST", headers: { "content-type": "application/json", ...ADDRESS, ...headers }, body: JSON.stringify({ page: { limit: 1 } }) });

test("a same-origin POST passes without a key, and gets no CORS headers", async () => {
  const response = await post({ origin: new URL(baseUrl()).origin, "sec-fetch-site": "same-origin" });
  expect(response.status).toBe(200);
  expect((await response.json()).rows).toHaveLength(1);
  expect(response.headers.get("access-control-allow-origin")).toBeNull();
});

for (const [label, headers] of [
  ["an Origin of another site", { origin: "https://evil.example" }],
  ["Sec-Fetch-Site: cross-site", { "sec-fetch-site": "cross-site" }],
] as const) {
  test(`a request with ${label} is refused with 403 problem details`, async () => {
    const response = await post(headers);
    expect(response.status).toBe(403);
    expect(await problem(response)).toMatchObject({ status: 403, type: "/docs/#problem-cross-origin" });
    expect(response.headers.get("access-control-allow-origin")).toBeNull();

    const preflight = await call(UI_BASIC_PATH, { method: "OPTIONS", headers: { ...headers, ...ADDRESS, "access-control-request-method": "POST" } });
    expect(preflight.status).toBe(403);
  });
}

test("the UI limit counts per client address, the searches a shared link's page runs on the server included", async () => {
  test.setTimeout(120_000);
  const dir = mkdtempSync(path.join(tmpdir(), "ui-limit-"));
  const app = await startApp({ UI_RATE_LIMIT_PER_MINUTE: "3", API_STATE_PATH: path.join(dir, "state.db") });
  const client = { "x-forwarded-for": "10.77.0.2" };
  const search = (headers: Record<string, string>) =>
    fetch(`${app.url}/api/ui/filings/search/`, {
      method: "POST",
      headers: { "content-type": "application/json", ...headers },
      body: JSON.stringify({ queries: ["dividends"], searchtype: "keyword", results: 1 }),
    });
  const page = async (headers: Record<string, string>) => (await fetch(`${app.url}/filings/?q=dividends&searchtype=keyword`, { headers })).text();
  try {
    expect(await page(client)).toContain('data-testid="hit"');
    expect((await search(client)).status).toBe(200);
    expect((await search(client)).status).toBe(200);
    const refused = await search(client);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    // The page still renders, without the results: the browser's own request waits for the limit.
    const html = await page(client);
    expect(html).toContain("Filing search");
    expect(html).not.toContain('data-testid="hit"');
    // Another client is not affected.
    expect((await search({ "x-forwarded-for": "10.77.0.3" })).status).toBe(200);
  } finally {
    await app.stop();
    rmSync(dir, { recursive: true, force: true });
  }
});

