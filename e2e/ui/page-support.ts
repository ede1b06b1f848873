import { type Page, test } from "@playwright/test";
import { createApiKey } from "@/lib/auth/api-key-store";
import { openApiStateDb } from "@/lib/db/api-state-db";
import { E2E_API_STATE_PATH } from "../../playwright.config";

/** Helpers for every browser test: API keys for the public API, and screenshots. */

const state = openApiStateDb(E2E_API_STATE_PATH);

/** A key straight in the state file the server under test reads. */
export function newApiKey(): string {
  return createApiKey(state, { name: `e2e ui ${test.info().title}`, tier: "starter" }).key;
}

/** A screenshot for a person to look at, under test-results/screenshots/ (kept by CI's output folder). */
export async function snapshot(page: Page, name: string) {
  await page.screenshot({ path: `test-results/screenshots/${name}.png` });
}
