/**
 * SIGNUP=closed: the operator keeps issuing keys with the CLI, nobody signs up on the page. A
 * second app is started here with the setting (the shared one has sign-up open).
 */
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
