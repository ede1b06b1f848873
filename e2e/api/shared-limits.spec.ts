import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { createApiKey } from "@/lib/auth/sqlite-key-store";
import { openApiStateDb } from "@/lib/db/api-state-db";
import { type LocalServer, startApp, startRedis } from "@/test/support/local-servers";

// Two more instances of the built app, sharing limits through one state file or through Redis.
test.describe.configure({ mode: "serial", timeout: 120_000 });

async function raceTwoInstances(a: string, b: string, key: string) {
  const responses = await Promise.all(
    Array.from({ length: 60 }, (_, i) => fetch(`${i % 2 ? a : b}/api/v1/screener/options/`, { headers: { authorization: `Bearer ${key}` } })),
  );
  // The statuses counted: a failure shows every status, not only that 200s are missing.
  const tally: Record<number, number> = {};
  for (const r of responses) tally[r.status] = (tally[r.status] ?? 0) + 1;
  return tally;
}

/**
 * The query pool of these instances never refuses: a request it refuses before running is taken
 * back from the limit (CI once saw 29 refusals for that), which would blur what this checks.
 */
const roomyPool = { CALLER_QUEUE: "64", QUERY_QUEUE: "128", SCREEN_DEADLINE_MS: "20000" };

/** Exactly 30 of 60 admitted past the shared limit, 30 refused with 429, nothing else. */
function expectOneLimit(tally: Record<number, number>) {
  expect(tally).toEqual({ 200: 30, 429: 30 });
}

test("two app instances sharing the state file admit exactly 30 of 60 requests on one key", async () => {
  const dir = mkdtempSync(path.join(tmpdir(), "shared-state-"));
  const statePath = path.join(dir, "state.db");
  const key = createApiKey(openApiStateDb(statePath), { name: "shared", tier: "starter" }).key;
  const instances = await Promise.all([startApp({ ...roomyPool, API_STATE_PATH: statePath }), startApp({ ...roomyPool, API_STATE_PATH: statePath })]);
  try {
    expectOneLimit(await raceTwoInstances(instances[0].url, instances[1].url, key));
  } finally {
    await Promise.all(instances.map((i) => i.stop()));
    rmSync(dir, { recursive: true, force: true });
  }
});

test("with REDIS_URL, two instances with separate state files share one limit through Redis", async () => {
  const redis: LocalServer = await startRedis();
  const dirs = [mkdtempSync(path.join(tmpdir(), "redis-a-")), mkdtempSync(path.join(tmpdir(), "redis-b-"))];
  // The same key in both state files: only Redis can make the two instances agree on its count.
  const first = openApiStateDb(path.join(dirs[0]!, "state.db"));
  const { key, record } = createApiKey(first, { name: "redis", tier: "starter" });
  first.close();
  const second = openApiStateDb(path.join(dirs[1]!, "state.db"));
  second.prepare("ATTACH DATABASE ? AS other").run(path.join(dirs[0]!, "state.db"));
  second.prepare("INSERT INTO api_keys SELECT * FROM other.api_keys WHERE id = ?").run(record.id);
  second.close();
  const instances = await Promise.all(dirs.map((dir) => startApp({ ...roomyPool, API_STATE_PATH: path.join(dir, "state.db"), REDIS_URL: redis.url })));
  try {
    expectOneLimit(await raceTwoInstances(instances[0]!.url, instances[1]!.url, key));
  } finally {
    await Promise.all(instances.map((i) => i.stop()));
    await redis.stop();
    dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true }));
  }
});
