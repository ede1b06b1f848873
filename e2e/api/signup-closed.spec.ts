/**
 * Account settings the shared app cannot have (it opens sign-up, with no per-address limit for the
 * suite): SIGNUP=closed, where the operator keeps issuing keys with the CLI and nobody signs up on
 * the page; and the sign-up and sign-in limit per address. Apps of their own are started here.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { type AppServer, startApp } from "@/test/support/local-servers";
import { pageToken } from "@/test/support/page-token";
import { E2E_API_STATE_PATH } from "../../playwright.config";
import { newKey } from "./support";

let app: AppServer;
test.beforeAll(async () => {
  // The shared app's state file: a key the CLI made there works here too.
  app = await startApp({ SIGNUP: "closed", API_STATE_PATH: E2E_API_STATE_PATH }, { warm: false });
});
test.afterAll(async () => app?.stop());

test("sign-up answers 403 and the page says why; keys from the CLI keep working", async () => {
  const headers = { "content-type": "application/json", "sec-fetch-site": "same-origin", "x-ui-token": await pageToken(app.url) };
  const signup = await fetch(`${app.url}/api/ui/account/signup/`, { method: "POST", headers, body: JSON.stringify({ email: "new@example.com", password: "a long enough password" }) });
  expect(signup.status).toBe(403);
  expect(await signup.json()).toMatchObject({ title: "Sign-up closed" });
  const state = await fetch(`${app.url}/api/ui/account/`, { method: "POST", headers, body: "{}" });
  expect(await state.json()).toEqual({ account: null, signup: "closed" });
  const key = newKey();
  expect((await fetch(`${app.url}/api/v1/screener/options/`, { headers: { authorization: `Bearer ${key}` } })).status).toBe(200);
});

test("sign-ups and failed sign-ins from one address stop at SIGNIN_ATTEMPTS_PER_MINUTE with 429 and Retry-After", async () => {
  // A state file of its own: the shared app's sign-ups from this address must not count here.
  const dir = mkdtempSync(path.join(tmpdir(), "signin-limit-"));
  const limited = await startApp({ SIGNIN_ATTEMPTS_PER_MINUTE: "3", API_STATE_PATH: path.join(dir, "state.db") }, { warm: false });
  try {
    const headers = { "content-type": "application/json", "sec-fetch-site": "same-origin", "x-ui-token": await pageToken(limited.url) };
    const post = (path: string, body: unknown) => fetch(`${limited.url}/api/ui/account/${path}`, { method: "POST", headers, body: JSON.stringify(body) });
    const email = `limited-${Date.now()}@example.com`;
    expect((await post("signup/", { email, password: "a long enough password" })).status).toBe(200);
    expect((await post("signin/", { email, password: "a wrong password" })).status).toBe(401);
    expect((await post("signin/", { email: `other-${email}`, password: "a wrong password" })).status).toBe(401);
    const limitedOut = await post("signin/", { email, password: "a long enough password" });
    expect(limitedOut.status).toBe(429);
    expect(Number(limitedOut.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await limitedOut.json()).toMatchObject({ "violated-policies": ["sign-in-minute"] });
  } finally {
    await limited.stop();
    rmSync(dir, { recursive: true, force: true });
  }
});
