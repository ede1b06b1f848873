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
  const versionOf = (screen: { id: string; updated_at: string }) => ({ id: screen.id, version: screen.updated_at });
  const feedToken = (screen: { alerts: { feed_path: string } } | object) => (screen as { alerts: { feed_path: string } }).alerts.feed_path.split("/")[3]!;
  /** A run's commit over the state as it is now: the changes recorded. */
  const commitNow = async (store: AlertStore, screen: { id: string; version: string }, day: string, members: string[], events: NewEvent[]) => {
    const outcome = await store.commit(screen, await store.state(screen.id), day, members, events);
    if (typeof outcome === "string") throw new Error(`not written: ${outcome}`);
    return outcome;
  };
  const left = (ticker: string, day = "2016-05-10"): NewEvent => ({ as_of: day, full_ticker: ticker, change: "left", rules: [{ filter: "peRatio", reason: "P/E rose from 24.82 to 25.05, above the maximum 25.00" }] });

  describe(`${name}: alert store`, () => {
    it("lists the screens with alerts on, with their owner, webhook and secret, the one run least recently first, and no other", async () => {
      const { screens, store, other } = stores();
      const who = owner();
      const on = (await screens.create(who, input({ webhook_url: "https://hooks.example/a" }), 10)) as { id: string; updated_at: string; alerts: { webhook_secret: string } };
      const off = (await screens.create(who, input(null), 10)) as { id: string };
      const listed = await other.alerting();
      expect(listed.find((s) => s.id === on.id)).toMatchObject({
        owner: who,
        name: "P/E under 25",
        webhookUrl: "https://hooks.example/a",
        webhookSecret: on.alerts.webhook_secret,
        request: { filters: { peRatio: { max: 25 } } },
        version: on.updated_at,
      });
      expect(listed.some((s) => s.id === off.id)).toBe(false);
      // Once run, it goes behind every screen that has not run since.
      const later = (await screens.create(who, input({}), 10)) as { id: string };
      await commitNow(store, versionOf(on), "2016-05-10", [], []);
      const order = (await other.alerting()).map((s) => s.id);
      expect(order.indexOf(later.id)).toBeLessThan(order.indexOf(on.id));
    });

    it("keeps the members a screen last saw, written only over the state the run compared with", async () => {
      const { screens, store, other } = stores();
      const screen = (await screens.create(owner(), input({}), 10)) as { id: string; updated_at: string };
      const version = { id: screen.id, version: screen.updated_at };
      expect(await store.state(screen.id)).toBeNull();
      expect(await store.commit(version, null, "2016-05-09", ["NASDAQ:AAPL", "NYSE:HD"], [])).toEqual([]);
      const first = (await other.state(screen.id))!;
      expect(first).toMatchObject({ asOf: "2016-05-09", members: ["NASDAQ:AAPL", "NYSE:HD"] });
      // Two runs compared with that state (two instances, or an --as-of by hand during a sync's run): the first to write wins.
      expect(await other.commit(version, first, "2016-05-10", ["NASDAQ:AAPL"], [left("NYSE:HD")])).toHaveLength(1);
      expect(await store.commit(version, first, "2016-05-09", ["NYSE:HD"], [])).toBe("state moved");
      expect(await store.commit(version, null, "2016-05-11", ["NYSE:HD"], [])).toBe("state moved");
      expect(await store.state(screen.id)).toMatchObject({ asOf: "2016-05-10", members: ["NASDAQ:AAPL"] });
      expect((await other.feed(feedToken(screen), 10))!.events.map((e) => e.full_ticker)).toEqual(["NYSE:HD"]);
    });

    it("lets one of two runs racing over the same state write, in either store handle", async () => {
      const { screens, store, other } = stores();
      const created = (await screens.create(owner(), input({}), 10)) as { id: string; updated_at: string; alerts: { feed_path: string } };
      const screen = versionOf(created);
      await commitNow(store, screen, "2016-05-09", ["NYSE:HD"], []);
      const read = await store.state(screen.id);
      const outcomes = await Promise.all([store.commit(screen, read, "2016-05-10", [], [left("NYSE:HD")]), other.commit(screen, read, "2016-05-11", [], [left("NYSE:HD", "2016-05-11")])]);
      expect(outcomes.filter((o) => o === "state moved")).toHaveLength(1);
      expect((await store.feed(feedToken(created), 10))!.events).toHaveLength(1);
    });

    it("writes nothing for a screen edited, turned off or deleted since the run read it", async () => {
      const { screens, store } = stores();
      const who = owner();
      const screen = (await screens.create(who, input({}), 10)) as { id: string; updated_at: string };
      const read = { id: screen.id, version: (await store.alerting()).find((s) => s.id === screen.id)!.version };
      await new Promise((resolve) => setTimeout(resolve, 5));
      const edited = (await screens.update(who, screen.id, { name: "Renamed" }))!;
      expect(await store.commit(read, null, "2016-05-10", ["NYSE:HD"], [left("NYSE:ABBV")])).toBe("screen changed");
      expect(await store.state(screen.id)).toBeNull();
      const current = { id: screen.id, version: edited.updated_at };
      await screens.update(who, screen.id, { alerts: null });
      expect(await store.commit(current, null, "2016-05-10", ["NYSE:HD"], [left("NYSE:ABBV")])).toBe("screen changed");
      await screens.remove(who, screen.id);
      expect(await store.commit(current, null, "2016-05-10", ["NYSE:HD"], [left("NYSE:ABBV")])).toBe("screen changed");
      expect(await store.state(screen.id)).toBeNull();
    });

    it("records each change once, however many runs or instances report it, in the order given", async () => {
      const { screens, store, other } = stores();
      const screen = versionOf((await screens.create(owner(), input({}), 10)) as { id: string; updated_at: string });
      const first = await commitNow(store, screen, "2016-05-10", [], [left("NYSE:HD"), left("NYSE:ABBV")]);
      expect(first.map((e) => e.full_ticker)).toEqual(["NYSE:HD", "NYSE:ABBV"]);
      expect(first[0]).toMatchObject({ screen_id: screen.id, as_of: "2016-05-10", change: "left", rules: [{ filter: "peRatio" }] });
      expect(first[0]!.id).toMatch(/^evt_/);
      const again = await commitNow(other, screen, "2016-05-11", [], [left("NYSE:HD"), left("NYSE:HD", "2016-05-11")]);
      expect(again.map((e) => `${e.as_of} ${e.full_ticker}`)).toEqual(["2016-05-11 NYSE:HD"]);
    });

    it("keeps a change pending until its webhook took it, with the webhook the screen has then; none without one", async () => {
      const { screens, store, other } = stores();
      const who = owner();
      const created = (await screens.create(who, input({ webhook_url: "https://hooks.example/a" }), 10)) as { id: string; updated_at: string; alerts: { webhook_secret: string } };
      const hooked = versionOf(created);
      const feedOnly = versionOf((await screens.create(who, input({}), 10)) as { id: string; updated_at: string });
      const since = new Date(Date.now() - 60_000).toISOString();
      const recorded = await commitNow(store, hooked, "2016-05-10", [], [left("NYSE:HD"), left("NYSE:ABBV"), left("NYSE:KO")]);
      await commitNow(store, feedOnly, "2016-05-10", [], [left("NYSE:HD")]);
      expect(await other.pending(feedOnly.id, since, 10)).toEqual({ webhook: null, events: [] });
      const pending = await other.pending(hooked.id, since, 2);
      expect(pending.webhook).toEqual({ url: "https://hooks.example/a", secret: created.alerts.webhook_secret });
      expect(pending.events.map((e) => e.full_ticker)).toEqual(["NYSE:HD", "NYSE:ABBV"]);
      expect((await other.pending(hooked.id, new Date(Date.now() + 60_000).toISOString(), 10)).events).toEqual([]);
      await other.delivered(hooked.id, [recorded[0]!.id, recorded[1]!.id]);
      // A webhook changed meanwhile gets what waits; one removed gives it up.
      await screens.update(who, hooked.id, { alerts: { webhook_url: "https://hooks.example/b" } });
      expect(await store.pending(hooked.id, since, 10)).toMatchObject({ webhook: { url: "https://hooks.example/b" }, events: [{ full_ticker: "NYSE:KO" }] });
      await screens.update(who, hooked.id, { alerts: { webhook_url: null } });
      await screens.update(who, hooked.id, { alerts: { webhook_url: "https://hooks.example/c" } });
      expect((await store.pending(hooked.id, since, 10)).events).toEqual([]);
    });

    it("logs deliveries newest first, and serves the feed of a screen by its token, newest event first", async () => {
      const { screens, store, other } = stores();
      const created = (await screens.create(owner(), input({}), 10)) as { id: string; updated_at: string; alerts: { feed_path: string } };
      const screen = versionOf(created);
      const [event] = await commitNow(store, screen, "2016-05-10", [], [left("NYSE:HD")]);
      await store.logDelivery(screen.id, { events: [event!.id], attempt: 1, status: 500, error: null });
      await other.logDelivery(screen.id, { events: [event!.id], attempt: 2, status: 200, error: null });
      expect((await store.deliveries(screen.id, 10)).map((d) => [d.attempt, d.status])).toEqual([
        [2, 200],
        [1, 500],
      ]);
      await commitNow(store, screen, "2016-05-17", [], [left("NYSE:ABBV", "2016-05-17")]);
      const feed = await other.feed(feedToken(created), 10);
      expect(feed!.screen).toEqual({ id: screen.id, name: "P/E under 25" });
      expect(feed!.events.map((e) => e.full_ticker)).toEqual(["NYSE:ABBV", "NYSE:HD"]);
      expect(await other.feed("fd_nothing", 10)).toBeNull();
    });

    it("forgets changes and delivery attempts older than the time pruned to", async () => {
      const { screens, store, other } = stores();
      const created = (await screens.create(owner(), input({}), 10)) as { id: string; updated_at: string; alerts: { feed_path: string } };
      const [event] = await commitNow(store, versionOf(created), "2016-05-10", [], [left("NYSE:HD")]);
      await store.logDelivery(created.id, { events: [event!.id], attempt: 1, status: 200, error: null });
      await other.prune(new Date(Date.now() - 60_000).toISOString());
      expect((await store.feed(feedToken(created), 10))!.events).toHaveLength(1);
      await other.prune(new Date(Date.now() + 60_000).toISOString());
      expect((await store.feed(feedToken(created), 10))!.events).toEqual([]);
      expect(await store.deliveries(created.id, 10)).toEqual([]);
    });

    it("forgets a deleted screen's state, events and deliveries", async () => {
      const { screens, store } = stores();
      const who = owner();
      const created = (await screens.create(who, input({}), 10)) as { id: string; updated_at: string; alerts: { feed_path: string } };
      const [event] = await commitNow(store, versionOf(created), "2016-05-10", [], [left("NYSE:HD")]);
      await store.logDelivery(created.id, { events: [event!.id], attempt: 1, status: 200, error: null });
      expect(await screens.remove(who, created.id)).toBe(true);
      expect(await store.state(created.id)).toBeNull();
      expect(await store.deliveries(created.id, 10)).toEqual([]);
      expect(await store.feed(feedToken(created), 10)).toBeNull();
    });
  });
}
