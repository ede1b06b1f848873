import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { startApp } from "@/test/support/local-servers";
import { pageToken } from "@/test/support/page-token";
import { baseUrl, call, newKey, postJson, problem } from "./support";

// The browser UI's own endpoints need no key but serve this site's pages only.
const UI_BASIC_PATH = "/api/ui/screener/basic/";
// Its own client address, so that the UI limit (per address) is not shared with the browser tests.
const ADDRESS = { "x-forwarded-for": "10.77.0.1" };
// What a browser sends with the app's own fetches.
const SAME_ORIGIN = { "sec-fetch-site": "same-origin" };

const post = async (headers: Record<string, string>) =>
  call(UI_BASIC_PATH, {
    method: "POST",
    headers: { "content-type": "application/json", ...ADDRESS, "x-ui-token": await pageToken(baseUrl()), ...headers },
    body: JSON.stringify({ page: { limit: 1 } }),
  });

/** Every operation of the browser UI, with a body it accepts. */
const UI_OPERATIONS: [path: string, body: unknown][] = [
  ["/api/ui/screener/basic/", { page: { limit: 1 } }],
  ["/api/ui/screener/advanced/", { page: { limit: 1 } }],
  ["/api/ui/screener/funnel/", { filters: { marketCap_usd: { min: 1e9 } } }],
  ["/api/ui/screener/outcomes/", { filters: { marketCap_usd: { min: 1e9 } } }],
  ["/api/ui/screener/distribution/", { filters: {}, field: "marketCap_usd" }],
  ["/api/ui/screener/backtest/", { filters: { marketCap_usd: { min: 4e11 } }, start: "2016-01-01", end: "2016-12-31", rebalance: "yearly" }],
  ["/api/ui/filings/search/", { queries: ["dividends"], searchtype: "keyword", results: 1 }],
];

test("every UI operation refuses a request with forged same-origin headers and no page token: 401 pointing to the public API", async () => {
  const forged = { "content-type": "application/json", ...SAME_ORIGIN, origin: new URL(baseUrl()).origin, ...ADDRESS };
  const token = await pageToken(baseUrl());
  for (const [route, body] of UI_OPERATIONS) {
    for (const headers of [forged, { ...forged, "x-ui-token": "v1.zzzzzzzz.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA" }]) {
      const refused = await call(route, { method: "POST", headers, body: JSON.stringify(body) });
      expect(refused.status, route).toBe(401);
      expect(refused.headers.get("www-authenticate")).toBe('UiToken realm="pages"');
      const details = await problem(refused);
      expect(details.type).toBe("/docs/#problem-ui-token");
      expect(details.detail).toContain("/api/v1/");
    }
    // The page's own token passes.
    const page = await call(route, { method: "POST", headers: { ...forged, "x-ui-token": token }, body: JSON.stringify(body) });
    expect(page.status, `${route}: ${await page.clone().text()}`).toBe(200);
  }
});

test("a same-origin POST passes without a key, and gets no CORS headers", async () => {
  const response = await post({ origin: new URL(baseUrl()).origin, "sec-fetch-site": "same-origin" });
  expect(response.status).toBe(200);
  expect((await response.json()).rows).toHaveLength(1);
  expect(response.headers.get("access-control-allow-origin")).toBeNull();
});

