/**
 * Saved screens (API v2, lib/screens/) over HTTP against the built app: create, list, read,
 * replace, share and delete; a screen saved is a screen that runs (posted to the advanced screen,
 * it answers as the same request sent directly); another key's screen is absent (404), never
 * forbidden; the errors name what is wrong; the per-key limit holds under concurrent creates; the
 * v2 document describes every operation as the app answers it.
 */
import { expect, test } from "@playwright/test";
import { MAX_SAVED_SCREENS, SavedScreen, SavedScreenList } from "@/lib/screens/saved-screen-schema";
import { checkSignature, startWebhookReceiver } from "@/test/support/alerts/webhook-receiver";
import { call, newKey, postJson, problem, runAlertsAsOf } from "./support";

const SCREENS = "/api/v2/screens/";
const REQUEST = {
  filters: { marketCap_usd: { min: 100_000_000_000 } },
  formulas: [{ name: "ey", expression: "1 / peRatio", min: 0.02 }],
  sort: { field: "ey", desc: true },
  fields: ["full_ticker", "peRatio"],
};

const send = (method: string, path: string, key: string, body?: unknown) =>
  call(path, { method, key, ...(body === undefined ? {} : { headers: { "content-type": "application/json" }, body: JSON.stringify(body) }) });

async function create(key: string, body: Record<string, unknown>) {
  const response = await postJson(SCREENS, key, body);
  expect(response.status, await response.clone().text()).toBe(201);
  return SavedScreen.parse(await response.json());
}

test("a saved screen's history is the history of its filters and formulas, for its owner only", async () => {
  const key = newKey();
  const saved = await create(key, { name: "Mega caps, history", request: REQUEST });
  const range = { from: "2016-04-01", to: "2016-04-29" };
  const history = await postJson(`${SCREENS}${saved.id}/history/`, key, range);
  expect(history.status, await history.clone().text()).toBe(200);
  const direct = await postJson("/api/v2/screener/history/", key, { filters: REQUEST.filters, formulas: REQUEST.formulas, ...range });
  const body = (await history.json()) as { trading_days: number; total: number };
  expect(body.trading_days).toBe(21);
  expect(body.total).toBeGreaterThan(0);
  expect(body).toEqual(await direct.json());

  // Another key's screen is absent; a range is checked as the direct history checks it.
  expect((await postJson(`${SCREENS}${saved.id}/history/`, newKey(), range)).status).toBe(404);
  const backwards = await postJson(`${SCREENS}${saved.id}/history/`, key, { from: range.to, to: range.from });
  expect(backwards.status).toBe(400);
  expect((await problem(backwards)).errors).toContainEqual({ pointer: "/to", message: "must be on or after from" });
  expect((await send("GET", `${SCREENS}${saved.id}/history/`, key)).status).toBe(405);

  // A screen without a filter has nothing to enter or leave by: said of the screen it keeps.
  const everything = await create(key, { name: "Everything", request: { filters: {} } });
  const refused = await postJson(`${SCREENS}${everything.id}/history/`, key, range);
  expect(refused.status).toBe(400);
  expect((await problem(refused)).errors).toContainEqual({ pointer: "/request/filters", message: expect.stringContaining("needs at least one filter") });
  // A value the data does not offer is found where the history runs, and said of the screen too.
  const unknownSector = await create(key, { name: "No such sector", request: { filters: { sector: { values: ["Shipbuilding"] } } } });
  const stale = await postJson(`${SCREENS}${unknownSector.id}/history/`, key, range);
  expect(stale.status).toBe(400);
  expect((await problem(stale)).errors).toContainEqual({ pointer: "/request/filters/sector/values/0", message: expect.stringContaining('"Shipbuilding" is not in option_values.sectors') });
});

