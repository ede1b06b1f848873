/**
 * The append round trip on a copy of the built database (`npm run ingest`): its last trading day
 * removed, then appended back from the removed rows, gives the original rows, column by column,
 * and the same values of the day; a reader that opened the file before sees the old state until it
 * reopens.
 */
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { silentProgress } from "@/lib/ingest/progress";
import { computeDayValues } from "@/lib/market/day-values";
import { copyWithoutDaysFrom, differencesOn } from "@/test/support/sync/remove-days";
import { type AppendReport, appendDays } from "./append-days";
import type { CompanyDays } from "./append-plan";

const ORIGINAL = path.resolve("var/screener.db");
const work = mkdtempSync(path.join(tmpdir(), "append-days-"));
const copy = path.join(work, "screener.db");
let original: Database.Database;
let day: string;
let input: CompanyDays[];
let before: Database.Database;
let report: AppendReport;

const rowsOn = (db: Database.Database, date: string) => db.prepare("SELECT count(*) FROM daily_prices WHERE date = ?").pluck().get(date);
const asOfMax = (db: Database.Database) => db.prepare("SELECT value FROM meta WHERE key = 'as_of_max'").pluck().get();

beforeAll(() => {
  original = new Database(ORIGINAL, { readonly: true });
  day = String(original.prepare("SELECT max(date) FROM daily_prices").pluck().get());
  input = copyWithoutDaysFrom(ORIGINAL, copy, day);
  // A reader of the database before the append, as the app's connection is.
  before = new Database(copy, { readonly: true });
  expect(rowsOn(before, day)).toBe(0);
  report = appendDays(copy, input, silentProgress);
});

afterAll(() => {
  for (const db of [original, before]) db.close();
  rmSync(work, { recursive: true, force: true });
});

describe("appendDays: the last trading day removed and appended back", () => {
  it("appends every company priced on the day", () => {
    expect(input.length).toBe(rowsOn(original, day));
    expect(report).toMatchObject({ companies: input.length, rows: input.length, overlapDays: 0, refused: [], newTradingDays: [day], asOfMax: day, replaced: true });
  });

  it("gives back the original rows, every column, and the day's benchmark and trading day", () => {
    expect(differencesOn(copy, ORIGINAL, day)).toEqual({ prices: [], benchmark: [], tradingDays: [], pricesTo: [] });
    const appended = new Database(copy, { readonly: true });
    expect(appended.prepare("SELECT count(*) FROM daily_prices").pluck().get()).toBe(original.prepare("SELECT count(*) FROM daily_prices").pluck().get());
    expect(asOfMax(appended)).toBe(asOfMax(original));
    expect(computeDayValues(appended, day)).toEqual(computeDayValues(original, day));
    appended.close();
  });

  it("leaves a reader of the old file on the old state until it reopens", () => {
    expect(rowsOn(before, day)).toBe(0);
    expect(asOfMax(before)).not.toBe(day);
  });

  it("refuses what does not extend a stored history, and writes nothing then", () => {
    const [agreeing, other] = input;
    const disagreeing = { ...other!, days: [{ ...other!.days[0]!, close: other!.days[0]!.close * 2 }] };
    const { ino } = statSync(copy);
    const again = appendDays(copy, [agreeing!, disagreeing, agreeing!], silentProgress);
    expect(statSync(copy).ino).toBe(ino);
    expect(again).toMatchObject({ rows: 0, overlapDays: 1, replaced: false });
    expect(again.refused).toEqual([
      { companyId: other!.companyId, date: day, reason: expect.stringContaining("disagrees with the stored") },
      { companyId: agreeing!.companyId, date: day, reason: "a second series for the company" },
    ]);
  });
});

describe("the app's connection (lib/db/market-db.ts)", () => {
  it("keeps the old file until its next check, then reads the appended one", async () => {
    const replaced = path.join(work, "app.db");
    copyWithoutDaysFrom(ORIGINAL, replaced, day);
    vi.stubEnv("DATABASE_PATH", replaced);
    const { marketDb } = await import("@/lib/db/market-db");
    const now = vi.spyOn(Date, "now");
    now.mockReturnValue(1_000_000);
    const old = marketDb();
    appendDays(replaced, input, silentProgress);
    expect(rowsOn(marketDb(), day)).toBe(0);
    now.mockReturnValue(1_002_000);
    expect(marketDb()).not.toBe(old);
    expect(rowsOn(marketDb(), day)).toBe(input.length);
    now.mockRestore();
    vi.unstubAllEnvs();
  });
});
