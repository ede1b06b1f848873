import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { expect, test } from "@playwright/test";
import { createApiKey, revokeApiKey } from "@/lib/auth/sqlite-key-store";
import { openApiStateDb } from "@/lib/db/api-state-db";
import { E2E_API_STATE_PATH } from "../../playwright.config";
import { BASIC_PATH, call, newKey, OPTIONS_PATH, postJson, problem } from "./support";

const run = promisify(execFile);
const apikey = (...args: string[]) =>
  run("npm", ["run", "-s", "apikey", "--", ...args], { env: { ...process.env, API_STATE_PATH: E2E_API_STATE_PATH } });

test("every kind of bad key (missing, malformed, mistyped, unknown, revoked) gets the same 401 with WWW-Authenticate, and none of them counts", async () => {
  const key = newKey();
  const stranger = createApiKey(openApiStateDb(":memory:"), { name: "elsewhere", tier: "starter" }).key;
  const typo = key.slice(0, 12) + (key[12] === "x" ? "y" : "x") + key.slice(13);
  const store = openApiStateDb(E2E_API_STATE_PATH);
  const revoked = createApiKey(store, { name: "e2e revoked", tier: "starter" });
  expect((await call(OPTIONS_PATH, { key: revoked.key })).status).toBe(200);
  revokeApiKey(store, revoked.record.id);
  const variants: Record<string, string>[] = [
    {},
    { authorization: "" },
    { authorization: "Bearer" },
    { authorization: "Token abc" },
    { authorization: `Basic ${Buffer.from("user:pass").toString("base64")}` },
    { authorization: "Bearer fsk_notakey" },
    { authorization: `Bearer ${typo}` },
    { authorization: `Bearer ${stranger}` },
    { authorization: `Bearer ${revoked.key}` },
  ];
  const bodies = new Set<string>();
  // 50 refused requests: more than the starter minute allows, yet nothing is throttled or counted.
  for (let round = 0; round < 5; round++) {
    for (const headers of variants) {
      const response = await call(OPTIONS_PATH, { headers });
      expect(response.status).toBe(401);
      expect(response.headers.get("www-authenticate")).toMatch(/^Bearer/);
      expect(response.headers.get("ratelimit")).toBeNull();
      expect(response.headers.get("x-request-id")).toBeTruthy();
      bodies.add(await response.text());
    }
    const post = await postJson(BASIC_PATH, typo, { nope: true });
    expect(post.status).toBe(401);
    bodies.add(await post.text());
  }
  // Byte-identical: the body has no request-specific member (the request id is only a header).
  expect(bodies.size).toBe(1);
  const body = JSON.parse([...bodies][0]!);
  expect(Object.keys(body).sort()).toEqual(["detail", "status", "title", "type"]);
  expect(body).toMatchObject({ status: 401, title: "Unauthorized" });

  const ok = await call(OPTIONS_PATH, { key });
  expect(ok.status).toBe(200);
  expect(ok.headers.get("ratelimit-policy")).toBe('"minute";q=30;w=60, "day";q=1000;w=86400');
  expect(ok.headers.get("ratelimit")).toBe('"minute";r=29;t=60, "day";r=999;t=86400');
});

test("apikey command: create prints the key alone on the last line, list shows no secrets, revoke refuses the key at once", async () => {
  const created = await apikey("create", "--name", "e2e cli");
  const lines = created.stdout.trimEnd().split("\n");
  const key = lines.at(-1)!;
  expect(key).toMatch(/^fsk_[0-9A-Za-z]{38}$/);
  const id = /(key_[0-9A-Za-z]+)/.exec(created.stdout)![1]!;

  expect((await call(OPTIONS_PATH, { key })).status).toBe(200);

  const listed = await apikey("list");
  expect(listed.stdout).toContain(id);
  expect(listed.stdout).not.toContain(key);
  expect(listed.stdout).not.toContain(key.slice(4, 20));

  const revoked = await apikey("revoke", id);
  expect(revoked.stdout).toContain(`Revoked ${id}`);
  const refused = await call(OPTIONS_PATH, { key });
  expect(refused.status).toBe(401);
  expect((await problem(refused)).title).toBe("Unauthorized");

  await expect(apikey("revoke", "key_doesnotexist")).rejects.toMatchObject({ stderr: expect.stringContaining("No key with id") });
  await expect(apikey("create", "--name", "x", "--tier", "platinum")).rejects.toMatchObject({ stderr: expect.stringContaining("Unknown tier") });
});
