import { type Page, test } from "@playwright/test";
import Database from "better-sqlite3";
import { createApiKey } from "@/lib/auth/sqlite-key-store";
import { openApiStateDb } from "@/lib/db/api-state-db";
import { env } from "@/lib/env";
import { E2E_API_STATE_PATH } from "../../playwright.config";

/** Helpers for every browser test: API keys for the public API, the stored data, and screenshots. */

const state = openApiStateDb(E2E_API_STATE_PATH);

/** A key straight in the state file the server under test reads. */
export function newApiKey(): string {
  return createApiKey(state, { name: `e2e ui ${test.info().title}`, tier: "starter" }).key;
}

/** A screenshot for a person to look at, under test-results/screenshots/ (kept by CI's output folder). */
export async function snapshot(page: Page, name: string) {
  await page.screenshot({ path: `test-results/screenshots/${name}.png` });
}

/** Reads what the database holds where the API does not serve it (daily prices, filing lists). */
export function readDatabase<T>(read: (db: Database.Database) => T): T {
  const db = new Database(env().DATABASE_PATH, { readonly: true });
  try {
    return read(db);
  } finally {
    db.close();
  }
}
