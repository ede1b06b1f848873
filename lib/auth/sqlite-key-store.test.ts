import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openApiStateDb } from "@/lib/db/api-state-db";
import { keyStoreContract } from "@/test/support/auth/key-store-contract";
import { hashApiKey } from "./api-key-format";
import { sqliteKeyStore } from "./sqlite-key-store";

const dir = mkdtempSync(path.join(tmpdir(), "api-keys-"));
const file = path.join(dir, "state.db");
const db = openApiStateDb(file);
// A second connection to the same file: another app instance, or the `apikey` command.
const otherDb = openApiStateDb(file);
const strangerDb = openApiStateDb(":memory:");
const stores = { store: sqliteKeyStore(db), other: sqliteKeyStore(otherDb), stranger: sqliteKeyStore(strangerDb) };
afterAll(() => {
  [db, otherDb, strangerDb].forEach((d) => d.close());
  rmSync(dir, { recursive: true, force: true });
});

keyStoreContract("SQLite state file", () => stores);

describe("SQLite key store", () => {
  it("stores only the SHA-256 of a key: the key never reaches the file", async () => {
    const { key } = await stores.store.create({ name: "research notebook", tier: "starter" });
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
});
