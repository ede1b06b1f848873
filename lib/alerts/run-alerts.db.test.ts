/**
 * Alerts on the built database (a price sync moves the data's day forward: here from 2016-05-09 to
 * 2016-05-10), delivered to a local webhook receiver that checks the signature the way a receiver
 * would (its own HMAC) and fails its first answer: exactly one change, Home Depot leaving "P/E
 * under 25", recorded once, delivered on the second attempt, every attempt logged; a run on the
 * same data again records and sends nothing. Then what must not go wrong: a receiver down for a
 * whole run gets the change on the next one; a webhook on this machine is refused when private
 * addresses are not allowed; a receiver that never answers ends at the run's deadline; a run as of
 * an older day moves nothing back.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { SavedScreenInput } from "@/lib/screens/saved-screen-schema";
import { sqliteSavedScreenStore } from "@/lib/screens/sqlite-saved-screen-store";
import { checkSignature, type Received, startWebhookReceiver, type WebhookReceiver } from "@/test/support/alerts/webhook-receiver";
import { twoStateFiles } from "@/test/support/db/state-handles";
import { runAlerts } from "./run-alerts";
import { sqliteAlertStore } from "./sqlite-alert-store";

// The receivers below are on this machine: saving them needs the operator's allowance.
vi.hoisted(() => (process.env.ALERT_WEBHOOK_PRIVATE_ADDRESSES = "allow"));

const delivery = { attempts: 3, retryBaseMs: 10, timeoutMs: 5_000, allowPrivate: true };
const MEGA_CAPS = { filters: { marketCap_usd: { min: 100_000_000_000 }, peRatio: { max: 25 } } };

/** A local receiver for a describe block's tests (test/support/alerts/webhook-receiver.ts), and the secret its screen signs with. */
function receiver(answer: (n: number) => number | "never") {
  const hook = { url: "", received: [] as Received[], secret: "" };
  let running: WebhookReceiver;
  beforeAll(async () => {
    running = await startWebhookReceiver(answer);
    hook.url = running.url;
    hook.received = running.received;
  });
  afterAll(() => running.close());
  return hook;
}

/** A state file of its own with one screen of `request` alerting to `webhook`. */
async function oneScreen(db: ReturnType<typeof twoStateFiles>[0], webhook: string, request: object = MEGA_CAPS) {
  const saved = await sqliteSavedScreenStore(db).create("key:alerts-test", SavedScreenInput.parse({ name: "Mega caps, P/E under 25", request, alerts: { webhook_url: webhook } }), 10);
  if (saved === "full" || saved.alerts === null) throw new Error("no alerts");
  return saved as typeof saved & { alerts: NonNullable<typeof saved.alerts> };
}

describe("alerts", () => {
  const [db] = twoStateFiles();
  const store = sqliteAlertStore(db);
  const hook = receiver((n) => (n === 1 ? 503 : 200));

  it("record a change once, deliver it signed with a retry, and log every attempt", async () => {
    const saved = await oneScreen(db, hook.url);
    hook.secret = saved.alerts.webhook_secret;

    // The first run only records what the screen sees.
    const first = await runAlerts(store, { asOf: "2016-05-09", delivery });
    expect(first).toMatchObject({ as_of: "2016-05-09", screens: 1, skipped: 0, events: 0, failures: [] });
    expect(hook.received).toHaveLength(0);
    const members = (await store.state(saved.id))!.members;
    expect(members).toContain("NYSE:HD");

    // The next day's data: Home Depot's P/E rose past 25.
    const second = await runAlerts(store, { asOf: "2016-05-10", delivery });
    expect(second).toMatchObject({ events: 1, deliveries: { delivered: 1, failed: 0 }, failures: [] });
    expect(hook.received).toHaveLength(2);
    expect(hook.received.map((r) => checkSignature(r, hook.secret))).toEqual([
      { signed: true, fresh: true },
      { signed: true, fresh: true },
    ]);
    expect(hook.received[1]!.body).toBe(hook.received[0]!.body);
    const body = JSON.parse(hook.received[1]!.body) as { screen: { id: string; name: string }; as_of: string; events: { full_ticker: string; change: string; rules: { filter: string; reason: string }[] }[] };
    expect(body.screen).toEqual({ id: saved.id, name: "Mega caps, P/E under 25" });
    expect(body.as_of).toBe("2016-05-10");
    expect(body.events).toHaveLength(1);
    expect(body.events[0]).toMatchObject({ full_ticker: "NYSE:HD", change: "left", rules: [{ filter: "peRatio", reason: "P/E (latest FY EPS) rose from 24.82 to 25.05, above the maximum 25.00" }] });
    expect((await store.deliveries(saved.id, 10)).map((d) => [d.attempt, d.status])).toEqual([
      [2, 200],
      [1, 503],
    ]);
    expect((await store.state(saved.id))!.members).toEqual(members.filter((t) => t !== "NYSE:HD"));

    // The same data again (a rerun, another instance): nothing new, nothing sent.
    const third = await runAlerts(store, { asOf: "2016-05-10", delivery });
    expect(third).toMatchObject({ events: 0, deliveries: { delivered: 0, failed: 0 } });
    expect(hook.received).toHaveLength(2);
    const feed = await store.feed(saved.alerts.feed_path.split("/")[3]!, 10);
    expect(feed!.events.map((e) => `${e.as_of} ${e.full_ticker} ${e.change}`)).toEqual(["2016-05-10 NYSE:HD left"]);

    // A run as of an earlier day (an --as-of by hand, a run that started before) moves nothing back.
    const back = await runAlerts(store, { asOf: "2016-05-09", delivery });
    expect(back).toMatchObject({ screens: 1, skipped: 1, events: 0 });
    expect((await store.state(saved.id))!).toMatchObject({ asOf: "2016-05-10" });
  });

  it("report a screen whose request no longer runs, and run the others", async () => {
    await sqliteSavedScreenStore(db).create("key:alerts-test", SavedScreenInput.parse({ name: "Broken later", request: { filters: { peRatio: { max: 10 } } }, alerts: {} }), 10);
    db.prepare("UPDATE saved_screens SET request = ? WHERE name = ?").run(JSON.stringify({ filters: { noSuchFilter: {} } }), "Broken later");
    const report = await runAlerts(store, { asOf: "2016-05-11", delivery });
    expect(report.screens).toBe(2);
    expect(report.failures).toHaveLength(1);
    expect(report.failures[0]!.error).toMatch(/noSuchFilter/);
  });
});