test("a saved screen is listed, read, replaced, shared and deleted by its key, and runs as the request it keeps", async () => {
  const key = newKey();
  const saved = await create(key, { name: "Mega caps by earnings yield", notes: "check quarterly", request: REQUEST });
  expect(saved).toMatchObject({ name: "Mega caps by earnings yield", notes: "check quarterly", request: REQUEST, share_token: null });

  const listed = SavedScreenList.parse(await (await call(SCREENS, { key })).json());
  expect(listed).toEqual({ screens: [saved], max_screens: MAX_SAVED_SCREENS });
  const one = await call(`${SCREENS}${saved.id}/`, { key });
  expect(one.status).toBe(200);
  expect(await one.json()).toEqual(saved);
  // A GET revalidates as every GET of the API does.
  expect((await call(`${SCREENS}${saved.id}/`, { key, headers: { "if-none-match": one.headers.get("etag")! } })).status).toBe(304);

  // What it keeps runs: the advanced screen answers it as the request posted directly.
  const [fromSaved, direct] = await Promise.all([postJson("/api/v2/screener/advanced/", key, saved.request), postJson("/api/v2/screener/advanced/", key, REQUEST)]);
  expect(fromSaved.status).toBe(200);
  const rows = (await fromSaved.json()) as { total: number; rows: { full_ticker: string; ey: number }[] };
  expect(rows.total).toBeGreaterThan(0);
  expect(rows).toEqual(await direct.json());

  const replaced = await send("PUT", `${SCREENS}${saved.id}/`, key, { name: "Renamed", request: { ...REQUEST, as_of: "2016-06-30" }, shared: true });
  expect(replaced.status).toBe(200);
  const shared = SavedScreen.parse(await replaced.json());
  expect(shared).toMatchObject({ id: saved.id, name: "Renamed", notes: "", created_at: saved.created_at });
  expect(shared.share_token).toMatch(/^shr_/);
  // Any key reads a shared screen by its token, and only by it.
  const stranger = newKey();
  const byToken = await call(`/api/v2/shared-screens/${shared.share_token}/`, { key: stranger });
  expect(byToken.status).toBe(200);
  expect(await byToken.json()).toEqual(shared);

  const deleted = await send("DELETE", `${SCREENS}${saved.id}/`, key);
  expect(deleted.status).toBe(204);
  expect(await deleted.text()).toBe("");
  expect((await call(`${SCREENS}${saved.id}/`, { key })).status).toBe(404);
  expect((await call(`/api/v2/shared-screens/${shared.share_token}/`, { key: stranger })).status).toBe(404);
  expect(SavedScreenList.parse(await (await call(SCREENS, { key })).json()).screens).toEqual([]);
});

test("another key's screen is absent, not forbidden: 404 for read, replace, delete and in its listing", async () => {
  const [owner, other] = [newKey(), newKey()];
  const saved = await create(owner, { name: "Mine", request: REQUEST });
  const path = `${SCREENS}${saved.id}/`;
  const absent = [await call(path, { key: other }), await send("PUT", path, other, { name: "Taken", request: REQUEST }), await send("DELETE", path, other)];
  for (const response of absent) {
    expect(response.status).toBe(404);
    expect(await problem(response)).toMatchObject({ type: "/docs/#problem-no-such-resource", detail: `None of your saved screens has the id "${saved.id}".` });
  }
  // Exactly as an id that never existed.
  const never = await call(`${SCREENS}scr_000000000000/`, { key: other });
  expect((await problem(never)).title).toBe("No such resource");
  expect(SavedScreenList.parse(await (await call(SCREENS, { key: other })).json()).screens).toEqual([]);
  expect((await call(path, { key: owner })).status).toBe(200);
});

test("bad input names what is wrong; wrong methods answer 405 with every method of the path; no key is 401", async () => {
  const key = newKey();
  const cases: [unknown, string][] = [
    [{ name: "", request: REQUEST }, "/name"],
    [{ name: "x".repeat(121), request: REQUEST }, "/name"],
    [{ name: "n", request: { ...REQUEST, formulas: [{ name: "ey", expression: "1 / (" }] } }, "/request/formulas/0/expression"],
    [{ name: "n", request: { filters: { nonsense: {} } } }, "/request/filters"],
    [{ name: "n", request: REQUEST, owner: "key:someone" }, "/owner"],
    [{ name: "n" }, "/request"],
  ];
  for (const [body, pointer] of cases) {
    const response = await postJson(SCREENS, key, body);
    expect(response.status, JSON.stringify(body).slice(0, 100)).toBe(400);
    expect((await problem(response)).errors!.map((e) => e.pointer)).toContain(pointer);
  }
  const patch = await send("PATCH", `${SCREENS}scr_000000000000/`, key);
  expect(patch.status).toBe(405);
  expect(patch.headers.get("allow")).toBe("GET, HEAD, PUT, DELETE, OPTIONS");
  expect((await send("DELETE", SCREENS, key)).headers.get("allow")).toBe("GET, HEAD, POST, OPTIONS");
  expect((await call(SCREENS)).status).toBe(401);
  const long = await call(`${SCREENS}${"x".repeat(200)}/`, { key });
  expect(long.status).toBe(404);
});

