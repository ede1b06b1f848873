import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeEach, describe, expect, it, vi } from "vitest";
import { createApiKey } from "@/lib/auth/sqlite-key-store";
import { openApiStateDb } from "@/lib/db/api-state-db";
import { createApiServices } from "./api-services";
import { ProblemSchema } from "./problem";
import { apiRoute } from "./route";
import { STATUS_OPERATION } from "@/test/support/api/status-operation";

// The failed-authentication throttle as apiRoute applies it: real wrapper, real SQLite key store,
// a clock the tests move, one proxy in front (the client is the x-forwarded-for entry before ours).
const dir = mkdtempSync(path.join(tmpdir(), "api-failed-auth-"));
const db = openApiStateDb(path.join(dir, "state.db"));
let clock = Date.parse("2026-04-01T10:00:00Z");
const services = createApiServices({ kind: "sqlite", db }, { uiPerMinute: 5, authFailuresPerMinute: 3, trustProxyHops: 1, now: () => clock });
const authenticate = vi.spyOn(services, "authenticate");
afterAll(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});
beforeEach(() => {
  vi.spyOn(process.stdout, "write").mockImplementation(() => true);
  authenticate.mockClear();
});

const route = apiRoute(STATUS_OPERATION, () => ({ ok: true }), () => services);
const get = (client: string, authorization?: string) =>
  route.GET(
    new Request(`http://localhost${STATUS_OPERATION.path}`, {
      headers: { "x-forwarded-for": `${client}, 10.0.0.1`, ...(authorization === undefined ? {} : { authorization }) },
    }),
  );

describe("apiRoute: refused keys per client address", () => {
  it("refuses an address's keys unchecked once it has had AUTH_FAILURES_PER_MINUTE refused, until the minute ends", async () => {
    const key = createApiKey(db, { name: "test", tier: "starter" }).key;
    for (let i = 0; i < 3; i++) expect((await get("203.0.113.7", "Bearer fsk_guess")).status).toBe(401);
    authenticate.mockClear();
    for (const authorization of ["Bearer fsk_guess", `Bearer ${key}`]) {
      const refused = await get("203.0.113.7", authorization);
      expect(refused.status).toBe(429);
      expect(refused.headers.get("retry-after")).toBe("60");
      expect(refused.headers.get("ratelimit")).toBeNull();
      expect(refused.headers.get("content-type")).toBe("application/problem+json");
      const body = ProblemSchema.parse(await refused.json());
      expect(body).toMatchObject({ status: 429, "violated-policies": ["failed-authentications"] });
      expect(body.detail).toContain("`Authorization` header");
    }
    expect(authenticate).not.toHaveBeenCalled();
    // Without a key there is nothing to check: the usual 401, not counted.
    expect((await get("203.0.113.7")).status).toBe(401);
    // Another address is unaffected, and its good key's minute is whole (the 429s counted nothing).
    expect((await get("198.51.100.9", "Bearer fsk_guess")).status).toBe(401);
    const ok = await get("198.51.100.9", `Bearer ${key}`);
    expect(ok.status).toBe(200);
    expect(ok.headers.get("ratelimit")).toMatch(/^"minute";r=29;/);
    clock += 45_000;
    expect((await get("203.0.113.7", `Bearer ${key}`)).headers.get("retry-after")).toBe("15");
    clock += 15_000;
    expect((await get("203.0.113.7", `Bearer ${key}`)).status).toBe(200);
  });
});