describe("alerts whose receiver is down for a whole run", () => {
  const [db] = twoStateFiles();
  const store = sqliteAlertStore(db);
  const hook = receiver((n) => (n <= 3 ? 500 : 200));

  it("keep the change pending and deliver it on the next run", async () => {
    const saved = await oneScreen(db, hook.url);
    hook.secret = saved.alerts.webhook_secret;
    await runAlerts(store, { asOf: "2016-05-09", delivery });
    const down = await runAlerts(store, { asOf: "2016-05-10", delivery });
    expect(down).toMatchObject({ events: 1, deliveries: { delivered: 0, failed: 1 } });
    expect(hook.received).toHaveLength(3);
    const next = await runAlerts(store, { asOf: "2016-05-10", delivery });
    expect(next).toMatchObject({ events: 0, deliveries: { delivered: 1, failed: 0 } });
    expect(hook.received).toHaveLength(4);
    expect(checkSignature(hook.received[3]!, hook.secret).signed).toBe(true);
    expect(JSON.parse(hook.received[3]!.body)).toMatchObject({ events: [{ full_ticker: "NYSE:HD", change: "left" }] });
    expect((await runAlerts(store, { asOf: "2016-05-10", delivery })).deliveries).toEqual({ delivered: 0, failed: 0 });
  });
});

describe("alerts to a webhook on this machine, private addresses refused", () => {
  const [db] = twoStateFiles();
  const store = sqliteAlertStore(db);
  const hook = receiver(() => 200);

  it("send nothing, log why, and keep the change pending", async () => {
    // By name as well as by address: localhost resolves to a loopback address.
    for (const host of ["127.0.0.1", "localhost"]) {
      const saved = await oneScreen(db, hook.url.replace("127.0.0.1", host));
      await runAlerts(store, { asOf: "2016-05-09", delivery });
      const report = await runAlerts(store, { asOf: "2016-05-10", delivery: { ...delivery, allowPrivate: false } });
      expect(report.deliveries).toEqual({ delivered: 0, failed: 1 });
      const [attempt] = await store.deliveries(saved.id, 10);
      expect(attempt).toMatchObject({ attempt: 1, status: null });
      expect(attempt!.error).toMatch(host === "localhost" ? /localhost/ : /127\.0\.0\.1 is not a public internet address/);
      expect((await store.pending(saved.id, "2016-01-01", 10)).events).toHaveLength(1);
      db.prepare("DELETE FROM saved_screens").run();
    }
    expect(hook.received).toHaveLength(0);
  });
});

describe("alerts to a receiver that never answers", () => {
  const [db] = twoStateFiles();
  const store = sqliteAlertStore(db);
  const hook = receiver(() => "never");

  it("stop at the run's deadline, the change left pending for the next run", async () => {
    const saved = await oneScreen(db, hook.url);
    await runAlerts(store, { asOf: "2016-05-09", delivery });
    const report = await runAlerts(store, { asOf: "2016-05-10", delivery: { ...delivery, timeoutMs: 600_000 }, deadlineMs: 6_000 });
    expect(report).toMatchObject({ events: 1, deliveries: { delivered: 0, failed: 1 } });
    expect(hook.received).toHaveLength(1);
    expect((await store.deliveries(saved.id, 10))[0]).toMatchObject({ attempt: 1, status: null, error: "the alerts run's deadline passed" });
    expect((await store.pending(saved.id, "2016-01-01", 10)).events).toHaveLength(1);
  });
});
