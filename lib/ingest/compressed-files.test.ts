import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { BundledFileError, parseJsonLines, readBrotliJson, readBrotliText, writeBrotli } from "./compressed-files";

const work = mkdtempSync(path.join(tmpdir(), "compressed-files-test-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** The error `read` throws (fails the test when it throws none). */
function errorOf(read: () => unknown): BundledFileError {
  try {
    read();
  } catch (error) {
    expect(error).toBeInstanceOf(BundledFileError);
    return error as BundledFileError;
  }
  throw new Error("expected a BundledFileError");
}

describe("bad bundled files name themselves", () => {
  it("a missing file", () => {
    const file = path.join(work, "daily-2011-2021.csv.br");
    const error = errorOf(() => readBrotliText(file));
    expect(error.file).toBe(file);
    expect(error.message).toBe(`${file}: cannot be read (ENOENT)`);
  });

  it("a file that is not Brotli", () => {
    const file = path.join(work, "equities.csv.br");
    writeFileSync(file, "symbol,name\nAAPL,Apple Inc.\n");
    expect(errorOf(() => readBrotliText(file)).message).toBe(`${file}: is not a valid Brotli file (corrupt or truncated)`);
  });

  it("a JSON file cut short", () => {
    const file = path.join(work, "CIK0000320193.json.br");
    writeBrotli(file, '{"cik": 320193, "entityName": "Apple Inc.", "facts": {"us-gaap": {');
    const { message } = errorOf(() => readBrotliJson(file));
    expect(message.startsWith(`${file}: is not valid JSON (`)).toBe(true);
    writeBrotli(file, '{"cik": 320193}');
    expect(readBrotliJson(file)).toEqual({ cik: 320193 });
  });

  it("a bad JSON Lines row, with its line", () => {
    const file = "filings/financebench-pages.jsonl.br";
    expect(parseJsonLines(file, '{"a": 1}\n\n{"a": 2}\n')).toEqual([{ a: 1 }, { a: 2 }]);
    expect(errorOf(() => parseJsonLines(file, '{"a": 1}\n{"a": 2\n')).message).toBe(`${file}: line 2 is not valid JSON`);
  });
});
