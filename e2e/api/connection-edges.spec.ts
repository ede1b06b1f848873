import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { ProblemSchema } from "@/lib/api/problem";
import { createApiKey } from "@/lib/auth/sqlite-key-store";
import { openApiStateDb } from "@/lib/db/api-state-db";
import { type AppServer, startApp } from "@/test/support/local-servers";
import { openRawConnection, type RawConnection, type RawResponse, serverEndOpen } from "@/test/support/raw-http";

// The HTTP edges under hostile clients, over raw sockets against an instance of its own with small
// timeouts: Node's own refusals as problem+json, the keep-alive, headers and response idle
// timeouts, and refused keys throttled per client address. Outcomes only, never durations: the
// waits below are the scenarios themselves (a connection left idle), never limits on the server.
test.describe.configure({ mode: "serial", timeout: 90_000 });

const KEEP_ALIVE_TIMEOUT_MS = 8000;
const AUTH_FAILURES_PER_MINUTE = 5;

let app: AppServer;
let dir: string;
let key: string;

test.beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "connection-edges-"));
  const statePath = path.join(dir, "state.db");
  const state = openApiStateDb(statePath);
  key = createApiKey(state, { name: "edges", tier: "starter" }).key;
  state.close();
  app = await startApp({
    API_STATE_PATH: statePath,
    KEEP_ALIVE_TIMEOUT_MS: String(KEEP_ALIVE_TIMEOUT_MS),
    HEADERS_TIMEOUT_MS: "1000",
    RESPONSE_IDLE_TIMEOUT_MS: "3000",
    // The idle timeout must outlast every deadline and the body timeout.
    SCREEN_DEADLINE_MS: "1000",
    SEARCH_DEADLINE_MS: "1000",
    BACKTEST_DEADLINE_MS: "1000",
    BODY_TIMEOUT_MS: "1000",
    AUTH_FAILURES_PER_MINUTE: String(AUTH_FAILURES_PER_MINUTE),
    TRUST_PROXY_HOPS: "1",
    QUERY_WORKERS: "1",
  });
});

test.afterAll(async () => {
  await app?.stop();
  rmSync(dir, { recursive: true, force: true });
});

/** A refusal Node makes before the app sees the request: problem+json of that kind, then the connection closed cleanly. */
async function expectRefusal(connection: RawConnection, status: number, type: string) {
  const response = await connection.response();
  expect(response).toMatchObject({ status, headers: { "content-type": "application/problem+json", connection: "close" } });
  expect(ProblemSchema.parse(JSON.parse(response.body))).toMatchObject({ status, type: `/docs/#problem-${type}` });
  expect(await connection.closed).toEqual({ reset: false });
}

test("a malformed request and oversized headers get problem+json 400 and 431, not Node's bare text", async () => {
  const malformed = await openRawConnection(app.url);
  malformed.send("BR0KEN /api/health/ HTTP/1.1\r\nHost: x\r\n\r\n");
  await expectRefusal(malformed, 400, "malformed-request");

  const oversized = await openRawConnection(app.url);
  oversized.send(`GET /api/health/ HTTP/1.1\r\nHost: x\r\nX-Pad: ${"a".repeat(20_000)}\r\n\r\n`);
  await expectRefusal(oversized, 431, "headers-too-large");
});

test("headers still trickling in after HEADERS_TIMEOUT_MS get problem+json 408", async () => {
  const connection = await openRawConnection(app.url);
  connection.send("GET /api/health/ HTTP/1.1\r\nHost: x\r\n");
  // A line every half second keeps the connection from being idle; Node checks header timeouts
  // every 30 seconds, so the answer comes within about 31.
  const trickle = setInterval(() => connection.send("X-Trickle: 1\r\n"), 500);
  try {
    await expectRefusal(connection, 408, "request-timeout");
  } finally {
    clearInterval(trickle);
  }
});

test("a kept-alive connection idle past Node's default is reused; idle past KEEP_ALIVE_TIMEOUT_MS the server closes it cleanly", async () => {
  const connection = await openRawConnection(app.url);
  const health = async (): Promise<RawResponse> => {
    connection.send("GET /api/health/ HTTP/1.1\r\nHost: x\r\n\r\n");
    return connection.response();
  };
  const first = await health();
  expect(first.status).toBe(200);
  expect(first.headers["keep-alive"]).toBe(`timeout=${KEEP_ALIVE_TIMEOUT_MS / 1000}`);
  // Node's default would close it 6 s after the answer (5 s and a second of grace).
  await new Promise((resolve) => setTimeout(resolve, 6500));
  expect((await health()).status).toBe(200);
  // Nothing more is sent: the server ends the connection with a FIN, not a reset.
  expect(await connection.closed).toEqual({ reset: false });
  expect(connection.received().match(/HTTP\/1\.1 /g)).toHaveLength(2);
});

test("a client that never reads its answers is dropped after RESPONSE_IDLE_TIMEOUT_MS, and what was left unsent is never sent", async () => {
  const connection = await openRawConnection(app.url);
  connection.socket.pause();
  // 64 pipelined requests for the OpenAPI document: about 10 MB of answers, three times what the
  // kernel's socket buffers take, so the server is left holding the rest.
  const requests = 64;
  connection.send("GET /api/v1/openapi.json HTTP/1.1\r\nHost: x\r\n\r\n".repeat(requests));
  expect(serverEndOpen(connection.socket)).toBe(true);
  await expect.poll(() => serverEndOpen(connection.socket), { timeout: 60_000 }).toBe(false);
  // Reading now gets what reached the kernel before the drop, then the end of the connection.
  connection.socket.resume();
  let complete = 0;
  const ended = await (async () => {
    for (;;) {
      expect((await connection.response()).status).toBe(200);
      complete++;
    }
  })().catch((error: Error) => error);
  expect(ended.message).toContain("the connection closed before a whole answer");
  expect(complete).toBeLessThan(requests);
});

test("refused keys from one address get 429 after AUTH_FAILURES_PER_MINUTE, unchecked; other addresses are unaffected", async () => {
  const from = (address: string, authorization?: string) =>
    fetch(`${app.url}/api/v1/screener/options/`, { headers: { "x-forwarded-for": address, ...(authorization === undefined ? {} : { authorization }) } });
  const flooding = "203.0.113.7";
  for (let i = 0; i < AUTH_FAILURES_PER_MINUTE; i++) expect((await from(flooding, "Bearer fsk_guess")).status).toBe(401);
  // Past the limit even a valid key from that address is not checked: checking it would tell a
  // guesser when a guess is right.
  for (const authorization of ["Bearer fsk_guess", `Bearer ${key}`]) {
    const refused = await from(flooding, authorization);
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(refused.headers.get("ratelimit")).toBeNull();
    const body = ProblemSchema.parse(await refused.json());
    expect(body).toMatchObject({ status: 429, type: "/docs/#problem-rate-limited", "violated-policies": ["failed-authentications"] });
    expect(body.detail).toContain("`Authorization` header");
  }
  // A request without a key has nothing to check: the usual 401.
  expect((await from(flooding)).status).toBe(401);
  // Another address (the proxy's x-forwarded-for entry, TRUST_PROXY_HOPS=1) is unaffected, and
  // the key's minute is whole: the 429s counted nothing.
  expect((await from("198.51.100.9", "Bearer fsk_guess")).status).toBe(401);
  const ok = await from("198.51.100.9", `Bearer ${key}`);
  expect(ok.status).toBe(200);
  expect(ok.headers.get("ratelimit")).toMatch(/^"minute";r=29;/);
});
