import { describe, expect, it } from "vitest";
import type { AccountStore } from "@/lib/accounts/account-store";
import { hashSessionToken, newSessionToken } from "@/lib/accounts/session-token";

/**
 * The behaviour every account store must have (run against the SQLite state file and against a
 * real PostgreSQL). `other` is a second handle on the same storage, as another app instance has.
 */
export function accountStoreContract(name: string, stores: () => { store: AccountStore; other: AccountStore }) {
  let n = 0;
  const email = () => `analyst${n++}.${Date.now()}@example.com`;
  const HASH = "$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHRzYWx0$aGFzaGhhc2hoYXNoaGFzaGhhc2hoYXNoaGFzaA";

  describe(`${name}: account store`, () => {
    it("creates an account once per email, and gives its hash back for signing in, from another instance too", async () => {
      const { store, other } = stores();
      const address = email();
      const account = await store.create(address, HASH);
      if (account === "taken") throw new Error("taken");
      expect(account).toMatchObject({ email: address });
      expect(account.id).toMatch(/^acc_[0-9A-Za-z]{12}$/);
      expect(await other.create(address, HASH)).toBe("taken");
      expect(await other.credentials(address)).toEqual({ account, passwordHash: HASH });
      expect(await store.credentials(email())).toBeNull();
    });

    it("finds a session's account by the token's hash until it expires or ends", async () => {
      const { store, other } = stores();
      const account = (await store.create(email(), HASH)) as { id: string };
      const token = newSessionToken();
      const now = new Date();
      await store.startSession(account.id, hashSessionToken(token), new Date(now.getTime() + 60_000));
      expect(await other.sessionAccount(hashSessionToken(token), now)).toMatchObject({ id: account.id });
      expect(await other.sessionAccount(hashSessionToken(token), new Date(now.getTime() + 60_001))).toBeNull();
      expect(await store.sessionAccount(hashSessionToken(newSessionToken()), now)).toBeNull();
      await other.endSession(hashSessionToken(token));
      expect(await store.sessionAccount(hashSessionToken(token), now)).toBeNull();
    });
  });
}
