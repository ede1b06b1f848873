import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { createApiKey } from "@/lib/auth/sqlite-key-store";
import { openApiStateDb } from "@/lib/db/api-state-db";
import { freePort, startApp } from "@/test/support/local-servers";
import { problem } from "./support";

// Deadlines and shutdown, each against an app instance of its own.
test.describe.configure({ timeout: 120_000 });

let dir: string;
let statePath: string;
let key: string;
test.beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), "deadlines-"));
  statePath = path.join(dir, "state.db");
  const state = openApiStateDb(statePath);
  key = createApiKey(state, { name: "deadlines", tier: "starter" }).key;
  state.close();
});
test.afterAll(() => rmSync(dir, { recursive: true, force: true }));

const post = (url: string, route: string, body: unknown) =>
  fetch(`${url}${route}`, { method: "POST", headers: { authorization: `Bearer ${key}`, "content-type": "application/json" }, body: JSON.stringify(body) });

test("work past its deadline answers 503 with Retry-After, and the app keeps serving", async () => {
  // Deadlines no screen or search can meet.
  const app = await startApp({ API_STATE_PATH: statePath, SCREEN_DEADLINE_MS: "1", SEARCH_DEADLINE_MS: "1", UI_RATE_LIMIT_PER_MINUTE: "1000" });
  try {
    for (const [route, body] of [
      ["/api/v1/screener/basic/", { sort: { field: "companyName" }, page: { limit: 1000 } }],
      ["/api/v1/filings/search/", { queries: ["capital expenditures guidance"] }],
    ] as const) {
      const response = await post(app.url, route, body);
      expect(response.status, route).toBe(503);
      expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(0);
      expect((await problem(response)).detail).toMatch(/deadline/);
      // Health, the options and a page's shell answer from the request thread.
      expect((await fetch(`${app.url}/api/health/`)).status).toBe(200);
      expect((await fetch(`${app.url}/api/v1/screener/options/`, { headers: { authorization: `Bearer ${key}` } })).status).toBe(200);
    }
    // A shared link whose screen misses its deadline still renders; the browser asks again.
    const page = await fetch(`${app.url}/screener/?filters=${encodeURIComponent(JSON.stringify({ marketCap_usd: { min: 1e10 } }))}`);
    expect(page.status).toBe(200);
  } finally {
    await app.stop();
  }
});

/** `next start` itself (not through npm or npx), so the test sees its own exit. */
async function startNext(env: Record<string, string>): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(process.execPath, ["node_modules/next/dist/bin/next", "start", "--port", String(port), "--hostname", "127.0.0.1"], {
    env: { ...process.env, AUTO_INGEST: "0", LOG_LEVEL: "warn", ...env },
    stdio: "ignore",
  });
  const url = `http://127.0.0.1:${port}`;
  await expect.poll(() => fetch(`${url}/api/health/`).then((r) => r.status, () => 0), { timeout: 60_000 }).toBe(200);
  return { url, child };
}

test("SIGTERM stops accepting, answers the requests in flight, and exits", async () => {
  const { url, child } = await startNext({ API_STATE_PATH: statePath, SHUTDOWN_GRACE_MS: "8000" });
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  try {
    // The first search in a worker loads the passage vectors: it is still running at SIGTERM.
    const inFlight = post(url, "/api/v1/filings/search/", { queries: ["capital expenditures guidance"], results: 3 });
    await new Promise((resolve) => setTimeout(resolve, 150));
    child.kill("SIGTERM");
    const response = await inFlight;
    expect(response.status).toBe(200);
    expect((await response.json()).results).toHaveLength(3);
    expect(await exited).toBe(143);
    await expect(fetch(`${url}/api/health/`)).rejects.toThrow();
  } finally {
    if (child.exitCode === null) child.kill("SIGKILL");
  }
});
