import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { createApiKey } from "@/lib/auth/sqlite-key-store";
import { openApiStateDb } from "@/lib/db/api-state-db";
import { buildingMarker } from "@/lib/db/build-marker";
import { startApp } from "@/test/support/local-servers";
import { OPTIONS_PATH } from "./support";

// An app instance logging at info, so that its stdout carries one line per request.
test.describe.configure({ timeout: 120_000 });

const logLines = (stdout: string) =>
  stdout
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as Record<string, unknown>);

test("one JSON log line per request: request id, key id (never the key), route, status, latency", async () => {
  const dir = mkdtempSync(path.join(tmpdir(), "request-log-"));
  const statePath = path.join(dir, "state.db");
  const { key, record } = createApiKey(openApiStateDb(statePath), { name: "logged", tier: "starter" });
  // A well-formed key this instance does not know: a secret too, refused with 401.
  const stranger = createApiKey(openApiStateDb(":memory:"), { name: "elsewhere", tier: "starter" }).key;
  const app = await startApp({ API_STATE_PATH: statePath, LOG_LEVEL: "info" });
  try {
    const get = (authorization: string, requestId: string) =>
      fetch(`${app.url}${OPTIONS_PATH}`, { headers: { authorization: `Bearer ${authorization}`, "x-request-id": requestId } });
    expect((await get(key, "log-ok")).status).toBe(200);
    expect((await get(stranger, "log-refused")).status).toBe(401);

    const lineOf = (requestId: string) => logLines(app.stdout()).find((line) => line.request_id === requestId);
    await expect.poll(() => lineOf("log-refused")).toBeDefined();
    const expected = { level: "info", msg: "request", method: "GET", route: OPTIONS_PATH, latency_ms: expect.any(Number) };
    expect(lineOf("log-ok")).toMatchObject({ ...expected, request_id: "log-ok", key_id: record.id, status: 200 });
    expect(lineOf("log-refused")).toMatchObject({ ...expected, request_id: "log-refused", key_id: null, status: 401 });

    const output = app.stdout();
    for (const secret of [key, stranger]) {
      expect(output).not.toContain(secret);
      expect(output).not.toContain(secret.slice(4, 24));
    }
  } finally {
    await app.stop();
    rmSync(dir, { recursive: true, force: true });
  }
});

test("answers expected while the database is being built are logged at warn, without a stack", async () => {
  const dir = mkdtempSync(path.join(tmpdir(), "request-log-building-"));
  const databasePath = path.join(dir, "screener.db");
  const statePath = path.join(dir, "state.db");
  const { key } = createApiKey(openApiStateDb(statePath), { name: "logged", tier: "starter" });
  writeFileSync(buildingMarker(databasePath), "1");
  const app = await startApp({ DATABASE_PATH: databasePath, API_STATE_PATH: statePath, LOG_LEVEL: "info" });
  try {
    const send = (route: string, requestId: string, body?: object) =>
      fetch(`${app.url}${route}`, {
        method: body ? "POST" : "GET",
        headers: { authorization: `Bearer ${key}`, "x-request-id": requestId, ...(body ? { "content-type": "application/json" } : {}) },
        body: body && JSON.stringify(body),
      });
    expect((await send("/api/health/", "health-building")).status).toBe(503);
    expect((await send("/api/v1/screener/basic/", "screen-building", {})).status).toBe(503);
    expect((await send("/api/v1/filings/search/", "search-building", { queries: ["dividends"] })).status).toBe(502);
    expect((await send("/api/v1/screener/basic/", "invalid", { nope: 1 })).status).toBe(400);
    const lineOf = (requestId: string) => logLines(app.stdout()).find((line) => line.request_id === requestId);
    await expect.poll(() => lineOf("invalid")).toBeDefined();
    for (const requestId of ["health-building", "screen-building", "search-building"]) {
      expect(lineOf(requestId), requestId).toMatchObject({ level: "warn", error: { fault: false } });
      expect(JSON.stringify(lineOf(requestId)), requestId).not.toContain("stack");
    }
    expect(lineOf("invalid")).toMatchObject({ level: "info", status: 400 });
    expect(logLines(app.stdout()).filter((line) => line.level === "error")).toEqual([]);
  } finally {
    await app.stop();
    rmSync(dir, { recursive: true, force: true });
  }
});
