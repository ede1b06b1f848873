import { readFileSync, writeFileSync } from "node:fs";
import { brotliCompressSync, brotliDecompressSync, constants } from "node:zlib";

/**
 * The bundled data files are Brotli-compressed (`.br`): with a 16 MiB window Brotli stores the
 * FinanceBench pages in 17 MB where gzip needs 45 MB, because filings repeat each other a lot.
 */
export function writeBrotli(path: string, text: string): number {
  const raw = Buffer.from(text, "utf8");
  const compressed = brotliCompressSync(raw, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: 9,
      [constants.BROTLI_PARAM_LGWIN]: 24,
      [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
    },
  });
  writeFileSync(path, compressed);
  return compressed.length;
}

export class BundledFileError extends Error {
  constructor(
    readonly file: string,
    message: string,
  ) {
    super(`${file}: ${message}`);
    this.name = "BundledFileError";
  }
}

/** Reads a bundled `.br` file as text; a missing or corrupt file names itself in the error. */
export function readBrotliText(path: string): string {
  let compressed: Buffer;
  try {
    compressed = readFileSync(path);
  } catch (error) {
    throw new BundledFileError(path, `cannot be read (${(error as NodeJS.ErrnoException).code ?? "error"})`);
  }
  try {
    return brotliDecompressSync(compressed).toString("utf8");
  } catch {
    throw new BundledFileError(path, "is not a valid Brotli file (corrupt or truncated)");
  }
}

/** Reads a bundled `.br` JSON file; invalid JSON names the file and the parser's position. */
export function readBrotliJson<T>(path: string): T {
  const text = readBrotliText(path);
  try {
    return JSON.parse(text) as T;
  } catch (error) {
    throw new BundledFileError(path, `is not valid JSON (${(error as Error).message})`);
  }
}

/** Parses JSON Lines, naming the file and line of the first bad row. */
export function parseJsonLines<T>(path: string, text: string): T[] {
  const rows: T[] = [];
  const lines = text.split("\n");
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.trim() === "") continue;
    try {
      rows.push(JSON.parse(line) as T);
    } catch {
      throw new BundledFileError(path, `line ${i + 1} is not valid JSON`);
    }
  }
  return rows;
}
