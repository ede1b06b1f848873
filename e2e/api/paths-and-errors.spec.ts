import { expect, test } from "@playwright/test";
import { publicOperations } from "@/lib/api/operations";
import { call, newKey, OPTIONS_PATH, postJson, problem } from "./support";

// The spec's four operations, exactly as it writes them.
const SPEC_OPERATIONS = new Map([
  ["/api/v1/filings/search/", "post"],
  ["/api/v1/screener/options/", "get"],
  ["/api/v1/screener/basic/", "post"],
  ["/api/v1/screener/advanced/", "post"],
]);

test("every registered operation is a spec operation with the spec's method", () => {
  expect(publicOperations.length).toBeGreaterThan(0);
  for (const op of publicOperations) expect(SPEC_OPERATIONS.get(op.path)).toBe(op.method);
});

for (const op of publicOperations) {
  const body = op.request ? JSON.stringify(Object.values(op.request.examples)[0]!.value) : undefined;

  test(`${op.method.toUpperCase()} ${op.path} is answered directly, without a redirect`, async () => {
    const key = newKey("bulk");
    const response = await call(op.path, { key, method: op.method.toUpperCase(), body, headers: body ? { "content-type": "application/json" } : {} });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/json");
    expect(response.headers.get("x-request-id")).toBeTruthy();
  });

  test(`${op.path} without its trailing slash answers 308 to the exact path`, async () => {
    const slashless = op.path.slice(0, -1);
    const response = await call(`${slashless}?probe=1`, { method: op.method.toUpperCase(), body, headers: body ? { "content-type": "application/json" } : {} });
    expect(response.status).toBe(308);
    expect(new URL(response.headers.get("location")!, "http://x").pathname).toBe(op.path);
    expect(response.headers.get("location")).toContain("?probe=1");
    expect(response.headers.get("x-request-id")).toBeTruthy();
    expect(response.headers.get("access-control-allow-origin")).toBe("*");
  });

  test(`${op.path} answers other methods with a 405 problem and Allow`, async () => {
    const allowed = op.method.toUpperCase();
    for (const method of ["GET", "POST", "PUT", "PATCH", "DELETE"].filter((m) => m !== allowed)) {
      const response = await call(op.path, { method, key: newKey() });
      expect(response.status, method).toBe(405);
      expect(response.headers.get("allow")).toBe(allowed === "GET" ? "GET, HEAD, OPTIONS" : `${allowed}, OPTIONS`);
      expect(response.headers.get("x-request-id")).toBeTruthy();
      expect((await problem(response)).status).toBe(405);
    }
  });

  test(`${op.path} answers a CORS preflight from any origin`, async () => {
    const response = await call(op.path, {
      method: "OPTIONS",
      headers: { origin: "https://notebook.example", "access-control-request-method": op.method.toUpperCase(), "access-control-request-headers": "authorization,content-type" },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get("access-control-allow-origin")).toBe("*");
    expect(response.headers.get("access-control-allow-methods")).toContain(op.method.toUpperCase());
    expect(response.headers.get("access-control-allow-headers")).toMatch(/Authorization/i);
    expect(response.headers.get("access-control-allow-headers")).toMatch(/Content-Type/i);
    expect(response.headers.get("access-control-expose-headers")).toMatch(/RateLimit-Policy/);
    expect(response.headers.get("access-control-expose-headers")).toMatch(/Retry-After/);
  });
}

test("a page on another site can revalidate the options: If-None-Match allowed in preflights, ETag exposed", async () => {
  const origin = { origin: "https://notebook.example" };
  const listed = (value: string | null) => (value ?? "").split(",").map((name) => name.trim().toLowerCase());
  const preflight = await call(OPTIONS_PATH, {
    method: "OPTIONS",
    headers: { ...origin, "access-control-request-method": "GET", "access-control-request-headers": "authorization,if-none-match" },
  });
  expect(preflight.status).toBe(204);
  expect(preflight.headers.get("access-control-allow-origin")).toBe("*");
  expect(listed(preflight.headers.get("access-control-allow-headers"))).toEqual(expect.arrayContaining(["authorization", "if-none-match"]));

  const key = newKey();
  const first = await call(OPTIONS_PATH, { key, headers: origin });
  const exposed = ["etag", "ratelimit", "ratelimit-policy", "retry-after", "x-request-id"];
  expect(listed(first.headers.get("access-control-expose-headers"))).toEqual(expect.arrayContaining(exposed));
  const etag = first.headers.get("etag");
  expect(etag).toBeTruthy();
  const again = await call(OPTIONS_PATH, { key, headers: { ...origin, "if-none-match": etag! } });
  expect(again.status).toBe(304);
  expect(again.headers.get("access-control-allow-origin")).toBe("*");
  expect(listed(again.headers.get("access-control-expose-headers"))).toContain("etag");
});

test("a wrong method or a missing slash is answered before the key check: no RateLimit headers, not counted", async () => {
  const key = newKey();
  for (const [path, method] of [
    [OPTIONS_PATH, "POST"],
    [OPTIONS_PATH, "DELETE"],
    [OPTIONS_PATH.slice(0, -1), "GET"],
  ] as const) {
    const response = await call(path, { method, key });
    expect(response.status, `${method} ${path}`).toBe(path.endsWith("/") ? 405 : 308);
    expect(response.headers.get("ratelimit")).toBeNull();
    expect(response.headers.get("ratelimit-policy")).toBeNull();
  }
  // Even with a bad key the method decides first.
  expect((await call(OPTIONS_PATH, { method: "POST", key: "fsk_notakey" })).status).toBe(405);
  const first = await call(OPTIONS_PATH, { key });
  expect(first.headers.get("ratelimit")).toBe('"minute";r=29;t=60, "day";r=999;t=86400');
});

test("unknown /api paths get a JSON 404 problem, whatever the method", async () => {
  for (const [method, path] of [
    ["GET", "/api/v1/nothing/"],
    ["POST", "/api/v1/screener/nothing/"],
    // A version that does not exist (v2 does since the point-in-time screens).
    ["DELETE", "/api/v3/screener/options/"],
    ["GET", "/api/"],
  ] as const) {
    const response = await call(path, { method, key: newKey() });
    expect(response.status, path).toBe(404);
    expect(response.headers.get("x-request-id")).toBeTruthy();
    const body = await problem(response);
    expect(body.detail).toContain(path);
  }
});

test("a path whose percent-escapes do not decode is a 404 problem, never a 500, for pages and the API alike", async () => {
  for (const path of ["/company/%E0%A4%A/", "/filings/%ZZ/", "/api/v1/%E0%A4%A/", "/api/v1/screener/%/"]) {
    const response = await call(path);
    expect(response.status, path).toBe(404);
    expect((await problem(response)).title).toBe("Not found");
  }
  // Well-formed escapes still reach their routes: the company page, and the API's own 404.
  expect((await call("/company/NASDAQ%3AAAPL/")).status).toBe(200);
  expect((await problem(await call("/api/v1/foo%20bar/"))).detail).toContain("/api/v1/foo%20bar/");
});

test("x-request-id: a sane incoming id is echoed, anything else is replaced", async () => {
  const key = newKey();
  const echoed = await call("/api/v1/screener/options/", { key, headers: { "x-request-id": "client-trace.42" } });
  expect(echoed.headers.get("x-request-id")).toBe("client-trace.42");
  const replaced = await call("/api/v1/screener/options/", { key, headers: { "x-request-id": "<script>alert(1)</script>" } });
  expect(replaced.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  const ids = await Promise.all(Array.from({ length: 5 }, () => call("/api/v1/nothing/").then((r) => r.headers.get("x-request-id"))));
  expect(new Set(ids).size).toBe(5);
});

test("errors never carry stack traces or internals", async () => {
  const key = newKey("bulk");
  const responses = [
    await postJson("/api/v1/screener/basic/", key, '{"filters": {"country": {"values": ["Atlantis"]}}}'),
    await postJson("/api/v1/screener/basic/", key, '{"filters": {"incomeStatementGrowth": {"rules": []}}}'),
    await postJson("/api/v1/screener/advanced/", key, '{"sort": {"field": "; DROP TABLE companies"}}'),
    await postJson("/api/v1/screener/basic/", key, "{"),
  ];
  for (const response of responses) {
    expect(response.status).toBe(400);
    const text = await response.text();
    expect(text).not.toMatch(/\bat \S+ \(|node_modules|\.ts:\d+|SQLITE|sqlite/);
  }
});
