import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import fc from "fast-check";
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { createApiKey, revokeApiKey } from "@/lib/auth/sqlite-key-store";
import { openApiStateDb } from "@/lib/db/api-state-db";
import { openPgState } from "@/lib/db/api-state-pg";
import { BackendError, DatabaseUnavailableError, ValidationError, WorkUnavailableError } from "@/lib/errors";
import { MAX_BODY_BYTES } from "./body-limits";
import type { ApiOperation } from "./operation";
import { createApiServices } from "./api-services";
import { ProblemSchema } from "./problem";
import { apiRoute, clientAddress, uiRoute } from "./route";
import { STATUS_OPERATION } from "@/test/support/api/status-operation";
import { UI_TOKEN_HEADER } from "./ui-client";
import { JsonAnswer } from "@/lib/work/json-answer";

// Real wrapper, real SQLite state file, a clock the tests move; the operation exists only here.
const dir = mkdtempSync(path.join(tmpdir(), "api-route-"));
const db = openApiStateDb(path.join(dir, "state.db"));
let clock = Date.parse("2026-04-01T10:00:00Z");
const services = createApiServices({ kind: "sqlite", db }, { uiPerMinute: 5, tiers: '{"bulk": {"minute": 1000000, "day": 1000000}}', now: () => clock });
afterAll(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

const Range = z.strictObject({ min: z.number().optional(), max: z.number().optional() });
const EchoRequest = z.strictObject({
  filters: z.record(z.string(), Range).default({}),
  page: z.strictObject({ limit: z.int().min(1).max(1000).default(100), offset: z.int().min(0).default(0) }).default({ limit: 100, offset: 0 }),
  fields: z.array(z.string().max(120)).optional(),
  result_format: z.enum(["rows", "tickers"]).default("rows"),
});
const echoOperation = {
  operationId: "echo",
  method: "post",
  path: "/api/v1/test/echo/",
  summary: "Echo",
  description: "Test-only operation: answers with the validated body.",
  tags: ["Screener"],
  request: { schema: EchoRequest, examples: { one: { summary: "One", value: { filters: { marketCap_usd: { min: 1 } } } } } },
  response: { schema: z.object({ received: EchoRequest }), description: "The body", examples: {} },
  responseBound: { maxBytes: 1_000_000, narrow: { pointer: "/filters", message: "send fewer filters" } },
} satisfies ApiOperation;

const echo = apiRoute(echoOperation, ({ body }) => ({ received: body }), () => services);
const status = apiRoute(STATUS_OPERATION, () => ({ ok: true }), () => services);

const newKey = (tier: string = "starter") => createApiKey(db, { name: "test", tier }).key;
const post = (headers: Record<string, string>, body?: BodyInit) =>
  echo.POST(new Request(`http://localhost${echoOperation.path}`, { method: "POST", headers, body, duplex: "half" } as RequestInit));
const postJson = (key: string, body: unknown, headers: Record<string, string> = {}) =>
  post({ authorization: `Bearer ${key}`, "content-type": "application/json", ...headers }, typeof body === "string" ? body : JSON.stringify(body));
const get = (headers: Record<string, string> = {}) => status.GET(new Request(`http://localhost${STATUS_OPERATION.path}`, { headers }));

async function problemOf(response: Response) {
  expect(response.headers.get("content-type")).toBe("application/problem+json");
  return ProblemSchema.parse(await response.json());
}

let logged: string[];
beforeEach(() => {
  logged = [];
  vi.spyOn(process.stdout, "write").mockImplementation((chunk) => {
    logged.push(String(chunk));
    return true;
  });
});
afterEach(() => vi.restoreAllMocks());

describe("apiRoute: authentication", () => {
  it("answers every kind of bad key with the same 401, before throttling, without counting it", async () => {
    const key = newKey();
    const revoked = createApiKey(db, { name: "old", tier: "starter" });
    revokeApiKey(db, revoked.record.id);
    const stranger = createApiKey(openApiStateDb(":memory:"), { name: "x", tier: "starter" }).key;
    const typo = key.slice(0, -1) + (key.endsWith("a") ? "b" : "a");
    const attempts: Record<string, string>[] = [{}, { authorization: "Bearer" }, { authorization: "Basic abc" }, { authorization: "Bearer fsk_short" }, { authorization: `Bearer ${typo}` }, { authorization: `Bearer ${stranger}` }, { authorization: `Bearer ${revoked.key}` }];
    const bodies = new Set<string>();
    for (let round = 0; round < 10; round++) {
      for (const headers of attempts) {
        const response = await get(headers);
        expect(response.status).toBe(401);
        expect(response.headers.get("www-authenticate")).toBe('Bearer realm="api"');
        expect(response.headers.get("ratelimit")).toBeNull();
        expect(response.headers.get("x-request-id")).toBeTruthy();
        bodies.add(await response.text());
      }
    }
    expect(bodies.size).toBe(1);
    // 70 refusals later, the good key still has its whole minute.
    const ok = await get({ authorization: `Bearer ${key}` });
    expect(ok.status).toBe(200);
    expect(ok.headers.get("ratelimit")).toBe('"minute";r=29;t=60, "day";r=999;t=86400');
    expect(ok.headers.get("ratelimit-policy")).toBe('"minute";q=30;w=60, "day";q=1000;w=86400');
  });

  it("answers 503 with Retry-After, never an admission, when the key store cannot be reached", async () => {
    // Nothing listens on port 1: every lookup fails to connect.
    const state = openPgState("postgres://postgres@127.0.0.1:1/postgres");
    const unreachable = createApiServices({ kind: "postgres", pg: state }, { uiPerMinute: 5 });
    const route = apiRoute(STATUS_OPERATION, () => ({ ok: true }), () => unreachable);
    const response = await route.GET(new Request(`http://localhost${STATUS_OPERATION.path}`, { headers: { authorization: `Bearer ${newKey()}` } }));
    expect(response.status).toBe(503);
    expect(response.headers.get("retry-after")).toBe("5");
    expect(response.headers.get("content-type")).toBe("application/problem+json");
    expect((await problemOf(response)).detail).toContain("API key store");
    // A malformed key is still refused without asking the store.
    expect((await route.GET(new Request(`http://localhost${STATUS_OPERATION.path}`, { headers: { authorization: "Bearer nope" } }))).status).toBe(401);
    await state.close();
  });
});

describe("apiRoute: rate limits", () => {
  it("counts failed validations, refuses the 31st with 429 naming the limit, and does not count refusals", async () => {
    const key = newKey();
    for (let i = 0; i < 29; i++) expect((await postJson(key, { filters: {} })).status).toBe(200);
    const invalid = await postJson(key, { nope: 1 });
    expect(invalid.status).toBe(400);
    expect(invalid.headers.get("ratelimit")).toMatch(/^"minute";r=0;t=60/);
    clock += 10_000;
    const refused = await postJson(key, { filters: {} });
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toBe("50");
    expect(refused.headers.get("ratelimit")).toMatch(/^"minute";r=0;t=50, "day";r=970;/);
    const problem = await problemOf(refused);
    expect(problem["violated-policies"]).toEqual(["minute"]);
    expect(problem.detail).toContain('"minute" (30 requests per 60 seconds)');
    for (let i = 0; i < 5; i++) expect((await postJson(key, {})).status).toBe(429);
    clock += 50_000;
    // The window slid past all 30: a full minute again, proving the 429s were not recorded.
    const again = await postJson(key, {});
    expect(again.status).toBe(200);
    expect(again.headers.get("ratelimit")).toMatch(/^"minute";r=29;t=60, "day";r=969;/);
  });
});

describe("apiRoute: capacity refusals", () => {
  it("does not charge a request the query pool refuses (503 for a full queue or a deadline): its slot comes back", async () => {
    const key = newKey();
    const refusing = (reason: "queue_full" | "deadline") =>
      apiRoute(echoOperation, () => {
        throw new WorkUnavailableError(reason, "Too many of your requests are running or waiting", 2);
      }, () => services);
    const send = (route: ReturnType<typeof refusing>) =>
      route.POST(new Request(`http://localhost${echoOperation.path}`, { method: "POST", headers: { authorization: `Bearer ${key}`, "content-type": "application/json" }, body: "{}" }));
    for (let i = 0; i < 40; i++) {
      const refused = await send(refusing(i % 2 === 0 ? "queue_full" : "deadline"));
      expect(refused.status).toBe(503);
      expect(refused.headers.get("retry-after")).toBe("2");
      // The header says what is left once the refusal is taken back: the whole minute.
      expect(refused.headers.get("ratelimit")).toMatch(/^"minute";r=30;t=60, "day";r=1000;/);
    }
    // Forty refusals later the key still has its 30 a minute.
    for (let i = 0; i < 30; i++) expect((await postJson(key, {})).status).toBe(200);
    expect((await postJson(key, {})).status).toBe(429);
  });

  it("charges a 503 for work a worker spent time on (stopped at its deadline, or a backtest that stopped itself)", async () => {
    const key = newKey();
    const ran = apiRoute(echoOperation, () => {
      throw new WorkUnavailableError("deadline", "The request did not finish within its deadline", 5, true);
    }, () => services);
    const refused = await ran.POST(new Request(`http://localhost${echoOperation.path}`, { method: "POST", headers: { authorization: `Bearer ${key}`, "content-type": "application/json" }, body: "{}" }));
    expect(refused.status).toBe(503);
    expect(refused.headers.get("ratelimit")).toMatch(/^"minute";r=29;/);
  });
});

describe("apiRoute: tiers", () => {
  it("applies the key's tier, and the default tier to a key whose tier is no longer configured", async () => {
    const bulk = await get({ authorization: `Bearer ${newKey("bulk")}` });
    expect(bulk.headers.get("ratelimit-policy")).toBe('"minute";q=1000000;w=60, "day";q=1000000;w=86400');
    const retired = await get({ authorization: `Bearer ${newKey("retired")}` });
    expect(retired.status).toBe(200);
    expect(retired.headers.get("ratelimit-policy")).toBe('"minute";q=30;w=60, "day";q=1000;w=86400');
  });
});

describe("apiRoute: request bodies", () => {
  const key = newKey("bulk");

  it("passes the validated, defaulted body to the handler", async () => {
    const response = await postJson(key, { filters: { marketCap_usd: { min: 1e9 } } });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/json");
    expect(await response.json()).toEqual({
      received: { filters: { marketCap_usd: { min: 1e9 } }, page: { limit: 100, offset: 0 }, result_format: "rows" },
    });
  });

  it("names each invalid member with a JSON Pointer", async () => {
    const response = await postJson(key, { filters: { "a/b": { min: "x", extra: 1 } }, page: { limit: 0 }, colour: "blue" });
    expect(response.status).toBe(400);
    const problem = await problemOf(response);
    expect(problem.type).toBe("/docs/#problem-validation");
    expect(problem.errors?.map((e) => e.pointer).sort()).toEqual(["/colour", "/filters/a~1b/extra", "/filters/a~1b/min", "/page/limit"]);
    expect(problem.detail).toContain("/page/limit");
  });

  it.each([
    ["no content type", {}],
    ["text/plain", { "content-type": "text/plain" }],
    ["form data", { "content-type": "application/x-www-form-urlencoded" }],
    ["another charset", { "content-type": "application/json; charset=latin1" }],
    ["a compressed body", { "content-type": "application/json", "content-encoding": "gzip" }],
  ])("refuses %s with 415", async (_, headers) => {
    const response = await post({ authorization: `Bearer ${key}`, ...headers }, new TextEncoder().encode("{}"));
    expect(response.status).toBe(415);
    expect((await problemOf(response)).status).toBe(415);
  });

  it("accepts application/json with a UTF-8 charset", async () => {
    expect((await postJson(key, {}, { "content-type": "application/json; charset=UTF-8" })).status).toBe(200);
  });

  it("refuses a declared oversize body with 413 without reading it", async () => {
    let pulled = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled++;
        controller.enqueue(new Uint8Array(1024));
      },
    });
    const response = await post({ authorization: `Bearer ${key}`, "content-type": "application/json", "content-length": String(MAX_BODY_BYTES + 1) }, body);
    expect(response.status).toBe(413);
    expect(pulled).toBeLessThanOrEqual(1);
  });

  it("stops reading an undeclared body at the cap: a body that never ends still gets 413", async () => {
    let sent = 0;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        sent += 16 * 1024;
        controller.enqueue(new Uint8Array(16 * 1024).fill(32));
      },
    });
    const response = await post({ authorization: `Bearer ${key}`, "content-type": "application/json" }, endless);
    expect(response.status).toBe(413);
    expect(sent).toBeLessThanOrEqual(MAX_BODY_BYTES + 3 * 16 * 1024);
  });

  it("accepts a body just under the cap", async () => {
    const fields = Array.from({ length: 500 }, () => "x".repeat(120));
    const text = JSON.stringify({ fields });
    expect(text.length).toBeLessThan(MAX_BODY_BYTES);
    expect((await postJson(key, text)).status).toBe(200);
  });

  it.each([
    ["an array", "[]", ""],
    ["null", "null", ""],
    ["a string", '"x"', ""],
    ["an empty body", "", ""],
    ["broken JSON", '{"filters": ', ""],
    ["a __proto__ member", '{"filters": {"__proto__": {"min": 1}}}', "/filters/__proto__"],
    ["a constructor member", '{"constructor": {"prototype": 1}}', "/constructor"],
    ["a prototype member", '{"filters": {"x": {"prototype": 1}}}', "/filters/x/prototype"],
    ["a non-finite number", '{"filters": {"x": {"min": 1e400}}}', "/filters/x/min"],
    ["deep nesting", `{"filters": {"x": ${"[".repeat(40)}${"]".repeat(40)}}}`, "/filters/x/0/0/0/0/0/0/0/0/0/0/0/0/0/0"],
  ])("refuses %s with 400 and a pointer", async (_, text, pointer) => {
    const response = await postJson(key, text);
    expect(response.status).toBe(400);
    const problem = await problemOf(response);
    expect(problem.errors?.[0]?.pointer).toBe(pointer);
  });

  it("refuses invalid UTF-8 with 400", async () => {
    const response = await post({ authorization: `Bearer ${key}`, "content-type": "application/json" }, new Uint8Array([0x7b, 0xff, 0x7d]));
    expect(response.status).toBe(400);
  });

  it("property: random and mutated bodies only get documented statuses, never 500", async () => {
    const documented = new Set([200, 400, 413, 415]);
    const mutate = fc.oneof(
      fc.jsonValue().map((v) => JSON.stringify(v)),
      fc.record({ filters: fc.dictionary(fc.string(), fc.jsonValue()), page: fc.jsonValue(), fields: fc.jsonValue() }, { requiredKeys: [] }).map((v) => JSON.stringify(v)),
      fc.tuple(fc.string(), fc.jsonValue()).map(([k, v]) => `{"filters": {"m": {"min": 1}}, ${JSON.stringify(k)}: ${JSON.stringify(v)}}`),
      fc.constantFrom("__proto__", "constructor", "prototype").map((k) => `{"filters": {"${k}": {}}}`),
      fc.nat(60).map((depth) => `{"page": ${"{\"a\":".repeat(depth)}1${"}".repeat(depth)}}`),
      fc.string().map((junk) => `{"filters": ${junk}`),
      fc.constantFrom("1e400", "-1e400", "NaN", "Infinity").map((n) => `{"filters": {"m": {"min": ${n}}}}`),
    );
    await fc.assert(
      fc.asyncProperty(mutate, async (text) => {
        const response = await postJson(key, text);
        expect(documented).toContain(response.status);
        if (response.status !== 200) await problemOf(response);
      }),
      { numRuns: 400 },
    );
  });
});

