import { describe, expect, it } from "vitest";
import { hashApiKey } from "@/lib/auth/api-key-format";
import type { ApiKeyStore } from "@/lib/auth/api-key-store";
import { apiKeyAuthenticator } from "@/lib/auth/authenticate";

/**
 * The behaviour every API key store must have (run against the SQLite state file and against a
 * real PostgreSQL). `other` is a second handle on the same storage, as another app instance or
 * the `apikey` command has; `stranger` is a store with storage of its own.
 */
export function keyStoreContract(name: string, stores: () => { store: ApiKeyStore; other: ApiKeyStore; stranger: ApiKeyStore }) {
  describe(`${name}: API key store`, () => {
    it("finds a key by its SHA-256 with its tier; never by the key itself", async () => {
      const { store } = stores();
      const { key, record } = await store.create({ name: "research notebook", tier: "starter" });
      expect(record).toMatchObject({ name: "research notebook", tier: "starter", hint: key.slice(-4), revokedAt: null });
      expect(record.id).toMatch(/^key_[0-9A-Za-z]{12}$/);
      expect(await store.find(hashApiKey(key))).toEqual({ id: record.id, tier: "starter", revoked: false, accountId: null });
      expect(await store.find(Buffer.from(key))).toBeUndefined();
    });

    it("lists keys without secrets, oldest first; names need not be unique", async () => {
      const { store } = stores();
      const a = await store.create({ name: "same", tier: "starter" });
      const b = await store.create({ name: "same", tier: "pro" });
      const listed = await store.list();
      const ids = listed.map((k) => k.id);
      expect(ids).toEqual(expect.arrayContaining([a.record.id, b.record.id]));
      const created = listed.map((k) => k.createdAt);
      expect(created).toEqual([...created].sort());
      expect(JSON.stringify(listed)).not.toContain(a.key);
      expect(listed.find((k) => k.id === b.record.id)).toEqual(b.record);
    });

    it("authenticates in order: format, checksum, lookup, revoked", async () => {
      const { store, stranger } = stores();
      const authenticate = apiKeyAuthenticator(store);
      const { key, record } = await store.create({ name: "n", tier: "starter" });
      expect(await authenticate(`Bearer ${key}`)).toEqual({ keyId: record.id, tier: "starter", accountId: null });
      expect(await authenticate(`bearer  ${key}`)).toEqual({ keyId: record.id, tier: "starter", accountId: null });
      expect(await authenticate(null)).toBeNull();
      expect(await authenticate(key)).toBeNull();
      expect(await authenticate(`Basic ${key}`)).toBeNull();
      expect(await authenticate("Bearer not-a-key")).toBeNull();
      const typo = key.slice(0, 10) + (key[10] === "a" ? "b" : "a") + key.slice(11);
      expect(await authenticate(`Bearer ${typo}`)).toBeNull();
      // Well-formed (valid checksum) but never issued by this store.
      const foreign = (await stranger.create({ name: "elsewhere", tier: "starter" })).key;
      expect(await authenticate(`Bearer ${foreign}`)).toBeNull();
    });

    it("a key created or revoked through one handle holds on the other's next lookup (no cache)", async () => {
      const { store, other } = stores();
      const authenticate = apiKeyAuthenticator(store);
      const { key, record } = await other.create({ name: "cli", tier: "starter" });
      expect(await authenticate(`Bearer ${key}`)).toEqual({ keyId: record.id, tier: "starter", accountId: null });
      const revoked = await other.revoke(record.id);
      expect(revoked?.revokedAt).not.toBeNull();
      expect(await authenticate(`Bearer ${key}`)).toBeNull();
      expect(await store.find(hashApiKey(key))).toEqual({ id: record.id, tier: "starter", revoked: true, accountId: null });
      // Revoking again keeps the first time; an unknown id is null.
      expect((await store.revoke(record.id))?.revokedAt).toBe(revoked?.revokedAt);
      expect(await store.revoke("key_missing")).toBeNull();
      expect((await store.list()).find((k) => k.id === record.id)?.revokedAt).toBe(revoked?.revokedAt);
    });

    it("answers a ping", async () => {
      await expect(stores().store.ping()).resolves.toBeUndefined();
    });

    it("keeps an account's keys to the account: listed and revoked only with it, found with it", async () => {
      const { store, other } = stores();
      const account = `acc_contract${Date.now()}`;
      const mine = await store.create({ name: "page key", tier: "starter", accountId: account });
      const cli = await store.create({ name: "cli key", tier: "starter" });
      expect(mine.record.accountId).toBe(account);
      expect(await other.find(hashApiKey(mine.key))).toMatchObject({ id: mine.record.id, accountId: account });
      expect((await other.list(account)).map((k) => k.id)).toEqual([mine.record.id]);
      expect((await other.list()).map((k) => k.id)).toEqual(expect.arrayContaining([mine.record.id, cli.record.id]));
      expect(await other.list("acc_nobody")).toEqual([]);
      // Another account cannot revoke it; its own account (and the CLI, unscoped) can.
      expect(await other.revoke(mine.record.id, "acc_nobody")).toBeNull();
      expect(await other.revoke(cli.record.id, account)).toBeNull();
      expect((await store.find(hashApiKey(mine.key)))!.revoked).toBe(false);
      expect((await other.revoke(mine.record.id, account))!.revokedAt).not.toBeNull();
      expect((await store.find(hashApiKey(mine.key)))!.revoked).toBe(true);
    });

    it("caps an account's keys in use, however many creates race; a revoked key frees its place", async () => {
      const { store, other } = stores();
      const accountId = `acc_cap${Date.now()}`;
      const made = await Promise.all(Array.from({ length: 6 }, (_, i) => (i % 2 ? store : other).createCapped({ name: `k${i}`, tier: "starter", accountId }, 3)));
      const created = made.filter((m) => m !== "full");
      expect(created).toHaveLength(3);
      expect(await store.createCapped({ name: "one more", tier: "starter", accountId }, 3)).toBe("full");
      await other.revoke(created[0]!.record.id, accountId);
      const again = await store.createCapped({ name: "after a revoke", tier: "starter", accountId }, 3);
      expect(again).not.toBe("full");
      expect((await store.list(accountId)).filter((k) => k.revokedAt === null)).toHaveLength(3);
    });
  });
}
