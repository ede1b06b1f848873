import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { expect, test } from "@playwright/test";
import { MIGRATIONS } from "@/lib/db/api-state-pg";
import { SavedScreen } from "@/lib/screens/saved-screen-schema";
import { type AppServer, type LocalServer, startApp, startPostgres, startRedis } from "@/test/support/local-servers";

/*
 * Two instances of the built app behind no balancer, each with a state file of its own
 * (API_STATE_PATH), sharing one PostgreSQL (keys) and one Redis (limits), both real servers
 * started here. Only the shared stores can make these pass: a state file knows no key the CLI
 * made in PostgreSQL, and each file would count its own 30.
 */
test.describe.configure({ mode: "serial", timeout: 120_000 });

let postgres: LocalServer;
let redis: LocalServer;
let instances: AppServer[] = [];
let dirs: string[] = [];
let shared: Record<string, string>;

test.beforeAll(async () => {
  [postgres, redis] = await Promise.all([startPostgres(), startRedis()]);
  shared = { API_STATE_URL: postgres.url, REDIS_URL: redis.url };
  dirs = [mkdtempSync(path.join(tmpdir(), "cluster-a-")), mkdtempSync(path.join(tmpdir(), "cluster-b-"))];
  // The deployment step of the README: migrate, then start the instances (which find nothing to do).
  expect(await npmRun("migrate")).toBe(`Applied migrations ${MIGRATIONS.map((m) => m.version).join(", ")}.`);
  instances = await Promise.all(dirs.map((dir) => startApp({ ...shared, API_STATE_PATH: path.join(dir, "state.db") })));
});

test.afterAll(async () => {
  await Promise.all(instances.map((i) => i.stop().catch(() => {})));
  await Promise.all([postgres?.stop(), redis?.stop()]);
  dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true }));
});

/** `npm run <script> -- ...` against the shared PostgreSQL (and a state file neither instance reads). */
async function npmRun(script: string, ...args: string[]): Promise<string> {
  const { stdout } = await promisify(execFile)("npm", ["run", "--silent", script, "--", ...args], {
    env: { ...process.env, ...shared, API_STATE_PATH: path.join(dirs[0]!, "cli-state.db") },
  });
  return stdout.trim();
}

const apikey = (...args: string[]) => npmRun("apikey", ...args);

async function createKey(name: string): Promise<{ id: string; key: string }> {
  const lines = (await apikey("create", "--name", name)).split("\n");
  return { id: /Created (key_\w+)/.exec(lines[0]!)![1]!, key: lines.at(-1)! };
}

const options = (instance: AppServer, key: string) => fetch(`${instance.url}/api/v1/screener/options/`, { headers: { authorization: `Bearer ${key}` } });

test("health reports the same build id on both instances and reachable shared stores", async () => {
  const bodies = await Promise.all(instances.map(async (i) => (await fetch(`${i.url}/api/health/`)).json()));
  expect(bodies[0].build_id).toMatch(/^[0-9a-f]{16}$/);
  expect(bodies[1].build_id).toBe(bodies[0].build_id);
  for (const body of bodies) {
    expect(body.state_stores).toEqual({ api_keys: { store: "postgres", reachable: true }, rate_limits: { store: "redis", reachable: true } });
  }
  expect(await npmRun("migrate")).toBe("The API state database is up to date.");
});

test("a key created through the CLI works on both; revoked through the CLI, both refuse it from the next request", async () => {
  const { id, key } = await createKey("cluster cli");
  for (const instance of instances) expect((await options(instance, key)).status).toBe(200);
  expect(await apikey("list")).toContain(id);
  expect(await apikey("revoke", id)).toContain(`Revoked ${id}`);
  // No key cache: the very first request after the revocation is refused, on each instance.
  for (const instance of instances) expect((await options(instance, key)).status).toBe(401);
});

test("60 concurrent requests spread over both instances admit exactly 30", async () => {
  const { key } = await createKey("cluster race");
  const statuses = await Promise.all(Array.from({ length: 60 }, (_, i) => options(instances[i % 2]!, key).then((r) => r.status)));
  expect(statuses.filter((s) => s === 200)).toHaveLength(30);
  expect(statuses.filter((s) => s === 429)).toHaveLength(30);
});

test("a screen saved on one instance is read, replaced and deleted on the other: the screens live in PostgreSQL", async () => {
  const { key } = await createKey("cluster screens");
  const [a, b] = instances as [AppServer, AppServer];
  const send = (instance: AppServer, method: string, path: string, body?: unknown) =>
    fetch(`${instance.url}${path}`, { method, headers: { authorization: `Bearer ${key}`, "content-type": "application/json" }, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
  const created = await send(a, "POST", "/api/v2/screens/", { name: "Across instances", request: { filters: { marketCap_usd: { min: 1e11 } } } });
  expect(created.status).toBe(201);
  const saved = SavedScreen.parse(await created.json());
  const path = `/api/v2/screens/${saved.id}/`;
  expect(await (await send(b, "GET", path)).json()).toEqual(saved);
  expect((await send(b, "PUT", path, { name: "Renamed on B", request: saved.request })).status).toBe(200);
  expect(SavedScreen.parse(await (await send(a, "GET", path)).json()).name).toBe("Renamed on B");
  expect((await send(a, "DELETE", path)).status).toBe(204);
  expect((await send(b, "GET", path)).status).toBe(404);
});

test("an instance killed mid-load loses no admitted request's count", async () => {
  const { key } = await createKey("cluster crash");
  const [survivor, victim] = instances as [AppServer, AppServer];
  let admitted = 0;
  let lost = 0;
  let killing: Promise<void> | undefined;
  // Four clients, two per instance, each sending one request after another until refused or cut off.
  const client = async (instance: AppServer) => {
    for (;;) {
      let status: number;
      try {
        status = (await options(instance, key)).status;
      } catch {
        lost++; // in flight when its instance died: counted or not, its client never heard "admitted"
        return;
      }
      if (status !== 200) return expect(status).toBe(429);
      admitted++;
      if (admitted >= 10 && killing === undefined) killing = victim.kill();
    }
  };
  await Promise.all([client(survivor), client(survivor), client(victim), client(victim)]);
  await killing;
  instances = [survivor];
  expect(killing).toBeDefined();
  // Every admitted request was counted: the survivor admits only what is left of the 30, never more.
  while ((await options(survivor, key)).status === 200) {
    admitted++;
    expect(admitted).toBeLessThanOrEqual(30);
  }
  expect(admitted).toBeLessThanOrEqual(30);
  expect(admitted).toBeGreaterThanOrEqual(30 - lost);
});

test("PostgreSQL or Redis unreachable: 503 with Retry-After, never an admission", async () => {
  const [survivor] = instances as [AppServer];
  const { key } = await createKey("cluster outage");
  await redis.stop();
  const withoutRedis = await options(survivor, key);
  expect(withoutRedis.status).toBe(503);
  expect(withoutRedis.headers.get("retry-after")).toBe("5");
  expect(withoutRedis.headers.get("content-type")).toBe("application/problem+json");
  const health = await fetch(`${survivor.url}/api/health/`);
  expect(health.status).toBe(503);
  expect((await health.json()).state_stores.rate_limits).toEqual({ store: "redis", reachable: false });
  await postgres.stop();
  const withoutPostgres = await options(survivor, key);
  expect(withoutPostgres.status).toBe(503);
  expect(withoutPostgres.headers.get("retry-after")).toBe("5");
  expect((await withoutPostgres.json()).detail).toContain("API key store");
});
