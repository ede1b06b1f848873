import { expect, test } from "@playwright/test";
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
