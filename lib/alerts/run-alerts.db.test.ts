/**
 * Alerts on the built database (a price sync moves the data's day forward: here from 2016-05-09 to
 * 2016-05-10), delivered to a local webhook receiver that checks the signature the way a receiver
 * would (its own HMAC) and fails its first answer: exactly one change, Home Depot leaving "P/E
 * under 25", recorded once, delivered on the second attempt, every attempt logged; a run on the
 * same data again records and sends nothing.
 */
import { createHmac } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SavedScreenInput } from "@/lib/screens/saved-screen-schema";
import { sqliteSavedScreenStore } from "@/lib/screens/sqlite-saved-screen-store";
import { twoStateFiles } from "@/test/support/db/state-handles";
import { runAlerts } from "./run-alerts";
import { sqliteAlertStore } from "./sqlite-alert-store";

const [db] = twoStateFiles();
const screens = sqliteSavedScreenStore(db);
const store = sqliteAlertStore(db);
const delivery = { attempts: 3, retryBaseMs: 10, timeoutMs: 5_000 };

/** What the receiver was sent, and whether each signature checked out against the secret. */
const received: { body: string; signed: boolean; fresh: boolean }[] = [];
let secret = "";
let server: Server;
let url = "";
beforeAll(async () => {
  server = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk: Buffer) => (body += chunk));
    request.on("end", () => {
      const [t, v1] = String(request.headers["x-screener-signature"]).split(",").map((part) => part.split("=")[1]!);
      const expected = createHmac("sha256", secret).update(`${t}.${body}`).digest("hex");
      received.push({ body, signed: v1 === expected, fresh: Math.abs(Date.now() / 1000 - Number(t)) < 300 });
      // The first delivery fails, as a receiver that is restarting would.
      response.writeHead(received.length === 1 ? 503 : 200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/screens`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("alerts", () => {
  it("record a change once, deliver it signed with a retry, and log every attempt", async () => {
    const saved = await screens.create("key:alerts-test", SavedScreenInput.parse({ name: "Mega caps, P/E under 25", request: { filters: { marketCap_usd: { min: 100_000_000_000 }, peRatio: { max: 25 } } }, alerts: { webhook_url: url } }), 10);
    if (saved === "full" || saved.alerts === null) throw new Error("no alerts");
    secret = saved.alerts.webhook_secret;

    // The first run only records what the screen sees.
    const first = await runAlerts(store, { asOf: "2016-05-09", delivery });
    expect(first).toMatchObject({ as_of: "2016-05-09", screens: 1, events: 0, failures: [] });
    expect(received).toHaveLength(0);
    const members = (await store.state(saved.id))!.members;
    expect(members).toContain("NYSE:HD");

    // The next day's data: Home Depot's P/E rose past 25.
    const second = await runAlerts(store, { asOf: "2016-05-10", delivery });
    expect(second).toMatchObject({ events: 1, deliveries: { delivered: 1, failed: 0 }, failures: [] });
    expect(received).toHaveLength(2);
    expect(received.every((r) => r.signed && r.fresh)).toBe(true);
    expect(received[1]!.body).toBe(received[0]!.body);
    const body = JSON.parse(received[1]!.body) as { screen: { id: string; name: string }; as_of: string; events: { full_ticker: string; change: string; rules: { filter: string; reason: string }[] }[] };
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
    expect(received).toHaveLength(2);
    const feed = await store.feed(saved.alerts.feed_path.split("/")[3]!, 10);
    expect(feed!.events.map((e) => `${e.as_of} ${e.full_ticker} ${e.change}`)).toEqual(["2016-05-10 NYSE:HD left"]);
  });

  it("report a screen whose request no longer runs, and run the others", async () => {
    await screens.create("key:alerts-test", SavedScreenInput.parse({ name: "Broken later", request: { filters: { peRatio: { max: 10 } } }, alerts: {} }), 10);
    db.prepare("UPDATE saved_screens SET request = ? WHERE name = ?").run(JSON.stringify({ filters: { noSuchFilter: {} } }), "Broken later");
    const report = await runAlerts(store, { asOf: "2016-05-11", delivery });
    expect(report.screens).toBe(2);
    expect(report.failures).toHaveLength(1);
    expect(report.failures[0]!.error).toMatch(/noSuchFilter/);
  });
});
