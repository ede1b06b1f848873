/**
 * Accounts and self-serve keys (/account/, lib/accounts/): sign up, create a key that works on the
 * API, rotate and revoke it, each key's usage; sign out and in, a wrong password, a locked-out
 * burst; cross-site and tokenless requests refused; an account's screens seen by each of its keys
 * and by no other account.
 */
import { type APIRequestContext, expect, test } from "@playwright/test";
import { startWebhookReceiver } from "@/test/support/alerts/webhook-receiver";
import { pageToken } from "@/test/support/page-token";
import { runAlertsAsOf } from "../api/support";
import { snapshot } from "./page-support";

let n = 0;
const newEmail = () => `analyst-${process.pid}-${Date.now()}-${n++}@example.com`;
const PASSWORD = "correct horse battery staple";

const options = (baseURL: string, key: string) => fetch(`${baseURL}/api/v1/screener/options/`, { headers: { authorization: `Bearer ${key}` } });

/** A UI call as the account page makes it: same origin, with the page's token; cookies kept by `request`. */
async function ui(request: APIRequestContext, baseURL: string, path: string, data: unknown, headers: Record<string, string> = {}) {
  return request.post(`/api/ui/account/${path}`, { data, headers: { "sec-fetch-site": "same-origin", "x-ui-token": await pageToken(baseURL), ...headers } });
}

test("sign up, create a key that works on the API, rotate it, revoke it; the table shows each key's use of its limits", async ({ page, baseURL }) => {
  await page.goto("/account/");
  await page.getByRole("tab", { name: "Create an account" }).click();
  const email = newEmail();
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("short");
  await page.getByRole("button", { name: "Create the account" }).click();
  await expect(page.getByText("⚠ at least 10 characters")).toBeVisible();
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Create the account" }).click();
  await expect(page.getByTestId("account-email")).toHaveText(email);
  // The session is an HTTP-only, same-site cookie.
  const session = (await page.context().cookies()).find((c) => c.name === "fs_session")!;
  expect(session).toMatchObject({ httpOnly: true, sameSite: "Lax" });

  await page.getByLabel("Name").fill("notebook");
  await page.getByRole("button", { name: "Create a key" }).click();
  const key = (await page.getByTestId("new-key-value").textContent())!;
  expect(key).toMatch(/^fsk_/);
  expect((await options(baseURL!, key)).status).toBe(200);
  expect((await options(baseURL!, key)).status).toBe(200);
  // Shown once: a reload lists the key by its last characters only.
  await page.reload();
  const row = page.getByTestId("keys-table").locator("tbody tr").first();
  await expect(row).toContainText(`…${key.slice(-4)}`);
  await expect(row).toContainText("2 / 30 a minute");
  await expect(page.getByTestId("new-key")).toHaveCount(0);
  expect(await page.content()).not.toContain(key);
  await snapshot(page, "account-keys");

  await page.getByRole("button", { name: "Rotate notebook" }).click();
  const rotated = (await page.getByTestId("new-key-value").textContent())!;
  expect(rotated).not.toBe(key);
  expect((await options(baseURL!, key)).status).toBe(401);
  expect((await options(baseURL!, rotated)).status).toBe(200);
  await page.getByRole("button", { name: "Revoke notebook" }).click();
  await expect(page.getByTestId("keys-table").locator("tbody tr", { hasText: "revoked" })).toHaveCount(2);
  expect((await options(baseURL!, rotated)).status).toBe(401);

  await page.setViewportSize({ width: 390, height: 844 });
  const table = await page.getByTestId("keys-table").boundingBox();
  expect(table!.x + table!.width).toBeLessThanOrEqual(390);
  await snapshot(page, "account-keys-phone");
});

