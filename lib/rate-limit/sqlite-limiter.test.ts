import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import Database from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { openApiStateDb } from "@/lib/db/api-state-db";
import { sqliteRateLimiter } from "./sqlite-limiter";
import { limiterContract } from "@/test/support/rate-limit/limiter-contract";

const dir = mkdtempSync(path.join(tmpdir(), "sqlite-limiter-"));
const file = path.join(dir, "state.db");
const limiter = sqliteRateLimiter(openApiStateDb(file));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

limiterContract("SQLite limiter", () => limiter);

describe("SQLite limiter across processes", () => {
  it("admits exactly 30 when 4 processes sharing the state file race 80 requests", async () => {
    const run = promisify(execFile);
    const worker = path.join(import.meta.dirname, "..", "..", "test", "support", "rate-limit", "consume-worker.ts");
    const subject = `processes-${Date.now()}`;
    // All processes start at the same instant, after each has opened the file.
    const startAt = Date.now() + 2500;
    const outputs = await Promise.all(
      Array.from({ length: 4 }, () => run(process.execPath, ["--import", "tsx", worker, file, subject, "20", String(startAt)], { cwd: process.cwd() })),
    );
    const admitted = outputs.map((o) => Number(o.stdout.trim()));
    expect(admitted.reduce((a, b) => a + b, 0)).toBe(30);
  });

  it("prunes rows that left the window, and sweeps subjects that went quiet after a day", async () => {
    const db = openApiStateDb(":memory:");
    const own = sqliteRateLimiter(db);
    const count = (subject: string) => db.prepare("SELECT count(*) FROM rate_limit_log WHERE subject = ?").pluck().get(subject);
    const windows = [{ name: "minute", limit: 5, windowMs: 60_000 }];
    const t0 = Date.parse("2026-05-01T00:00:00Z");
    for (let i = 0; i < 5; i++) await own.consume("active", windows, t0 + i);
    for (let i = 0; i < 3; i++) await own.consume("quiet", windows, t0 + i);
    await own.consume("active", windows, t0 + 10 * 60_000);
    expect([count("active"), count("quiet")]).toEqual([1, 3]);
    await own.consume("active", windows, t0 + 86_400_000 + 10);
    expect([count("active"), count("quiet")]).toEqual([1, 0]);
  });

  it("upgrades a state file made before refunds: its requests still count, new ones can be refunded", async () => {
    const before = path.join(dir, "before-refunds.db");
    const t0 = Date.parse("2026-05-01T00:00:00Z");
    const old = new Database(before);
    old.exec("CREATE TABLE rate_limit_log (subject TEXT NOT NULL, at_ms INTEGER NOT NULL)");
    old.prepare("INSERT INTO rate_limit_log (subject, at_ms) VALUES ('key', ?)").run(t0);
    old.close();
    const own = sqliteRateLimiter(openApiStateDb(before));
    const windows = [{ name: "minute", limit: 2, windowMs: 60_000 }];
    const admitted = await own.consume("key", windows, t0 + 1);
    expect(admitted.policies[0]!.remaining).toBe(0);
    if (admitted.allowed) await own.refund(admitted.receipt);
    expect((await own.consume("key", windows, t0 + 2)).allowed).toBe(true);
    expect((await own.consume("key", windows, t0 + 3)).allowed).toBe(false);
    // Opening it again (another process, a restart) finds nothing left to do.
    expect(openApiStateDb(before).pragma("user_version", { simple: true })).toBe(5);
  });
});
