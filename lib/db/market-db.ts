import { createHash } from "node:crypto";
import { statSync } from "node:fs";
import Database from "better-sqlite3";
import * as sqliteVec from "sqlite-vec";
import { z } from "zod";
import { DatabaseUnavailableError } from "@/lib/errors";
import { env } from "@/lib/env";
import { buildInProgress } from "./build-marker";
import { SCHEMA_VERSION } from "./schema";

const MetaValue = z.string().optional();
const MetaRows = z.array(z.tuple([z.string(), z.string()]));

export type DatabaseState = "ready" | DatabaseUnavailableError["state"];

const building = () => buildInProgress(env().DATABASE_PATH);

/** `ready` when a complete database of this version is in place (a rebuild keeps serving the old one). */
export function databaseState(): DatabaseState {
  try {
    marketDb();
    return "ready";
  } catch (error) {
    if (error instanceof DatabaseUnavailableError) return error.state;
    throw error;
  }
}

let current: { db: Database.Database; inode: number; checkedAt: number } | undefined;

/**
 * The shared read-only connection. A build renames the finished file into place, so a connection
 * never sees a half-built database; when the file is replaced, the next call (at most a second
 * later) opens the new one.
 */
export function marketDb(): Database.Database {
  const now = Date.now();
  if (current && now - current.checkedAt < 1000) return current.db;
  const { DATABASE_PATH } = env();
  let inode: number;
  try {
    inode = statSync(DATABASE_PATH).ino;
  } catch {
    throw new DatabaseUnavailableError(building() ? "building" : "missing");
  }
  if (current && current.inode === inode) {
    current.checkedAt = now;
    return current.db;
  }
  const db = new Database(DATABASE_PATH, { readonly: true, fileMustExist: true });
  const version = MetaValue.parse(db.prepare("SELECT value FROM meta WHERE key = 'schema_version'").pluck().get());
  if (version !== String(SCHEMA_VERSION)) {
    db.close();
    throw new DatabaseUnavailableError(building() ? "building" : "missing");
  }
  sqliteVec.load(db);
  db.pragma("mmap_size = 1073741824");
  if (current === undefined) process.once("exit", () => current?.db.close());
  else current.db.close();
  current = { db, inode, checkedAt: now };
  return db;
}

const statements = new WeakMap<Database.Database, Map<string, Database.Statement>>();
const MAX_CACHED_STATEMENTS = 500;

/** A prepared statement of the current connection, cached by its SQL (screens repeat shapes). */
export function cachedStatement(sql: string): Database.Statement {
  const db = marketDb();
  let cache = statements.get(db);
  if (!cache) statements.set(db, (cache = new Map()));
  let statement = cache.get(sql);
  if (!statement) {
    if (cache.size >= MAX_CACHED_STATEMENTS) cache.delete(cache.keys().next().value!);
    statement = db.prepare(sql);
    cache.set(sql, statement);
  }
  return statement;
}

/** A metadata value written by the ingest (`as_of`, `counts`, `sources`, `built_at`). */
export function metaValue(key: string): string | null {
  return MetaValue.parse(marketDb().prepare("SELECT value FROM meta WHERE key = ?").pluck().get(key)) ?? null;
}

/**
 * The build's id: a digest of its meta rows, which a build writes once (with its time). Every copy
 * of one database file has the same id; two builds never do. Instances behind one balancer should
 * all report the same.
 */
export function buildId(): string {
  const rows = MetaRows.parse(marketDb().prepare("SELECT key, value FROM meta ORDER BY key").raw().all());
  return createHash("sha256").update(JSON.stringify(rows)).digest("hex").slice(0, 16);
}
