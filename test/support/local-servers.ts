import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { accessSync, chownSync, constants, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { Redis } from "ioredis";
import { Client } from "pg";

/**
 * Throw-away local servers for tests and benchmarks: the built app (`next start`), Debian's
 * redis-server and PostgreSQL, each on a free loopback port, stopped by whoever started them.
 */
export interface LocalServer {
  url: string;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function waitFor(ready: () => Promise<boolean>, child: ChildProcess, what: string): Promise<void> {
  for (let attempt = 0; !(await ready()); attempt++) {
    if (attempt > 150 || child.exitCode !== null) throw new Error(`${what} did not start`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

function stopper(child: ChildProcess, cleanUp = () => {}, signal: NodeJS.Signals = "SIGTERM"): () => Promise<void> {
  return async () => {
    // Stopping twice (a test stopped it to see what happens without it) only cleans up.
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      // The whole process group: `npx next start` runs the server as a child of its own.
      process.kill(-child.pid!, signal);
      await exited;
    }
    cleanUp();
  };
}

export interface AppServer extends LocalServer {
  /** Everything the app has written to stdout so far (its request log lines among it). */
  stdout(): string;
  /** The process group of the app (npx and the server it runs), e.g. to measure its memory. */
  processGroup: number;
  /** Kills the app at once (SIGKILL), as a crash would: no graceful shutdown. */
  kill(): Promise<void>;
}

/**
 * Another instance of the built app (needs `npm run build`), with extra environment. It is up
 * once `/api/health/` answers 200, or a 503 other than the few seconds its query workers take to
 * warm after a start (an instance started without a database stays at 503); with `warm: false`,
 * once it answers.
 */
export async function startApp(env: Record<string, string>, { warm = true }: { warm?: boolean } = {}): Promise<AppServer> {
  const port = await freePort();
  const child = spawn("npx", ["next", "start", "--port", String(port), "--hostname", "127.0.0.1"], {
    env: { ...process.env, AUTO_INGEST: "0", LOG_LEVEL: "warn", ...env },
    stdio: ["ignore", "pipe", "ignore"],
    detached: true,
  });
  let stdout = "";
  child.stdout!.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
  const url = `http://127.0.0.1:${port}`;
  // `warm: false`: up as soon as it answers at all (a page needs no query worker).
  const up = async (r: Response) => !warm || r.ok || (r.status === 503 && !(await r.text()).includes('"state":"warming"'));
  await waitFor(() => fetch(`${url}/api/health/`).then(up, () => false), child, `the app on ${url}`);
  return { url, stop: stopper(child), kill: stopper(child, () => {}, "SIGKILL"), stdout: () => stdout, processGroup: child.pid! };
}

/** redis-server with its own temporary directory and no persistence. */
export async function startRedis(): Promise<LocalServer> {
  const dir = mkdtempSync(path.join(tmpdir(), "redis-test-"));
  const port = await freePort();
  const child = spawn("redis-server", ["--port", String(port), "--bind", "127.0.0.1", "--dir", dir, "--save", "", "--appendonly", "no"], {
    stdio: "ignore",
    detached: true,
  });
  const url = `redis://127.0.0.1:${port}`;
  const ping = async () => {
    const probe = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
    probe.on("error", () => {});
    try {
      await probe.connect();
      return (await probe.ping()) === "PONG";
    } catch {
      return false;
    } finally {
      probe.disconnect();
    }
  };
  await waitFor(ping, child, "redis-server (is it installed? scripts/ensure-test-tools.sh)");
  return { url, stop: stopper(child, () => rmSync(dir, { recursive: true, force: true })) };
}

/** A PostgreSQL program: from the PATH, else from Debian's newest /usr/lib/postgresql/<version>/bin. */
function postgresProgram(name: string): string {
  const executable = (file: string) => {
    try {
      accessSync(file, constants.X_OK);
      return true;
    } catch {
      return false;
    }
  };
  const onPath = (process.env.PATH ?? "").split(path.delimiter).map((dir) => path.join(dir, name)).find(executable);
  if (onPath !== undefined) return onPath;
  let versions: string[] = [];
  try {
    versions = readdirSync("/usr/lib/postgresql").sort((a, b) => Number(b) - Number(a));
  } catch {
    // Not installed: the caller's error says how to install it.
  }
  return versions.map((v) => `/usr/lib/postgresql/${v}/bin/${name}`).find(executable) ?? name;
}

/**
 * A PostgreSQL server (Debian's `postgresql`) in its own
 * temporary directory, trusting local connections, without durability (a test database). As
 * root (CI) it runs as the `postgres` user, since PostgreSQL refuses to run as root.
 */
export async function startPostgres(): Promise<LocalServer> {
  const dir = mkdtempSync(path.join(tmpdir(), "postgres-test-"));
  const asRoot = process.getuid?.() === 0;
  if (asRoot) chownSync(dir, Number(execFileSync("id", ["-u", "postgres"], { encoding: "utf8" })), Number(execFileSync("id", ["-g", "postgres"], { encoding: "utf8" })));
  const command = (name: string, args: string[]): [string, string[]] => {
    const program = postgresProgram(name);
    return asRoot ? ["runuser", ["-u", "postgres", "--", program, ...args]] : [program, args];
  };
  const data = path.join(dir, "data");
  try {
    execFileSync(...command("initdb", ["-D", data, "-U", "postgres", "-A", "trust", "-E", "UTF8", "--locale=C", "--no-sync"]), { stdio: "ignore" });
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw new Error("initdb failed (is PostgreSQL installed? scripts/ensure-test-tools.sh)", { cause: error });
  }
  const port = await freePort();
  const settings = ["fsync=off", "synchronous_commit=off", "full_page_writes=off", "max_connections=100"].flatMap((s) => ["-c", s]);
  const child = spawn(...command("postgres", ["-D", data, "-h", "127.0.0.1", "-p", String(port), "-k", dir, ...settings]), { stdio: "ignore", detached: true });
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  const ping = async () => {
    const probe = new Client({ connectionString: url, connectionTimeoutMillis: 1000 });
    probe.on("error", () => {});
    try {
      await probe.connect();
      await probe.query("SELECT 1");
      return true;
    } catch {
      return false;
    } finally {
      await probe.end().catch(() => {});
    }
  };
  await waitFor(ping, child, "PostgreSQL (is it installed? scripts/ensure-test-tools.sh)");
  // SIGINT is PostgreSQL's fast shutdown: it does not wait for clients (pools) to disconnect.
  return { url, stop: stopper(child, () => rmSync(dir, { recursive: true, force: true }), "SIGINT") };
}
