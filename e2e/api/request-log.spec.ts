import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { createApiKey } from "@/lib/auth/api-key-store";
import { openApiStateDb } from "@/lib/db/api-state-db";
import { startApp } from "@/lib/local-servers";
import { OPTIONS_PATH } from "./support";

// An app instance logging at info, so that its stdout carries one line per request.
test.describe.configure({ timeout: 120_000 });

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

    const lineOf = (requestId: string) =>
      app
        .stdout()
        .split("\n")
        .filter((line) => line.startsWith("{"))
        .map((line) => JSON.parse(line) as Record<string, unknown>)
        .find((line) => line.request_id === requestId);
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