test("sign out ends the session; a wrong password is refused with one message; the right one signs in", async ({ page }) => {
  const email = newEmail();
  await page.goto("/account/");
  await page.getByRole("tab", { name: "Create an account" }).click();
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Create the account" }).click();
  await expect(page.getByTestId("account-email")).toHaveText(email);
  const cookie = (await page.context().cookies()).find((c) => c.name === "fs_session")!.value;
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page.getByRole("tab", { name: "Sign in" })).toBeVisible();
  // The old cookie is dead in the store, not only in the browser.
  const replayed = await page.request.post("/api/ui/account/keys/", {
    data: { action: "list" },
    headers: { "sec-fetch-site": "same-origin", "x-ui-token": await pageToken(page.url().replace(/\/account\/$/, "")), cookie: `fs_session=${cookie}` },
  });
  expect(replayed.status()).toBe(401);

  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("wrong horse battery staple");
  await page.getByRole("button", { name: "Sign in" }).last().click();
  await expect(page.getByRole("form", { name: "Sign in" }).getByRole("alert")).toHaveText("The email or the password is wrong.");
  await page.getByLabel("Email").fill(newEmail());
  await page.getByRole("button", { name: "Sign in" }).last().click();
  await expect(page.getByRole("form", { name: "Sign in" }).getByRole("alert")).toHaveText("The email or the password is wrong.");
  await page.getByLabel("Email").fill(email.toUpperCase());
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).last().click();
  await expect(page.getByTestId("account-email")).toHaveText(email);
});

test("a burst of wrong passwords for one email locks it out: past 10, even the right password waits (429, Retry-After)", async ({ request, baseURL }) => {
  const email = newEmail();
  expect((await ui(request, baseURL!, "signup/", { email, password: PASSWORD })).status()).toBe(200);
  const statuses: number[] = [];
  for (let i = 0; i < 10; i++) statuses.push((await ui(request, baseURL!, "signin/", { email, password: `wrong password ${i}` })).status());
  expect(statuses).toEqual(Array(10).fill(401));
  const locked = await ui(request, baseURL!, "signin/", { email, password: PASSWORD });
  expect(locked.status()).toBe(429);
  expect(Number(locked.headers()["retry-after"])).toBeGreaterThan(0);
  expect(await locked.json()).toMatchObject({ "violated-policies": ["sign-in-email"] });
});

test("account requests from another site, or without the page's token, are refused before anything is checked", async ({ request, baseURL }) => {
  const body = { email: newEmail(), password: PASSWORD };
  const crossSite = await ui(request, baseURL!, "signup/", body, { "sec-fetch-site": "cross-site", origin: "https://evil.example" });
  expect(crossSite.status()).toBe(403);
  const tokenless = await request.post("/api/ui/account/signup/", { data: body, headers: { "sec-fetch-site": "same-origin" } });
  expect(tokenless.status()).toBe(401);
  // Neither created the account: signing up now works.
  expect((await ui(request, baseURL!, "signup/", body)).status()).toBe(200);
  expect((await ui(request, baseURL!, "signup/", body)).status()).toBe(409);
  expect((await ui(request, baseURL!, "keys/", { action: "create", name: "" })).status()).toBe(400);
});

test("an account's saved screens are seen by each of its keys and by no other account's key (404)", async ({ playwright, baseURL }) => {
  const keysOf = async (count: number) => {
    const request = await playwright.request.newContext({ baseURL });
    expect((await ui(request, baseURL!, "signup/", { email: newEmail(), password: PASSWORD })).status()).toBe(200);
    const keys: string[] = [];
    for (let i = 0; i < count; i++) keys.push((await (await ui(request, baseURL!, "keys/", { action: "create", name: `k${i}` })).json()).created.key);
    await request.dispose();
    return keys;
  };
  const [[first, second], [stranger]] = [await keysOf(2), await keysOf(1)];
  const send = (key: string, method: string, path: string, body?: unknown) =>
    fetch(`${baseURL}${path}`, { method, headers: { authorization: `Bearer ${key}`, "content-type": "application/json" }, ...(body ? { body: JSON.stringify(body) } : {}) });
  const saved = (await (await send(first!, "POST", "/api/v2/screens/", { name: "Shared by the account", request: { filters: { marketCap_usd: { min: 1e11 } } } })).json()) as { id: string };
  const path = `/api/v2/screens/${saved.id}/`;
  expect((await send(second!, "GET", path)).status).toBe(200);
  expect((await (await send(second!, "GET", "/api/v2/screens/")).json()).screens.map((s: { id: string }) => s.id)).toEqual([saved.id]);
  expect((await send(stranger!, "GET", path)).status).toBe(404);
  expect((await send(stranger!, "DELETE", path)).status).toBe(404);
  expect((await send(second!, "DELETE", path)).status).toBe(204);
});

