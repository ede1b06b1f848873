import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { createApiKey } from "@/lib/auth/sqlite-key-store";
import { openApiStateDb } from "@/lib/db/api-state-db";
import { buildingMarker } from "@/lib/db/build-marker";
import { startApp } from "@/test/support/local-servers";
import { problem } from "./support";

// An app instance whose database does not exist (AUTO_INGEST=0: it is not built), then is "being
// built" (the ingest's marker file): filing search answers the spec's 502, the screener 503.
test.describe.configure({ timeout: 120_000 });

test("without a usable database, filing search answers 502 and the screener 503, both with Retry-After", async () => {
  const dir = mkdtempSync(path.join(tmpdir(), "no-database-"));
  const databasePath = path.join(dir, "screener.db");
  const statePath = path.join(dir, "state.db");
  const key = createApiKey(openApiStateDb(statePath), { name: "no database", tier: "starter" }).key;
  const app = await startApp({ DATABASE_PATH: databasePath, API_STATE_PATH: statePath, AUTO_INGEST: "0" });
  const call = (route: string, body?: object) =>
    fetch(`${app.url}${route}`, {
      method: body ? "POST" : "GET",
      headers: { authorization: `Bearer ${key}`, ...(body ? { "content-type": "application/json" } : {}) },
      body: body && JSON.stringify(body),
    });
  try {
    for (const state of ["missing", "building"] as const) {
      if (state === "building") writeFileSync(buildingMarker(databasePath), "1");
      const health = await call("/api/health/");
      expect(health.status).toBe(503);
      expect(health.headers.get("retry-after")).toBe("10");
      expect(health.headers.get("content-type")).toBe("application/problem+json");
      expect(await health.json()).toMatchObject({ status: 503, title: "Service unavailable", state });

      // Pages say what is going on instead of failing: the command to run, or that they reload themselves.
      for (const page of ["/", "/screener/", "/filings/?q=revenue", "/company/NYSE:IBM/", "/filings/3M_2018_10K/"]) {
        const response = await fetch(`${app.url}${page}`);
        expect(response.status, page).toBe(200);
        const html = await response.text();
        if (state === "missing") expect(html, page).toContain("npm run ingest");
        else expect(html, page).toMatch(/<meta http-equiv="refresh" content="10"/i);
      }

      for (const searchtype of ["keyword", "vector", "hybrid"]) {
        const search = await call("/api/v1/filings/search/", { queries: ["revenue"], searchtype });
        expect(search.status, `${state} ${searchtype}`).toBe(502);
        expect(search.headers.get("retry-after")).toBe("10");
        expect(search.headers.get("ratelimit")).not.toBeNull();
        expect(await problem(search)).toMatchObject({ status: 502, type: "/docs/#problem-backend" });
      }

      for (const screen of [call("/api/v1/screener/options/"), call("/api/v1/screener/basic/", {})]) {
        const response = await screen;
        expect(response.status, state).toBe(503);
        expect(response.headers.get("retry-after")).toBe("10");
        expect((await problem(response)).detail).toContain(state === "building" ? "being built" : "missing");
      }
    }
  } finally {
    await app.stop();
    rmSync(dir, { recursive: true, force: true });
  }
});
