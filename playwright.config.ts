import { defineConfig } from "@playwright/test";

const PORT = Number(process.env.E2E_PORT ?? 3999);
export const E2E_API_STATE_PATH = "var/e2e-api-state.db";
/** The suite's alert webhooks are local receivers, on this machine: the server and the specs' alerts runs allow it. */
export const E2E_ALERTS_ENV = { API_STATE_PATH: E2E_API_STATE_PATH, ALERT_WEBHOOK_PRIVATE_ADDRESSES: "allow" };
export const E2E_RATE_LIMIT_TIERS = JSON.stringify({ bulk: { minute: 100_000, day: 1_000_000 } });

export default defineConfig({
  testDir: "e2e",
  outputDir: "test-results",
  fullyParallel: false,
  workers: 2,
  retries: 0,
  timeout: 60_000,
  reporter: process.env.CI ? [["list"]] : [["list"], ["html", { open: "never", outputFolder: "playwright-report" }]],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
    trace: "retain-on-failure",
  },
  projects: [
    { name: "api", testDir: "e2e/api" },
    { name: "ui", testDir: "e2e/ui", use: { viewport: { width: 1440, height: 900 } } },
  ],
  webServer: {
    command: "npm start",
    url: `http://127.0.0.1:${PORT}/api/health/`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: "pipe",
    env: {
      PORT: String(PORT),
      HOSTNAME: "127.0.0.1",
      ...E2E_ALERTS_ENV,
      AUTO_INGEST: "0",
      // A tier for contract tests that send many requests with one key (the property tests).
      RATE_LIMIT_TIERS: E2E_RATE_LIMIT_TIERS,
      // The suite sends far more UI requests a minute (and day) from one address than a person does; the UI
      // limit has its own tests (lib/api/route.test.ts, e2e/api/ui-endpoints.spec.ts).
      UI_RATE_LIMIT_PER_MINUTE: "1000000",
      UI_RATE_LIMIT_PER_DAY: "100000000",
      // Likewise refused keys, all from 127.0.0.1; the throttle has its own tests
      // (lib/auth/failed-auth-throttle.test.ts, e2e/api/connection-edges.spec.ts).
      AUTH_FAILURES_PER_MINUTE: "1000000",
      // Likewise sign-ups and sign-ins; the per-address limit has its own app (e2e/api/signup-closed.spec.ts).
      SIGNIN_ATTEMPTS_PER_MINUTE: "1000000",
      // Every browser test is one caller of the query pool (ui:127.0.0.1): let the suite's parallel
      // tests use both query workers and queue as many requests as their pages send at once.
      QUERY_WORKERS: "2",
      CALLER_CONCURRENCY: "2",
      CALLER_QUEUE: "16",
      // Two test workers and the specs' own app instances share CI's two cores with this server: a
      // 2 s screen deadline passed there (CI saw a sequential 400 answered 503). Deadlines have
      // their own spec (e2e/api/deadlines.spec.ts), against an app of its own.
      SCREEN_DEADLINE_MS: "10000",
      // Likewise a membership history of 20 trading days: CI saw one take 10 s (500 ms a day) there.
      BACKTEST_DEADLINE_MS: "25000",
      SEARCH_DEADLINE_MS: "15000",
      // One log line per request would drown the test output; errors are still logged.
      LOG_LEVEL: "warn",
    },
  },
});