test("the page's screens sort by the screen's own columns; v1's sort fields are unchanged", async () => {
  const filters = { returnOnInvestedCapital: { rules: [{ kind: "range", operand: { kind: "average", years: 3, anchor: { scope: "fy", offset: 0 } }, min: 0.1 }] } };
  const token = await pageToken(baseUrl());
  const screen = (sort: unknown) =>
    call("/api/ui/screener/advanced/", {
      method: "POST",
      headers: { "content-type": "application/json", ...ADDRESS, ...SAME_ORIGIN, "x-ui-token": token },
      body: JSON.stringify({ filters, sort, page: { limit: 50 } }),
    });
  const sorted = await screen({ field: "returnOnInvestedCapital_avg3y_fy0", desc: false });
  expect(sorted.status).toBe(200);
  const values = ((await sorted.json()) as { rows: { returnOnInvestedCapital_avg3y_fy0: number }[] }).rows.map((r) => r.returnOnInvestedCapital_avg3y_fy0);
  expect(values.length).toBe(50);
  expect(values).toEqual([...values].sort((a, b) => a - b));
  // A column this screen does not compute: 400 naming the parameter.
  const missing = await screen({ field: "revenueCagr_3y" });
  expect(missing.status).toBe(400);
  expect((await problem(missing)).errors).toEqual([{ pointer: "/sort/field", message: expect.stringContaining("returnOnInvestedCapital_avg3y_fy0") }]);
  const v1 = await postJson("/api/v1/screener/advanced/", newKey(), { filters, sort: { field: "returnOnInvestedCapital_avg3y_fy0" } });
  expect(v1.status).toBe(400);
  expect((await problem(v1)).errors).toEqual([{ pointer: "/sort/field", message: expect.stringContaining("sort.fields") }]);
});

test("a request with an Origin of this site and no Sec-Fetch-Site passes", async () => {
  expect((await post({ origin: new URL(baseUrl()).origin })).status).toBe(200);
});

for (const [label, headers] of [
  ["neither Origin nor Sec-Fetch-Site", {}],
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
  // Behind one trusted proxy, which names the client in x-forwarded-for (the socket is the proxy's).
  const app = await startApp({ UI_RATE_LIMIT_PER_MINUTE: "3", API_STATE_PATH: path.join(dir, "state.db"), TRUST_PROXY_HOPS: "1" });
  const client = { "x-forwarded-for": "10.77.0.2" };
  const search = async (headers: Record<string, string>) =>
    fetch(`${app.url}/api/ui/filings/search/`, {
      method: "POST",
      headers: { "content-type": "application/json", ...SAME_ORIGIN, "x-ui-token": await pageToken(app.url, headers), ...headers },
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
    // The proxy's entry names the client; what the client wrote before it is not believed.
    expect((await search({ "x-forwarded-for": "6.6.6.6, 10.77.0.2" })).status).toBe(429);
  } finally {
    await app.stop();
    rmSync(dir, { recursive: true, force: true });
  }
});


test("without a trusted proxy the socket's address is the client: a made-up X-Forwarded-For gets no fresh budget; a linked screen on the filing search page counts", async () => {
  test.setTimeout(120_000);
  const dir = mkdtempSync(path.join(tmpdir(), "ui-limit-socket-"));
  const app = await startApp({ UI_RATE_LIMIT_PER_MINUTE: "3", API_STATE_PATH: path.join(dir, "state.db") });
  const screen = async (forwardedFor: string) =>
    fetch(`${app.url}/api/ui/screener/basic/`, {
      method: "POST",
      headers: { "content-type": "application/json", ...SAME_ORIGIN, "x-forwarded-for": forwardedFor, "x-ui-token": await pageToken(app.url) },
      body: JSON.stringify({ page: { limit: 1 } }),
    });
  const screenParam = encodeURIComponent(JSON.stringify({ country: { values: ["Canada"] } }));
  try {
    // A filing search page limited to a screen, without a search: it runs the screen, and counts.
    const html = await (await fetch(`${app.url}/filings/?screen=${screenParam}`)).text();
    expect(html).toContain('data-testid="screen-scope"');
    expect((await screen("10.88.0.1")).status).toBe(200);
    expect((await screen("10.88.0.2")).status).toBe(200);
    // The fourth request from this socket, whatever it claims.
    const refused = await screen("10.88.0.3");
    expect(refused.status).toBe(429);
    // Over the limit, the page renders without running the screen.
    const later = await (await fetch(`${app.url}/filings/?screen=${screenParam}`)).text();
    expect(later).toContain("Filing search");
    expect(later).not.toContain('data-testid="screen-scope"');
  } finally {
    await app.stop();
    rmSync(dir, { recursive: true, force: true });
  }
});
