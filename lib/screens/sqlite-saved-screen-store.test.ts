import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll } from "vitest";
import { openApiStateDb } from "@/lib/db/api-state-db";
import { savedScreenStoreContract } from "@/test/support/screens/saved-screen-store-contract";
import { sqliteSavedScreenStore } from "./sqlite-saved-screen-store";

const dir = mkdtempSync(path.join(tmpdir(), "saved-screens-"));
const file = path.join(dir, "state.db");
const db = openApiStateDb(file);
// A second connection to the same file: another app instance.
const otherDb = openApiStateDb(file);
afterAll(() => {
  [db, otherDb].forEach((d) => d.close());
  rmSync(dir, { recursive: true, force: true });
});

savedScreenStoreContract("SQLite state file", () => ({ store: sqliteSavedScreenStore(db), other: sqliteSavedScreenStore(otherDb) }));
