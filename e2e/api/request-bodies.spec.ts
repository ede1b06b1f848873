import { request as httpRequest } from "node:http";
import { expect, test } from "@playwright/test";
import fc from "fast-check";
import { MAX_BODY_BYTES } from "@/lib/api/body-limits";
import { publicOperations } from "@/lib/api/operations";
import { baseUrl, BASIC_PATH, call, newKey, postJson, problem } from "./support";

test("bodies must be sent as application/json (415 otherwise)", async () => {
  const key = newKey("bulk");
  const variants: Record<string, string>[] = [{}, { "content-type": "text/plain" }, { "content-type": "application/json; charset=iso-8859-1" }, { "content-type": "multipart/form-data; boundary=x" }];
  for (const headers of variants) {
    const response = await call(BASIC_PATH, { method: "POST", key, headers, body: new TextEncoder().encode("{}") });
    expect(response.status, JSON.stringify(headers)).toBe(415);
    expect((await problem(response)).detail).toContain("application/json");
  }
  expect((await postJson(BASIC_PATH, key, {}, { "content-type": "application/json; charset=utf-8" })).status).toBe(200);
});

test("a declared oversize body gets 413 at once", async () => {
  const response = await postJson(BASIC_PATH, newKey("bulk"), JSON.stringify({ fields: ["x".repeat(MAX_BODY_BYTES)] }));
  expect(response.status).toBe(413);
  expect((await problem(response)).detail).toContain(String(MAX_BODY_BYTES));
});

test("a chunked body gets 413 as soon as it passes the cap, while the client is still sending", async () => {
  const key = newKey("bulk");
  const url = new URL(BASIC_PATH, baseUrl());
  const status = await new Promise<number>((resolve, reject) => {
    const req = httpRequest(url, { method: "POST", headers: { authorization: `Bearer ${key}`, "content-type": "application/json", "transfer-encoding": "chunked" } });
    req.on("response", (res) => {
      res.resume();
      resolve(res.statusCode!);
      req.destroy();
    });
    req.on("error", reject);
    // 80 KiB in 8 KiB chunks, and the request is never ended: only an early answer resolves.
    const chunk = Buffer.alloc(8 * 1024, 0x20);
    for (let i = 0; i < 10; i++) req.write(chunk);
  });
  expect(status).toBe(413);
});

test("hostile JSON gets 400 with a pointer to the offending member", async () => {
  const key = newKey("bulk");
  const cases: [string, string][] = [
    ['{"filters": {"__proto__": {"values": ["Canada"]}}}', "/filters/__proto__"],
    ['{"constructor": {"prototype": {"polluted": true}}}', "/constructor"],
    ['{"page": {"limit": 1e999}}', "/page/limit"],
    [`{"filters": ${"[".repeat(64)}${"]".repeat(64)}}`, ""],
    ['{"page": {"limit": 10}, "pagee": {}}', "/pagee"],
    ["[1, 2]", ""],
  ];
  for (const [body, pointer] of cases) {
    const response = await postJson(BASIC_PATH, key, body);
    expect(response.status, body.slice(0, 40)).toBe(400);
    const errors = (await problem(response)).errors!;
    expect(errors.length).toBeGreaterThan(0);
    if (pointer) expect(errors.map((e) => e.pointer)).toContain(pointer);
  }
});

test("thousands of unknown members get a small 400: 20 named by pointer, the rest counted", async () => {
  const body = JSON.stringify({ filters: Object.fromEntries(Array.from({ length: 3000 }, (_, i) => [`k${i}`, 1])) });
  expect(body.length).toBeGreaterThan(25_000);
  const response = await postJson(BASIC_PATH, newKey("bulk"), body);
  expect(response.status).toBe(400);
  const text = await response.text();
  expect(text.length).toBeLessThan(body.length / 2);
  const { errors, detail } = await problem(new Response(text, { headers: response.headers }));
  expect(errors!.length).toBeLessThanOrEqual(21);
  expect(errors!.slice(0, 20).map((e) => e.pointer)).toEqual(Array.from({ length: 20 }, (_, i) => `/filters/k${i}`));
  expect(errors!.at(-1)!.message).toContain("2,980 more");
  expect(detail.length).toBeLessThanOrEqual(1100);
});

// Statuses the OpenAPI document (served by the app) lists for each operation.
async function documentedStatuses(): Promise<Map<string, Set<number>>> {
  const document = await (await call("/api/v1/openapi.json")).json();
  const statuses = new Map<string, Set<number>>();
  for (const op of publicOperations) statuses.set(op.path, new Set(Object.keys(document.paths[op.path][op.method].responses).map(Number)));
  return statuses;
}

/** A JSON value with one random change: a member removed, replaced, retyped, added or nested away. */
const mutated = (example: unknown) =>
  fc
    .tuple(fc.nat(), fc.constantFrom("drop", "replace", "add", "nest", "wrap"), fc.jsonValue(), fc.string({ maxLength: 12 }))
    .map(([pick, how, value, name]) => {
      const copy = structuredClone(example) as Record<string, unknown>;
      const paths: Record<string, unknown>[] = [];
      const collect = (node: unknown) => {
        if (node && typeof node === "object") {
          paths.push(node as Record<string, unknown>);
          Object.values(node).forEach(collect);
        }
      };
      collect(copy);
      const target = paths[pick % paths.length]!;
      const keys = Object.keys(target);
      const key = keys.length > 0 ? keys[pick % keys.length]! : name;
      if (how === "drop") delete target[key];
      if (how === "replace") target[key] = value;
      // An array's named members are not JSON (and "length" would resize it): only objects get one.
      if (how === "add" && !Array.isArray(target)) target[name] = value;
      if (how === "nest") target[key] = { [name]: target[key] };
      if (how === "wrap") target[key] = [target[key]];
      return copy;
    });

test("property: random and mutated bodies only ever get documented statuses, never a 500", async () => {
  test.setTimeout(180_000);
  const documented = await documentedStatuses();
  const key = newKey("bulk");
  for (const op of publicOperations.filter((o) => o.request)) {
    const allowed = documented.get(op.path)!;
    const examples = Object.values(op.request!.examples).map((e) => e.value);
    const bodies = fc.oneof(
      { weight: 3, arbitrary: fc.constantFrom(...examples).chain(mutated).map((v) => JSON.stringify(v)) },
      { weight: 1, arbitrary: fc.jsonValue().map((v) => JSON.stringify(v)) },
      { weight: 1, arbitrary: fc.string().map((s) => `{"filters": ${s}}`) },
    );
    await fc.assert(
      fc.asyncProperty(bodies, async (body) => {
        const response = await postJson(op.path, key, body);
        expect(allowed.has(response.status), `${op.path} ${response.status} for ${body.slice(0, 200)}`).toBe(true);
        expect(response.status).not.toBe(500);
        if (response.status >= 400) await problem(response);
        else await response.arrayBuffer();
      }),
      { numRuns: 150 },
    );
  }
});
