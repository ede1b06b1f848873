import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { buildDatabase } from "./build-database";
import { BundledFileError, readBrotliText, writeBrotli } from "./compressed-files";
import { silentProgress } from "./progress";

const work = mkdtempSync(path.join(tmpdir(), "ingest-test-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe("a corrupt bundled file", () => {
  it("stops the ingest naming the file and row, and leaves the previous database in place", () => {
    const dataDir = path.join(work, "data");
    cpSync("data", dataDir, { recursive: true });
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
    const dataDir = path.join(work, "data-truncated");
    cpSync("data", dataDir, { recursive: true });
    const file = path.join(dataDir, "financedatabase", "equities.csv.br");
    writeFileSync(file, readFileSync(file).subarray(0, 1000));
    expect(() => buildDatabase({ dataDir, databasePath: path.join(work, "other.db"), progress: silentProgress })).toThrow(
      /equities\.csv\.br: is not a valid Brotli file/,
    );
  });
});
