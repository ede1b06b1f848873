import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { test } from "@playwright/test";
import { createApiKey } from "@/lib/auth/sqlite-key-store";
import { openApiStateDb } from "@/lib/db/api-state-db";
import { ProblemSchema } from "@/lib/api/problem";
import { E2E_ALERTS_ENV, E2E_API_STATE_PATH } from "../../playwright.config";

/** Keys go straight into the state file the server under test reads (the CLI has its own test). */
const state = openApiStateDb(E2E_API_STATE_PATH);

export function newKey(tier: "starter" | "bulk" = "starter"): string {
  return createApiKey(state, { name: `e2e ${test.info().title}`, tier }).key;
}

export function baseUrl(): string {
  return test.info().project.use.baseURL!;
}

/** fetch against the app under test, never following redirects (a redirect must show as one). */
export function call(path: string, init: RequestInit & { key?: string } = {}): Promise<Response> {
  const { key, headers, ...rest } = init;
  return fetch(new URL(path, baseUrl()), {
    redirect: "manual",
    ...rest,
    headers: { ...(key ? { authorization: `Bearer ${key}` } : {}), ...(headers as Record<string, string> | undefined) },
  });
}

export function postJson(path: string, key: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return call(path, { method: "POST", key, headers: { "content-type": "application/json", ...headers }, body: typeof body === "string" ? body : JSON.stringify(body) });
}

/** The body of a problem response, checked against the documented shape. */
export async function problem(response: Response) {
  if (response.headers.get("content-type") !== "application/problem+json") {
    throw new Error(`expected application/problem+json, got ${response.headers.get("content-type")} (${response.status})`);
  }
  return ProblemSchema.parse(await response.json());
}

export const OPTIONS_PATH = "/api/v1/screener/options/";
export const BASIC_PATH = "/api/v1/screener/basic/";

/**
 * What `npm run sync` runs after each sync (`npm run alerts`), as of a trading day, on the suite's
 * app's state, for one screen (specs running at once must not move each other's screens to a
 * later day); its stdout.
 */
export async function runAlertsAsOf(asOf: string, screenId: string): Promise<string> {
  const { stdout } = await promisify(execFile)(process.execPath, ["--import", "tsx", "scripts/alerts.ts", "--as-of", asOf, "--screen", screenId], { env: { ...process.env, ...E2E_ALERTS_ENV } });
  return stdout;
}
