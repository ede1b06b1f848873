import { expect, test } from "@playwright/test";
import { BASIC_PATH, call, newKey, OPTIONS_PATH, postJson } from "./support";

/**
 * The security headers next.config.mjs sends on answers that are not pages: the API's (route
 * handlers, the proxy's problems and redirects), Next's assets and its own 404. Pages, with their
 * nonce policy, are in e2e/ui/security-headers.spec.ts.
 */

const LOCKED_DOWN = "default-src 'none'; frame-ancestors 'none'";

function expectSecurityHeaders(response: Response, what: string, policy: string | null = LOCKED_DOWN) {
  expect(response.headers.get("x-content-type-options"), what).toBe("nosniff");
  expect(response.headers.get("x-frame-options"), what).toBe("DENY");
  expect(response.headers.get("referrer-policy"), what).toBe("strict-origin-when-cross-origin");
  if (policy !== null) expect(response.headers.get("content-security-policy"), what).toBe(policy);
}

test("API answers carry the security headers, whatever their status", async () => {
  const key = newKey();
  const answers: [string, number, Promise<Response>][] = [
    ["health", 200, call("/api/health/")],
    ["the OpenAPI document", 200, call("/api/v1/openapi.json")],
    ["an operation", 200, call(OPTIONS_PATH, { key })],
    ["an invalid body", 400, postJson(BASIC_PATH, key, { filters: { no_such_filter: {} } })],
    ["no key", 401, call(OPTIONS_PATH)],
    ["a path with no operation", 404, call("/api/v1/nothing/")],
    ["a percent-escape that does not decode (the proxy's answer)", 404, call("/api/v1/%E0%A4%A/")],
    ["a method the path does not take", 405, call("/api/health/", { method: "POST" })],
    ["a path without its trailing slash", 308, call(OPTIONS_PATH.slice(0, -1))],
    ["a CORS preflight", 204, call(BASIC_PATH, { method: "OPTIONS", headers: { origin: "https://example.com", "access-control-request-method": "POST" } })],
  ];
  for (const [what, status, answer] of answers) {
    const response = await answer;
    expect(response.status, what).toBe(status);
    expectSecurityHeaders(response, what);
  }
});

test("the proxy's own answers on page paths and Next's assets carry them too", async () => {
  const html = await (await call("/")).text();
  const asset = /<script src="(\/_next\/static\/[^"]+)"/.exec(html)?.[1];
  expect(asset).toBeDefined();
  const answers: [string, number, Promise<Response>][] = [
    ["a page refusing a method", 405, call("/", { method: "DELETE" })],
    ["a page path without its trailing slash", 308, call("/screener")],
    ["a script of Next's", 200, call(asset!)],
    ["a missing asset (Next's own 404)", 404, call("/_next/static/no-such-chunk.js")],
  ];
  for (const [what, status, answer] of answers) {
    const response = await answer;
    expect(response.status, what).toBe(status);
    expectSecurityHeaders(response, what);
  }
  // A public file goes through the proxy like a page: the pages' policy, which runs nothing it has not stamped.
  const favicon = await call("/favicon.svg");
  expect(favicon.status).toBe(200);
  expectSecurityHeaders(favicon, "a public file", null);
  expect(favicon.headers.get("content-security-policy")).toMatch(/^default-src 'self'; script-src 'self' 'nonce-/);
});
