import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
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
});
