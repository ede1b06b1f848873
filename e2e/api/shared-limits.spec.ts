import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { createApiKey } from "@/lib/auth/api-key-store";
import { openApiStateDb } from "@/lib/db/api-state-db";
import { startRedis, type TestRedis } from "@/lib/rate-limit/test-support/redis-server";

// Two more instances of the built app, sharing limits through one state file or through Redis.
test.describe.configure({ mode: "serial", timeout: 120_000 });

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function startInstance(env: Record<string, string>): Promise<{ url: string; stop: () => Promise<void> }> {
  const port = await freePort();
  const child: ChildProcess = spawn("npx", ["next", "start", "--port", String(port), "--hostname", "127.0.0.1"], {
    env: { ...process.env, AUTO_INGEST: "0", LOG_LEVEL: "warn", ...env },
    stdio: "ignore",
    detached: true,
  });
  const url = `http://127.0.0.1:${port}`;
  for (let attempt = 0; ; attempt++) {
    try {
      if ((await fetch(`${url}/api/health/`)).ok) break;
    } catch {
      if (attempt > 150) throw new Error(`the app did not start on ${url}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    url,
    async stop() {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      process.kill(-child.pid!, "SIGTERM");
      await exited;
    },
  };
}

async function raceTwoInstances(a: string, b: string, key: string) {
  const responses = await Promise.all(
    Array.from({ length: 60 }, (_, i) => fetch(`${i % 2 ? a : b}/api/v1/screener/options/`, { headers: { authorization: `Bearer ${key}` } })),
  );
  return responses.map((r) => r.status);
}

test("two app instances sharing the state file admit exactly 30 of 60 requests on one key", async () => {
  const dir = mkdtempSync(path.join(tmpdir(), "shared-state-"));
  const statePath = path.join(dir, "state.db");
  const key = createApiKey(openApiStateDb(statePath), { name: "shared", tier: "starter" }).key;
  const instances = await Promise.all([startInstance({ API_STATE_PATH: statePath }), startInstance({ API_STATE_PATH: statePath })]);
  try {
    const statuses = await raceTwoInstances(instances[0].url, instances[1].url, key);
    expect(statuses.filter((s) => s === 200)).toHaveLength(30);
    expect(statuses.filter((s) => s === 429)).toHaveLength(30);
  } finally {
    await Promise.all(instances.map((i) => i.stop()));
    rmSync(dir, { recursive: true, force: true });
  }
});

test("with REDIS_URL, two instances with separate state files share one limit through Redis", async () => {
  const redis: TestRedis = await startRedis();
  const dirs = [mkdtempSync(path.join(tmpdir(), "redis-a-")), mkdtempSync(path.join(tmpdir(), "redis-b-"))];
  // The same key in both state files: only Redis can make the two instances agree on its count.
  const first = openApiStateDb(path.join(dirs[0]!, "state.db"));
  const { key, record } = createApiKey(first, { name: "redis", tier: "starter" });
  first.close();
  const second = openApiStateDb(path.join(dirs[1]!, "state.db"));
  second.prepare("ATTACH DATABASE ? AS other").run(path.join(dirs[0]!, "state.db"));
  second.prepare("INSERT INTO api_keys SELECT * FROM other.api_keys WHERE id = ?").run(record.id);
  second.close();
  const instances = await Promise.all(dirs.map((dir) => startInstance({ API_STATE_PATH: path.join(dir, "state.db"), REDIS_URL: redis.url })));
  try {
    const statuses = await raceTwoInstances(instances[0]!.url, instances[1]!.url, key);
    expect(statuses.filter((s) => s === 200)).toHaveLength(30);
    expect(statuses.filter((s) => s === 429)).toHaveLength(30);
  } finally {
    await Promise.all(instances.map((i) => i.stop()));
    await redis.stop();
    dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true }));
  }
});