test("signed in, the screener's Screens menu saves to the account: the account page and the account's keys see the screen, which opens as saved", async ({ page, baseURL }) => {
  await page.goto("/account/");
  await page.getByRole("tab", { name: "Create an account" }).click();
  await page.getByLabel("Email").fill(newEmail());
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Create the account" }).click();
  await page.getByLabel("Name").fill("api");
  await page.getByRole("button", { name: "Create a key" }).click();
  const key = (await page.getByTestId("new-key-value").textContent())!;

  const filters = { marketCap_usd: { min: 100_000_000_000 } };
  const formulas = [{ name: "ey", expression: "1 / peRatio" }];
  await page.goto(`/screener/?filters=${encodeURIComponent(JSON.stringify(filters))}&formulas=${encodeURIComponent(JSON.stringify(formulas))}&sort=ey&as_of=2016-06-30`);
  await page.getByRole("button", { name: "Screens" }).click();
  await expect(page.getByText("Your account's screens")).toBeVisible();
  await page.getByLabel("Name of the screen to save").fill("Mega caps by earnings yield");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByRole("list", { name: "Saved screens" }).getByRole("button", { name: "Mega caps by earnings yield", exact: true })).toBeVisible();

  // Through the API with the account's key: the request as the page ran it.
  const listed = (await (await fetch(`${baseURL}/api/v2/screens/`, { headers: { authorization: `Bearer ${key}` } })).json()) as { screens: { name: string; request: Record<string, unknown> }[] };
  expect(listed.screens.map((s) => s.name)).toEqual(["Mega caps by earnings yield"]);
  expect(listed.screens[0]!.request).toMatchObject({ filters, formulas, as_of: "2016-06-30", sort: { field: "ey", desc: true } });

  await page.goto("/account/");
  const link = page.getByTestId("account-screens").getByRole("link", { name: "Mega caps by earnings yield" });
  await link.click();
  await expect(page).toHaveURL(/\/screener\/\?/);
  const url = new URL(page.url());
  expect(JSON.parse(url.searchParams.get("filters")!)).toEqual(filters);
  expect(JSON.parse(url.searchParams.get("formulas")!)).toEqual(formulas);
  expect(url.searchParams.get("as_of")).toBe("2016-06-30");
  expect(url.searchParams.get("sort")).toBe("ey");
});

test("the account page turns a saved screen's alerts on, shows its feed, and logs each delivery to its webhook", async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  const receiver = await startWebhookReceiver();
  try {
    await page.goto("/account/");
    await page.getByRole("tab", { name: "Create an account" }).click();
    await page.getByLabel("Email").fill(newEmail());
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Create the account" }).click();
    await expect(page.getByTestId("account-email")).toBeVisible();
    const saved = await ui(page.request, baseURL!, "screens/", {
      action: "save",
      screen: { name: "Mega caps, P/E under 25", request: { filters: { marketCap_usd: { min: 100_000_000_000 }, peRatio: { max: 25 } } } },
    });
    expect(saved.status()).toBe(200);
    const screenId = ((await saved.json()) as { screens: { id: string; name: string }[] }).screens.find((s) => s.name === "Mega caps, P/E under 25")!.id;
    await page.reload();
    const row = page.getByTestId("account-screen").filter({ hasText: "Mega caps, P/E under 25" });
    await row.getByLabel("Alerts: webhook (optional)").fill(receiver.url);
    await row.getByRole("button", { name: "Turn on alerts" }).click();
    await expect(row.getByTestId("screen-alerts")).toContainText("Alerts on");
    const feed = (await row.getByRole("link", { name: "Atom feed" }).getAttribute("href"))!;
    expect(feed).toMatch(/^\/feeds\/screens\/fd_\w+\/$/);

    // Two alert runs a trading day apart, as after two price syncs.
    await runAlertsAsOf("2016-05-09", screenId);
    await runAlertsAsOf("2016-05-10", screenId);
    expect(receiver.received.filter((r) => r.body.includes("Mega caps, P/E under 25"))).toHaveLength(1);
    await page.reload();
    await expect(page.getByRole("list", { name: "Deliveries of Mega caps, P/E under 25" })).toContainText("attempt 1 · 200 · 1 change");
    const xml = await (await page.request.get(feed)).text();
    expect(xml).toContain("<title>NYSE:HD left Mega caps, P/E under 25 on 2016-05-10</title>");
    await snapshot(page, "account-alerts");

    await row.getByRole("button", { name: "Turn off" }).click();
    await expect(row.getByRole("button", { name: "Turn on alerts" })).toBeVisible();
    expect((await page.request.get(feed)).status()).toBe(404);
  } finally {
    await receiver.close();
  }
});