test(`a key keeps at most ${MAX_SAVED_SCREENS} screens, however many creates race`, async () => {
  test.setTimeout(120_000);
  const key = newKey("bulk");
  const statuses = await Promise.all(Array.from({ length: MAX_SAVED_SCREENS + 10 }, (_, i) => postJson(SCREENS, key, { name: `s${i}`, request: REQUEST }).then((r) => r.status)));
  expect(statuses.filter((s) => s === 201)).toHaveLength(MAX_SAVED_SCREENS);
  expect(statuses.filter((s) => s === 409)).toHaveLength(10);
  const full = await postJson(SCREENS, key, { name: "one more", request: REQUEST });
  expect(await problem(full)).toMatchObject({ status: 409, detail: expect.stringContaining("delete one") });
  expect(SavedScreenList.parse(await (await call(SCREENS, { key })).json()).screens).toHaveLength(MAX_SAVED_SCREENS);
});

test("alerts: a screen with a webhook gets a secret and a feed; two alert runs a trading day apart send one signed change and list it in the feed", async () => {
  test.setTimeout(120_000);
  const key = newKey();
  const receiver = await startWebhookReceiver(() => 204);
  try {
    const webhook = receiver.url;
    const bad = await postJson(SCREENS, key, { name: "x", request: REQUEST, alerts: { webhook_url: "ftp://example.com/x" } });
    expect((await problem(bad)).errors!.map((e) => e.pointer)).toContain("/alerts/webhook_url");
    const saved = await create(key, { name: "Mega caps, P/E under 25", request: { filters: { marketCap_usd: { min: 100_000_000_000 }, peRatio: { max: 25 } } }, alerts: { webhook_url: webhook }, shared: true });
    expect(saved.alerts).toMatchObject({ webhook_url: webhook, webhook_secret: expect.stringMatching(/^whsec_/), feed_path: expect.stringMatching(/^\/feeds\/screens\/fd_\w+\/$/) });
    // Alerts that stay on (a PUT without them) need a request with something to enter or leave by.
    const emptied = await send("PUT", `${SCREENS}${saved.id}/`, key, { name: "x", request: { filters: {} } });
    expect(emptied.status).toBe(400);
    expect((await problem(emptied)).errors!.map((e) => e.pointer)).toEqual(["/request"]);
    // Whoever reads it by its share token sees no secret and no feed.
    expect(await (await call(`/api/v2/shared-screens/${saved.share_token}/`, { key: newKey() })).json()).toMatchObject({ alerts: null });

    // What `npm run sync` runs after each sync, here a trading day apart as a price sync moves the data's day.
    await runAlertsAsOf("2016-05-09", saved.id);
    expect(receiver.received).toHaveLength(0);
    const stdout = await runAlertsAsOf("2016-05-10", saved.id);
    expect(stdout).toContain("1 screens (0 not run), 1 new changes, 1 delivered, 0 failed deliveries");
    const mine = receiver.received.filter((r) => r.body.includes(saved.id));
    expect(mine).toHaveLength(1);
    expect(checkSignature(mine[0]!, saved.alerts!.webhook_secret).signed).toBe(true);
    expect(JSON.parse(mine[0]!.body).events).toMatchObject([{ full_ticker: "NYSE:HD", change: "left", rules: [{ filter: "peRatio" }] }]);

    // The delivery log, the owner's alone.
    const log = await call(`${SCREENS}${saved.id}/deliveries/`, { key });
    expect(log.status).toBe(200);
    expect((await log.json()).deliveries).toMatchObject([{ events: [expect.stringMatching(/^evt_/)], attempt: 1, status: 204, error: null }]);
    expect((await call(`${SCREENS}${saved.id}/deliveries/`, { key: newKey() })).status).toBe(404);

    const feed = await call(saved.alerts!.feed_path);
    expect(feed.status).toBe(200);
    expect(feed.headers.get("content-type")).toContain("application/atom+xml");
    const xml = await feed.text();
    expect(xml.match(/<entry>/g)).toHaveLength(1);
    expect(xml).toContain("<title>NYSE:HD left Mega caps, P/E under 25 on 2016-05-10</title>");
    expect(xml).toContain("P/E (latest FY EPS) rose from 24.82 to 25.05, above the maximum 25.00");
    expect((await call("/feeds/screens/fd_nothing/")).status).toBe(404);
    // Deleted, the screen's alerts end with it: its feed is gone, and later runs (a rerun of this suite) do not deliver to this receiver.
    expect((await send("DELETE", `${SCREENS}${saved.id}/`, key)).status).toBe(204);
    expect((await call(saved.alerts!.feed_path)).status).toBe(404);
  } finally {
    await receiver.close();
  }
});
