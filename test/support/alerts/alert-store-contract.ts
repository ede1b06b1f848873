import { describe, expect, it } from "vitest";
import type { AlertStore, NewEvent } from "@/lib/alerts/alert-store";
import { SavedScreenInput } from "@/lib/screens/saved-screen-schema";
import type { SavedScreenStore } from "@/lib/screens/saved-screen-store";

/**
 * The behaviour every alert store must have (run against the SQLite state file and against a real
 * PostgreSQL), with the screens of the saved-screen store on the same storage. `other` is a second
 * handle, as another app instance or the alerts run has.
 */
export function alertStoreContract(name: string, stores: () => { screens: SavedScreenStore; store: AlertStore; other: AlertStore }) {
  let n = 0;
  const owner = () => `key:alerts_${name.length}_${Date.now()}_${n++}`;
  const input = (alerts: unknown) => SavedScreenInput.parse({ name: "P/E under 25", request: { filters: { peRatio: { max: 25 } } }, alerts });
  const left = (ticker: string, day = "2016-05-10"): NewEvent => ({ as_of: day, full_ticker: ticker, change: "left", rules: [{ filter: "peRatio", reason: "P/E rose from 24.82 to 25.05, above the maximum 25.00" }] });

  describe(`${name}: alert store`, () => {
    it("lists the screens with alerts on, with their webhook and secret, and no other", async () => {
      const { screens, other } = stores();
      const who = owner();
      const on = (await screens.create(who, input({ webhook_url: "https://hooks.example/a" }), 10)) as { id: string; alerts: { webhook_secret: string } };
      const off = (await screens.create(who, input(null), 10)) as { id: string };
      const listed = await other.alerting();
      expect(listed.find((s) => s.id === on.id)).toMatchObject({ name: "P/E under 25", webhookUrl: "https://hooks.example/a", webhookSecret: on.alerts.webhook_secret, request: { filters: { peRatio: { max: 25 } } } });
      expect(listed.some((s) => s.id === off.id)).toBe(false);
    });

    it("keeps the members a screen last saw, replaced by the next run", async () => {
      const { screens, store, other } = stores();
      const screen = (await screens.create(owner(), input({}), 10)) as { id: string };
      expect(await store.state(screen.id)).toBeNull();
      await store.saveState(screen.id, "2016-05-09", ["NYSE:HD", "NASDAQ:AAPL"]);
      await other.saveState(screen.id, "2016-05-10", ["NASDAQ:AAPL"]);
      expect(await store.state(screen.id)).toEqual({ asOf: "2016-05-10", members: ["NASDAQ:AAPL"] });
    });

    it("records each change once, however many runs or instances report it, in the order given", async () => {
      const { screens, store, other } = stores();
      const screen = (await screens.create(owner(), input({}), 10)) as { id: string };
      const first = await store.record(screen.id, [left("NYSE:HD"), left("NYSE:ABBV")]);
      expect(first.map((e) => e.full_ticker)).toEqual(["NYSE:HD", "NYSE:ABBV"]);
      expect(first[0]).toMatchObject({ screen_id: screen.id, as_of: "2016-05-10", change: "left", rules: [{ filter: "peRatio" }] });
      expect(first[0]!.id).toMatch(/^evt_/);
      const again = await Promise.all([store.record(screen.id, [left("NYSE:HD")]), other.record(screen.id, [left("NYSE:HD"), left("NYSE:HD", "2016-05-11")])]);
      expect(again.flat().map((e) => `${e.as_of} ${e.full_ticker}`)).toEqual(["2016-05-11 NYSE:HD"]);
    });

    it("logs deliveries newest first, and serves the feed of a screen by its token, newest event first", async () => {
      const { screens, store, other } = stores();
      const screen = (await screens.create(owner(), input({}), 10)) as { id: string; alerts: { feed_path: string } };
      const [event] = await store.record(screen.id, [left("NYSE:HD")]);
      await store.logDelivery(screen.id, { events: [event!.id], attempt: 1, status: 500, error: null });
      await other.logDelivery(screen.id, { events: [event!.id], attempt: 2, status: 200, error: null });
      expect((await store.deliveries(screen.id, 10)).map((d) => [d.attempt, d.status])).toEqual([
        [2, 200],
        [1, 500],
      ]);
      await store.record(screen.id, [left("NYSE:ABBV", "2016-05-17")]);
      const token = screen.alerts.feed_path.split("/")[3]!;
      const feed = await other.feed(token, 10);
      expect(feed!.screen).toEqual({ id: screen.id, name: "P/E under 25" });
      expect(feed!.events.map((e) => e.full_ticker)).toEqual(["NYSE:ABBV", "NYSE:HD"]);
      expect(await other.feed("fd_nothing", 10)).toBeNull();
    });

    it("forgets a deleted screen's state, events and deliveries", async () => {
      const { screens, store } = stores();
      const who = owner();
      const screen = (await screens.create(who, input({}), 10)) as { id: string; alerts: { feed_path: string } };
      await store.saveState(screen.id, "2016-05-09", []);
      const [event] = await store.record(screen.id, [left("NYSE:HD")]);
      await store.logDelivery(screen.id, { events: [event!.id], attempt: 1, status: 200, error: null });
      expect(await screens.remove(who, screen.id)).toBe(true);
      expect(await store.state(screen.id)).toBeNull();
      expect(await store.deliveries(screen.id, 10)).toEqual([]);
      expect(await store.feed(screen.alerts.feed_path.split("/")[3]!, 10)).toBeNull();
      expect(await store.record(screen.id, [left("NYSE:HD")])).toHaveLength(1);
    });
  });
}
