import { hashApiKey, isWellFormedApiKey } from "./api-key-format";
import type { ApiKeyStore } from "./api-key-store";

export interface AuthenticatedKey {
  keyId: string;
  tier: string;
  /** The account that created the key (the Keys page), null for the CLI's keys. */
  accountId: string | null;
}

const BEARER = /^Bearer +(\S+) *$/i;

/**
 * Checks an `Authorization` header in the order that keeps refusals cheap: format, checksum
 * (both without any I/O), then hash and lookup, then revoked. Returns null for every kind of
 * failure: callers answer them all alike, so a caller cannot learn why a key was refused. A store
 * that cannot answer throws (KeyStoreUnavailableError: a 503), so nobody is admitted unchecked.
 */
export function apiKeyAuthenticator(store: ApiKeyStore): (authorization: string | null) => Promise<AuthenticatedKey | null> {
  return async (authorization) => {
    const key = authorization === null ? undefined : BEARER.exec(authorization)?.[1];
    if (key === undefined || !isWellFormedApiKey(key)) return null;
    const found = await store.find(hashApiKey(key));
    if (!found || found.revoked) return null;
    return { keyId: found.id, tier: found.tier, accountId: found.accountId };
  };
}
