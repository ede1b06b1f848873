import { z } from "zod";
import { generateApiKey, hashApiKey, randomBase62 } from "./api-key-format";

/**
 * Where API keys live: the SQLite state file (the zero-configuration default,
 * lib/auth/sqlite-key-store.ts) or PostgreSQL shared by every instance (`API_STATE_URL`,
 * lib/auth/pg-key-store.ts). Both keep the same rows and pass the same contract
 * (test/support/auth/key-store-contract.ts). Nothing is cached: a revocation is seen by every
 * instance on its next request.
 */
export interface ApiKeyStore {
  readonly kind: "sqlite" | "postgres";
  /** Creates a key (for an account: the Keys page); the returned `key` is the only copy that will ever exist. */
  create(input: NewKey): Promise<{ record: ApiKeyRecord; key: string }>;
  /**
   * Creates a key of an account unless it holds `maxActive` unrevoked keys already ("full"): the
   * count and the insert are one step, so concurrent creates cannot pass the cap.
   */
  createCapped(input: NewKey & { accountId: string }, maxActive: number): Promise<{ record: ApiKeyRecord; key: string } | "full">;
  /** Every key (the CLI), or an account's. */
  list(accountId?: string): Promise<ApiKeyRecord[]>;
  /** Revokes a key (of the account, when given) from the next request on. Returns the record, or null when no such key. */
  revoke(id: string, accountId?: string): Promise<ApiKeyRecord | null>;
  /** The key with this SHA-256, on every request; throws KeyStoreUnavailableError when the store cannot answer. */
  find(hash: Buffer): Promise<FoundKey | undefined>;
  /** Resolves when the store answers; throws KeyStoreUnavailableError when it does not. */
  ping(): Promise<void>;
}

export interface NewKey {
  name: string;
  tier: string;
  accountId?: string;
}

/** What is known about a key, without the key. */
export interface ApiKeyRecord {
  id: string;
  name: string;
  tier: string;
  hint: string;
  createdAt: string;
  revokedAt: string | null;
  /** The account that created it on the Keys page; null for the CLI's keys. */
  accountId: string | null;
}

/**
 * An `api_keys` row (its KEY_COLUMNS) read as a key record; each store gives its timestamp type
 * (ISO text in SQLite, a Date in PostgreSQL) and how to write it as ISO text.
 */
export function keyRecordRow<T>(timestamp: z.ZodType<T>, toIso: (value: T) => string) {
  return z
    .object({ id: z.string(), name: z.string(), tier: z.string(), key_hint: z.string(), created_at: timestamp, revoked_at: timestamp.nullable(), account_id: z.string().nullable() })
    .transform(({ id, name, tier, key_hint, created_at, revoked_at, account_id }): ApiKeyRecord => ({
      id,
      name,
      tier,
      hint: key_hint,
      createdAt: toIso(created_at),
      revokedAt: revoked_at === null ? null : toIso(revoked_at),
      accountId: account_id,
    }));
}

/** The `api_keys` columns a key record is read from (both stores share the table's shape). */
export const KEY_COLUMNS = "id, name, tier, key_hint, created_at, revoked_at, account_id";

export interface FoundKey {
  id: string;
  tier: string;
  revoked: boolean;
  accountId: string | null;
}

/** The columns a new key's row is inserted with, and its values in that order (the hash, never the key). */
export const KEY_INSERT_COLUMNS = "id, name, tier, key_hash, key_hint, created_at, account_id";
export const keyInsertValues = (record: ApiKeyRecord, hash: Buffer) => [record.id, record.name, record.tier, hash, record.hint, record.createdAt, record.accountId];

/** A new key and its record: what both stores insert (the hash, never the key). */
export function newApiKey(input: NewKey): { record: ApiKeyRecord; key: string; hash: Buffer } {
  const key = generateApiKey();
  const record: ApiKeyRecord = {
    id: `key_${randomBase62(12)}`,
    name: input.name,
    tier: input.tier,
    hint: key.slice(-4),
    createdAt: new Date().toISOString(),
    revokedAt: null,
    accountId: input.accountId ?? null,
  };
  return { record, key, hash: hashApiKey(key) };
}
