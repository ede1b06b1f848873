import { mkdtempSync, readFileSync, rmSync, unlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { buildInProgress, buildingMarker } from "@/lib/db/build-marker";
import { buildDatabase } from "./build-database";
import { BundledFileError, readBrotliText, writeBrotli } from "./compressed-files";
import { silentProgress } from "./progress";
import { copyDataWithMarketOf } from "@/test/support/ingest/data-copy";

const work = mkdtempSync(path.join(tmpdir(), "ingest-test-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** A private copy of the bundled data to damage, its whole market a few symbols (each build stops at the damage, or builds in less time). */
const copyData = (name: string) => copyDataWithMarketOf(path.join(work, name), { marketSymbols: ["AAPL", "KO", "DE"] });

const build = (dataDir: string) => () =>
  buildDatabase({ dataDir, databasePath: path.join(work, `${path.basename(dataDir)}.db`), progress: silentProgress });

// Each test copies the data and builds until the damage: a minute or more on a loaded 2-core machine.
describe("a corrupt or missing bundled file", { timeout: 240_000 }, () => {
  it("stops the ingest naming the file and row, and leaves the previous database in place", () => {
    const dataDir = copyData("data");
    const file = path.join(dataDir, "kaggle", "fundamentals.csv.br");
    const lines = readBrotliText(file).split("\n");
    const revenue = lines[0]!.split(",").indexOf("Total Revenue");
    const cells = lines[5]!.split(",");
    cells[revenue] = "12x4";
    lines[5] = cells.join(",");
    writeBrotli(file, lines.join("\n"));
    const databasePath = path.join(work, "screener.db");
    writeFileSync(databasePath, "previous database");

    let error: unknown;
    try {
      buildDatabase({ dataDir, databasePath, progress: silentProgress });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(BundledFileError);
    expect((error as Error).message).toMatch(/fundamentals\.csv\.br: row 6: Total Revenue "12x4" is not a number/);
    expect(readFileSync(databasePath, "utf8")).toBe("previous database");
  });

  it("names a truncated file", () => {
    const dataDir = copyData("data-truncated");
    const file = path.join(dataDir, "financedatabase", "equities.csv.br");
    writeFileSync(file, readFileSync(file).subarray(0, 1000));
    expect(build(dataDir)).toThrow(/equities\.csv\.br: is not a valid Brotli file/);
  });

  it("names a missing file", () => {
    const dataDir = copyData("data-missing");
    unlinkSync(path.join(dataDir, "prices", "daily-2011-2021.csv.br"));
    expect(build(dataDir)).toThrow(/prices\/daily-2011-2021\.csv\.br: cannot be read \(ENOENT\)/);
  });

  it("names a companyfacts file that is not valid JSON", () => {
    const dataDir = copyData("data-bad-json");
    const file = path.join(dataDir, "sec", "companyfacts", "CIK0000320193.json.br");
    writeBrotli(file, readBrotliText(file).slice(0, 5000));
    expect(build(dataDir)).toThrow(/companyfacts\/CIK0000320193\.json\.br: is not valid JSON \(/);
  });
});

describe("the building marker", () => {
  it("means a build is running only while the process it names is alive", () => {
    const databasePath = path.join(work, "marker.db");
    expect(buildInProgress(databasePath)).toBe(false);
    writeFileSync(buildingMarker(databasePath), String(process.pid));
    expect(buildInProgress(databasePath)).toBe(true);
    // A build that was killed leaves its marker behind: a pid no process has.
    writeFileSync(buildingMarker(databasePath), "2147483646");
    expect(buildInProgress(databasePath)).toBe(false);
    writeFileSync(buildingMarker(databasePath), "not a pid");
    expect(buildInProgress(databasePath)).toBe(false);
  });
});
