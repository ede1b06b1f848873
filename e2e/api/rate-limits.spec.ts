import { expect, test } from "@playwright/test";
import { BASIC_PATH, call, newKey, OPTIONS_PATH, postJson, problem } from "./support";

test("60 parallel requests on a fresh key: exactly 30 are admitted, 30 get 429", async () => {
  const key = newKey();
  const responses = await Promise.all(Array.from({ length: 60 }, () => call(OPTIONS_PATH, { key })));
  const statuses = responses.map((r) => r.status);
  expect(statuses.filter((s) => s === 200)).toHaveLength(30);
  expect(statuses.filter((s) => s === 429)).toHaveLength(30);
  // Remaining counts of the admitted ones are exactly 29..0, once each.
  const remaining = responses.filter((r) => r.status === 200).map((r) => Number(/"minute";r=(\d+)/.exec(r.headers.get("ratelimit")!)![1]));
  expect(remaining.sort((a, b) => a - b)).toEqual(Array.from({ length: 30 }, (_, i) => i));
});

test("a 429 names the violated limit, says when to retry, and is not counted", async () => {
  const key = newKey();
  // Failed validations count too (spec): 10 bad bodies and 20 good requests fill the minute.
  for (let i = 0; i < 10; i++) expect((await postJson(BASIC_PATH, key, { colour: "blue" })).status).toBe(400);
  for (let i = 0; i < 20; i++) expect((await call(OPTIONS_PATH, { key })).status).toBe(200);
  for (let i = 0; i < 3; i++) {
    const refused = await call(OPTIONS_PATH, { key });
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(refused.headers.get("ratelimit")).toMatch(new RegExp(`^"minute";r=0;t=${retryAfter}, "day";r=970;t=\\d+$`));
    expect(refused.headers.get("ratelimit-policy")).toBe('"minute";q=30;w=60, "day";q=1000;w=86400');
    const body = await problem(refused);
    expect(body).toMatchObject({ status: 429, title: "Rate limit exceeded", "violated-policies": ["minute"] });
    expect(body.detail).toContain('"minute" (30 requests per 60 seconds)');
  }
  // POSTs are throttled the same way, before their body is looked at.
  expect((await postJson(BASIC_PATH, key, "not json")).status).toBe(429);
});

test("every authenticated answer carries the RateLimit headers, errors included", async () => {
  const key = newKey("bulk");
  const answers = [
    await call(OPTIONS_PATH, { key }),
    await postJson(BASIC_PATH, key, { page: { limit: 5 } }),
    await postJson(BASIC_PATH, key, { page: { limit: 0 } }),
    await call(BASIC_PATH, { key, method: "POST", body: "{}" }),
  ];
  expect(answers.map((r) => r.status)).toEqual([200, 200, 400, 415]);
  for (const response of answers) {
    expect(response.headers.get("ratelimit-policy")).toBe('"minute";q=100000;w=60, "day";q=1000000;w=86400');
    expect(response.headers.get("ratelimit")).toMatch(/^"minute";r=\d+;t=\d+, "day";r=\d+;t=\d+$/);
  }
});
