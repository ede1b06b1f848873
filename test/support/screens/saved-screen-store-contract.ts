import { describe, expect, it } from "vitest";
import { SavedScreenInput } from "@/lib/screens/saved-screen-schema";
import type { SavedScreenStore } from "@/lib/screens/saved-screen-store";

/**
 * The behaviour every saved-screen store must have (run against the SQLite state file and against
 * a real PostgreSQL). `other` is a second handle on the same storage, as another app instance has.
 */
export function savedScreenStoreContract(name: string, stores: () => { store: SavedScreenStore; other: SavedScreenStore }) {
  let owners = 0;
  const newOwner = () => `key:contract_${name.length}_${Date.now()}_${owners++}`;
  const input = (over: Record<string, unknown> = {}) =>
    SavedScreenInput.parse({
      name: "Large caps",
      request: { filters: { marketCap_usd: { min: 1e10 } }, formulas: [{ name: "ey", expression: "1 / peRatio" }], sort: { field: "ey" } },
      ...over,
    });

  describe(`${name}: saved-screen store`, () => {
    it("keeps a screen as sent, readable by its owner from another instance", async () => {
      const { store, other } = stores();
      const owner = newOwner();
      const created = await store.create(owner, input({ notes: "value tilt" }), 10);
      if (created === "full") throw new Error("full");
      expect(created).toMatchObject({ name: "Large caps", notes: "value tilt", share_token: null, request: input().request });
      expect(created.id).toMatch(/^scr_[0-9A-Za-z]{12}$/);
      expect(created.created_at).toBe(created.updated_at);
      expect(await other.get(owner, created.id)).toEqual(created);
      expect(await other.list(owner)).toEqual([created]);
    });

    it("hides every screen from another owner: absent, not forbidden", async () => {
      const { store } = stores();
      const [owner, stranger] = [newOwner(), newOwner()];
      const created = (await store.create(owner, input(), 10)) as Exclude<Awaited<ReturnType<SavedScreenStore["create"]>>, "full">;
      expect(await store.get(stranger, created.id)).toBeNull();
      expect(await store.update(stranger, created.id, input({ name: "taken" }))).toBeNull();
      expect(await store.remove(stranger, created.id)).toBe(false);
      expect(await store.list(stranger)).toEqual([]);
      expect((await store.get(owner, created.id))!.name).toBe("Large caps");
    });

    it("updates in place: the id and creation time stay, a shared screen keeps its token until unshared", async () => {
      const { store, other } = stores();
      const owner = newOwner();
      const created = (await store.create(owner, input(), 10)) as { id: string; created_at: string };
      const shared = (await store.update(owner, created.id, input({ name: "Renamed", shared: true })))!;
      expect(shared).toMatchObject({ id: created.id, name: "Renamed", created_at: created.created_at });
      expect(shared.share_token).toMatch(/^shr_[0-9A-Za-z]{22}$/);
      expect(await other.shared(shared.share_token!)).toEqual(shared);
      const again = (await store.update(owner, created.id, input({ name: "Again", shared: true })))!;
      expect(again.share_token).toBe(shared.share_token);
      expect(Date.parse(again.updated_at)).toBeGreaterThanOrEqual(Date.parse(created.created_at));
      const unshared = (await store.update(owner, created.id, input({ shared: false })))!;
      expect(unshared.share_token).toBeNull();
      expect(await store.shared(shared.share_token!)).toBeNull();
    });

    it("deletes once", async () => {
      const { store, other } = stores();
      const owner = newOwner();
      const created = (await store.create(owner, input(), 10)) as { id: string };
      expect(await store.remove(owner, created.id)).toBe(true);
      expect(await other.get(owner, created.id)).toBeNull();
      expect(await store.remove(owner, created.id)).toBe(false);
    });

    it("keeps at most the limit per owner, even when creates race from two instances", async () => {
      const { store, other } = stores();
      const owner = newOwner();
      const results = await Promise.all(Array.from({ length: 12 }, (_, i) => (i % 2 === 0 ? store : other).create(owner, input({ name: `s${i}` }), 5)));
      expect(results.filter((r) => r === "full")).toHaveLength(7);
      const listed = await store.list(owner);
      expect(listed).toHaveLength(5);
      const created = listed.map((s) => s.created_at);
      expect(created).toEqual([...created].sort());
      // Another owner is not held back by this one's limit.
      expect(await store.create(newOwner(), input(), 5)).not.toBe("full");
    });

    it("turns alerts on with a secret and a feed address it keeps while they stay on, and off without them", async () => {
      const { store, other } = stores();
      const owner = newOwner();
      const created = (await store.create(owner, input({ alerts: { webhook_url: "https://hooks.example/screens" } }), 10)) as { id: string; alerts: { webhook_url: string; webhook_secret: string; feed_path: string } };
      expect(created.alerts.webhook_url).toBe("https://hooks.example/screens");
      expect(created.alerts.webhook_secret).toMatch(/^whsec_[0-9A-Za-z]{32}$/);
      expect(created.alerts.feed_path).toMatch(/^\/feeds\/screens\/fd_[0-9A-Za-z]{24}\/$/);
      const feedOnly = (await other.update(owner, created.id, input({ alerts: { webhook_url: null } })))!;
      expect(feedOnly.alerts).toEqual({ ...created.alerts, webhook_url: null });
      // A change that does not name the alerts keeps them; null turns them off.
      expect((await store.update(owner, created.id, input({ name: "Renamed" })))!.alerts).toEqual(feedOnly.alerts);
      expect((await store.update(owner, created.id, input({ alerts: null })))!.alerts).toBeNull();
      const again = (await store.update(owner, created.id, input({ alerts: {} })))!;
      expect(again.alerts!.webhook_secret).not.toBe(created.alerts.webhook_secret);
      expect(again.alerts!.feed_path).not.toBe(created.alerts.feed_path);
      expect((await store.create(owner, input(), 10)) as { alerts: unknown }).toMatchObject({ alerts: null });
    });

    it("changes only what a change gives, whatever the request it keeps", async () => {
      const { store, other } = stores();
      const owner = newOwner();
      const created = (await store.create(owner, input({ notes: "kept", shared: true }), 10)) as { id: string; share_token: string; request: unknown };
      const alertsOn = (await other.update(owner, created.id, { alerts: { webhook_url: null } }))!;
      expect(alertsOn).toMatchObject({ name: "Large caps", notes: "kept", share_token: created.share_token, request: created.request });
      expect(alertsOn.alerts!.webhook_secret).toMatch(/^whsec_/);
      const renamed = (await store.update(owner, created.id, { name: "Renamed" }))!;
      expect(renamed).toMatchObject({ name: "Renamed", notes: "kept", share_token: created.share_token, request: created.request, alerts: alertsOn.alerts });
    });
  });
}