describe("apiRoute: errors, methods and headers", () => {
  const key = newKey("bulk");
  const failing = (error: unknown) =>
    apiRoute(STATUS_OPERATION, () => {
      throw error;
    }, () => services).GET(new Request(`http://localhost${STATUS_OPERATION.path}`, { headers: { authorization: `Bearer ${key}` } }));

  it("maps service errors in one place", async () => {
    const validation = await failing(new ValidationError([{ pointer: "/filters/country/values/0", message: "not a country" }]));
    expect(validation.status).toBe(400);
    expect((await problemOf(validation)).errors).toEqual([{ pointer: "/filters/country/values/0", message: "not a country" }]);

    const backend = await failing(new BackendError("connect ECONNREFUSED 10.0.0.7:9200"));
    expect(backend.status).toBe(502);
    expect(await backend.text()).not.toContain("ECONNREFUSED");
    expect(backend.headers.get("retry-after")).toBeNull();

    const indexBuilding = await failing(new BackendError("The filing search index is unavailable", 10));
    expect(indexBuilding.status).toBe(502);
    expect(indexBuilding.headers.get("retry-after")).toBe("10");

    const building = await failing(new DatabaseUnavailableError("building"));
    expect(building.status).toBe(503);
    expect(building.headers.get("retry-after")).toBe("10");
  });

  it("answers an unexpected failure with a 500 that shows no internals, and logs it", async () => {
    const response = await failing(new TypeError("Cannot read properties of undefined (reading 'secretColumn')"));
    expect(response.status).toBe(500);
    const text = await response.text();
    expect(text).not.toMatch(/secretColumn|TypeError|at .*\.ts/);
    const line = JSON.parse(logged.at(-1)!);
    expect(line).toMatchObject({ level: "error", status: 500, error: { name: "TypeError" } });
    expect(line.error.stack).toContain("route.test.ts");
  });

  it("never sends an answer over its operation's bound: the handler's value (500, a fault) or bytes serialised elsewhere, sent as they are", async () => {
    const request = () => new Request(`http://localhost${STATUS_OPERATION.path}`, { headers: { authorization: `Bearer ${key}` } });
    const small = { ...STATUS_OPERATION, responseBound: { maxBytes: 20, narrow: { pointer: "", message: "none" } } };
    const over = await apiRoute(small, () => ({ ok: true, padding: "x".repeat(20) }) as never, () => services).GET(request());
    expect(over.status).toBe(500);
    expect(JSON.parse(logged.at(-1)!).error.message).toContain("answer over its bound of 20 bytes");
    const bytes = new TextEncoder().encode('{"ok":true}');
    const sent = await apiRoute(STATUS_OPERATION, () => new JsonAnswer<{ ok: boolean }>(bytes), () => services).GET(request());
    expect(sent.status).toBe(200);
    expect(await sent.text()).toBe('{"ok":true}');
  });

  it("logs expected answers without a stack: 4xx at info, a 503 or a 502 with Retry-After while data is built at warn", async () => {
    const levels: string[] = [];
    for (const error of [new ValidationError([{ pointer: "", message: "no" }]), new DatabaseUnavailableError("building"), new BackendError("index is being built", 10)]) {
      await failing(error);
      const line = JSON.parse(logged.at(-1)!);
      expect(line.error?.stack).toBeUndefined();
      levels.push(line.level);
    }
    expect(levels).toEqual(["info", "warn", "warn"]);
    await failing(new BackendError("the embedding service answered 500"));
    expect(JSON.parse(logged.at(-1)!)).toMatchObject({ level: "error", status: 502, error: { name: "BackendError", stack: expect.stringContaining("route.test.ts") } });
  });

  it("writes one JSON log line per request with the key id, never the key", async () => {
    await get({ authorization: `Bearer ${key}`, "x-request-id": "trace-123" });
    expect(logged).toHaveLength(1);
    const line = JSON.parse(logged[0]!);
    expect(line).toMatchObject({ level: "info", msg: "request", request_id: "trace-123", method: "GET", route: STATUS_OPERATION.path, status: 200 });
    expect(line.key_id).toMatch(/^key_/);
    expect(typeof line.latency_ms).toBe("number");
    expect(logged[0]).not.toContain(key);
  });

  it("echoes a sane x-request-id and replaces anything else", async () => {
    expect((await get({ "x-request-id": "abc-123" })).headers.get("x-request-id")).toBe("abc-123");
    const replaced = (await get({ "x-request-id": "bad id <script>" })).headers.get("x-request-id");
    expect(replaced).toMatch(/^[0-9a-f-]{36}$/);
    expect((await get({ "x-request-id": "a".repeat(129) })).headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("answers other methods with 405 and Allow, without asking for a key", async () => {
    for (const method of ["GET", "PUT", "PATCH", "DELETE"] as const) {
      const response = await echo[method](new Request(`http://localhost${echoOperation.path}`, { method }));
      expect(response.status).toBe(405);
      expect(response.headers.get("allow")).toBe("POST, OPTIONS");
      expect((await problemOf(response)).status).toBe(405);
    }
    expect((await status.POST(new Request(`http://localhost${STATUS_OPERATION.path}`, { method: "POST" }))).headers.get("allow")).toBe("GET, HEAD, OPTIONS");
  });

  it("answers a method Next does not dispatch (arriving as a marked OPTIONS) with 405 and Allow", async () => {
    const response = await echo.OPTIONS(new Request(`http://localhost${echoOperation.path}`, { method: "OPTIONS", headers: { "x-unserved-method": "PROPFIND" } }));
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("POST, OPTIONS");
    expect((await problemOf(response)).detail).toContain("PROPFIND");
    expect(JSON.parse(logged.at(-1)!)).toMatchObject({ method: "PROPFIND", status: 405 });
  });

  it("answers CORS preflights and exposes the rate-limit headers and ETag", async () => {
    const preflight = await echo.OPTIONS(
      new Request(`http://localhost${echoOperation.path}`, {
        method: "OPTIONS",
        headers: { origin: "https://notebook.example", "access-control-request-method": "POST", "access-control-request-headers": "authorization, content-type" },
      }),
    );
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("access-control-allow-origin")).toBe("*");
    expect(preflight.headers.get("access-control-allow-methods")).toBe("POST, OPTIONS");
    expect(preflight.headers.get("access-control-allow-headers")).toMatch(/Authorization.*Content-Type.*If-None-Match/);
    const ok = await postJson(key, {}, { origin: "https://notebook.example" });
    expect(ok.headers.get("access-control-expose-headers")).toMatch(/ETag, RateLimit, RateLimit-Policy, Retry-After, X-Request-Id/);
  });

  it("gives GET answers an ETag and answers If-None-Match with 304", async () => {
    const first = await get({ authorization: `Bearer ${key}` });
    const etag = first.headers.get("etag")!;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await get({ authorization: `Bearer ${key}`, "if-none-match": etag });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
    expect(again.headers.get("ratelimit")).not.toBeNull();
    expect((await get({ authorization: `Bearer ${key}`, "if-none-match": '"other"' })).status).toBe(200);
  });
});

describe("uiRoute", () => {
  const SAME_ORIGIN = { "sec-fetch-site": "same-origin" };
  const ui = uiRoute(echoOperation, ({ body }) => ({ received: body }), () => services);
  /** A page's token for the address the request comes from (the last x-forwarded-for entry). */
  const tokenFor = (headers: Record<string, string>) => services.uiTokens.issue(clientAddress(new Headers(headers), 0), clock);
  const uiPost = (headers: Record<string, string>) =>
    ui.POST(
      new Request("http://localhost/api/ui/echo/", {
        method: "POST",
        headers: { "content-type": "application/json", host: "localhost", [UI_TOKEN_HEADER]: tokenFor(headers), ...headers },
        body: "{}",
      }),
    );

  it("needs no key and answers same-origin requests", async () => {
    const response = await uiPost({ origin: "http://localhost", "sec-fetch-site": "same-origin", "x-forwarded-for": "10.1.0.1" });
    expect(response.status).toBe(200);
    expect(response.headers.get("access-control-allow-origin")).toBeNull();
  });

  it("refuses a request without a valid page token with 401 pointing to the public API, and does not count it", async () => {
    const address = { ...SAME_ORIGIN, "x-forwarded-for": "10.1.0.7" };
    const otherAddress = tokenFor({ "x-forwarded-for": "10.1.0.8" });
    for (const token of ["", "v1.abc.def", otherAddress]) {
      const response = await uiPost({ ...address, [UI_TOKEN_HEADER]: token });
      expect(response.status).toBe(401);
      expect(response.headers.get("www-authenticate")).toBe('UiToken realm="pages"');
      const problem = await problemOf(response);
      expect(problem.type).toBe("/docs/#problem-ui-token");
      expect(problem.detail).toContain("Programs use the public API (/api/v1/, /api/v2/) with an API key");
    }
    // Not counted: the address still has its whole minute (5).
    for (let i = 0; i < 5; i++) expect((await uiPost(address)).status).toBe(200);
  });

  it("tells a page whose token expired to reload, and renews a token past half its life", async () => {
    const address = { ...SAME_ORIGIN, "x-forwarded-for": "10.1.0.9" };
    const token = tokenFor(address);
    const fresh = await uiPost({ ...address, [UI_TOKEN_HEADER]: token });
    expect(fresh.status).toBe(200);
    expect(fresh.headers.get(UI_TOKEN_HEADER)).toBeNull();
    clock += 31 * 60_000;
    const halfLife = await uiPost({ ...address, [UI_TOKEN_HEADER]: token });
    expect(halfLife.status).toBe(200);
    const renewed = halfLife.headers.get(UI_TOKEN_HEADER)!;
    expect(services.uiTokens.verify(renewed, "10.1.0.9", clock + 59 * 60_000)).toBe("valid");
    clock += 30 * 60_000;
    const expired = await uiPost({ ...address, [UI_TOKEN_HEADER]: token });
    expect(expired.status).toBe(401);
    expect((await problemOf(expired)).detail).toMatch(/^This page's token has expired .*reload the page/);
  });

  it("refuses requests from other sites", async () => {
    const foreign: Record<string, string>[] = [{ origin: "https://evil.example" }, { "sec-fetch-site": "cross-site" }, { "sec-fetch-site": "same-site" }, { origin: "null" }];
    for (const headers of foreign) {
      const response = await uiPost({ ...headers, "x-forwarded-for": "10.1.0.2" });
      expect(response.status).toBe(403);
      expect((await problemOf(response)).type).toBe("/docs/#problem-cross-origin");
    }
  });

  it("refuses a request that does not say it comes from this site's pages", async () => {
    const unproven: Record<string, string>[] = [{}, { "sec-fetch-site": "none" }, { "sec-fetch-site": "same-origin", origin: "https://evil.example" }];
    for (const headers of unproven) {
      expect((await uiPost({ ...headers, "x-forwarded-for": "10.1.0.6" })).status).toBe(403);
    }
    expect((await uiPost({ origin: "http://localhost", "x-forwarded-for": "10.1.0.6" })).status).toBe(200);
  });

  it("limits each client address on its own", async () => {
    for (let i = 0; i < 5; i++) expect((await uiPost({ ...SAME_ORIGIN, "x-forwarded-for": "10.1.0.3" })).status).toBe(200);
    const refused = await uiPost({ ...SAME_ORIGIN, "x-forwarded-for": "10.1.0.3" });
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).not.toBeNull();
    expect((await uiPost({ ...SAME_ORIGIN, "x-forwarded-for": "10.1.0.4" })).status).toBe(200);
  });

  it("takes the client address from the socket (the last entry), or TRUST_PROXY_HOPS entries from the end", () => {
    const forwarded = (value: string) => new Headers({ "x-forwarded-for": value });
    expect(clientAddress(forwarded("6.6.6.6, 10.0.0.9"), 0)).toBe("10.0.0.9");
    expect(clientAddress(forwarded("6.6.6.6, 203.0.113.7, 10.0.0.9"), 1)).toBe("203.0.113.7");
    expect(clientAddress(forwarded("203.0.113.7"), 2)).toBe("203.0.113.7");
    expect(clientAddress(new Headers(), 0)).toBe("unknown");
  });

  it("validates like the public API", async () => {
    const response = await ui.POST(
      new Request("http://localhost/api/ui/echo/", {
        method: "POST",
        headers: { "content-type": "application/json", ...SAME_ORIGIN, "x-forwarded-for": "10.1.0.5", [UI_TOKEN_HEADER]: tokenFor({ "x-forwarded-for": "10.1.0.5" }) },
        body: '{"colour": 1}',
      }),
    );
    expect(response.status).toBe(400);
    expect((await problemOf(response)).errors?.[0]?.pointer).toBe("/colour");
  });
});
