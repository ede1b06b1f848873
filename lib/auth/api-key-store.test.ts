import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openApiStateDb, type StateDb } from "@/lib/db/api-state-db";
import { hashApiKey } from "./api-key-format";
import { createApiKey, listApiKeys, revokeApiKey } from "./api-key-store";
import { apiKeyAuthenticator } from "./authenticate";

let dir: string;
let file: string;
let db: StateDb;

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), "api-keys-"));
  file = path.join(dir, "state.db");
  db = openApiStateDb(file);
});
afterEach(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("API key store", () => {
  it("stores only the SHA-256 of a key: the key never reaches the file", () => {
    const { key } = createApiKey(db, { name: "research notebook", tier: "starter" });
    db.pragma("wal_checkpoint(TRUNCATE)");
    const bytes = readFileSync(file);
    expect(bytes.includes(Buffer.from(key))).toBe(false);
    expect(bytes.includes(Buffer.from(key.slice(4, 30)))).toBe(false);
    expect(bytes.includes(hashApiKey(key))).toBe(true);
  });

  it("uses WAL and a busy timeout", () => {
    expect(db.pragma("journal_mode", { simple: true })).toBe("wal");
    expect(Number(db.pragma("busy_timeout", { simple: true }))).toBeGreaterThanOrEqual(1000);
  });

  it("lists keys without secrets; names need not be unique", () => {
    const a = createApiKey(db, { name: "same", tier: "starter" });
    const b = createApiKey(db, { name: "same", tier: "pro" });
    const listed = listApiKeys(db);
    expect(listed.map((k) => k.id).sort()).toEqual([a.record.id, b.record.id].sort());
    expect(JSON.stringify(listed)).not.toContain(a.key);
    expect(listed.find((k) => k.id === b.record.id)).toMatchObject({ name: "same", tier: "pro", hint: b.key.slice(-4), revokedAt: null });
  });

  it("authenticates in order: format, checksum, lookup, revoked", () => {
    const authenticate = apiKeyAuthenticator(db);
    const { key, record } = createApiKey(db, { name: "n", tier: "starter" });
    expect(authenticate(`Bearer ${key}`)).toEqual({ keyId: record.id, tier: "starter" });
    expect(authenticate(`bearer  ${key}`)).toEqual({ keyId: record.id, tier: "starter" });
    expect(authenticate(null)).toBeNull();
    expect(authenticate(key)).toBeNull();
    expect(authenticate(`Basic ${key}`)).toBeNull();
    expect(authenticate("Bearer not-a-key")).toBeNull();
    const typo = key.slice(0, 10) + (key[10] === "a" ? "b" : "a") + key.slice(11);
    expect(authenticate(`Bearer ${typo}`)).toBeNull();
    // Well-formed (valid checksum) but never issued by this store.
    const other = openApiStateDb(":memory:");
    const stranger = createApiKey(other, { name: "elsewhere", tier: "starter" }).key;
    other.close();
    expect(authenticate(`Bearer ${stranger}`)).toBeNull();

    expect(revokeApiKey(db, record.id)?.revokedAt).not.toBeNull();
    expect(authenticate(`Bearer ${key}`)).toBeNull();
    expect(revokeApiKey(db, "key_missing")).toBeNull();
  });
});
