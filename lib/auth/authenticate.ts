import type { StateDb } from "@/lib/db/api-state-db";
import { hashApiKey, isWellFormedApiKey } from "./api-key-format";
import { keyLookup } from "./api-key-store";

export interface AuthenticatedKey {
  keyId: string;
  tier: string;
}

const BEARER = /^Bearer +(\S+) *$/i;

/**
 * Checks an `Authorization` header in the order that keeps refusals cheap: format, checksum
 * (both without any I/O), then hash and lookup, then revoked. Returns null for every kind of
 * failure: callers answer them all alike, so a caller cannot learn why a key was refused.
 */
export function apiKeyAuthenticator(db: StateDb): (authorization: string | null) => AuthenticatedKey | null {
  const lookup = keyLookup(db);
  return (authorization) => {
    const key = authorization === null ? undefined : BEARER.exec(authorization)?.[1];
    if (key === undefined || !isWellFormedApiKey(key)) return null;
    const found = lookup(hashApiKey(key));
    if (!found || found.revoked) return null;
    return { keyId: found.id, tier: found.tier };
  };
}
