import { createWriteStream, mkdirSync } from "node:fs";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { constants, createBrotliCompress } from "node:zlib";
import yauzl from "yauzl";
import { SyncError } from "./sync-error";

const COMPANY_FILE = /^CIK\d{10}\.json$/;

/**
 * Extracts SEC's bulk `companyfacts.zip` into `dir` as `CIK##########.json.br`, one entry at a time
 * (the zip is read from disk, never held in memory; each entry is streamed through Brotli, at a
 * quality that keeps pace with inflating). Returns the number of companies. A zip that is not one,
 * or an entry that does not inflate, is a SyncError naming the zip.
 */
export async function extractCompanyFacts(zipPath: string, dir: string, onCompany: (companies: number) => void): Promise<number> {
  mkdirSync(dir, { recursive: true });
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.open(zipPath, { lazyEntries: true, autoClose: true }, (error, file) => (error ? reject(corrupt(zipPath, error)) : resolve(file))),
  );
  let companies = 0;
  return new Promise<number>((resolve, reject) => {
    const fail = (error: Error) => {
      zip.close();
      reject(corrupt(zipPath, error));
    };
    zip.on("error", fail);
    zip.on("end", () => resolve(companies));
    zip.on("entry", (entry: yauzl.Entry) => {
      const name = path.basename(entry.fileName);
      if (!COMPANY_FILE.test(name)) return zip.readEntry();
      zip.openReadStream(entry, (error, stream) => {
        if (error) return fail(error);
        const brotli = createBrotliCompress({ params: { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_SIZE_HINT]: entry.uncompressedSize } });
        pipeline(stream, brotli, createWriteStream(path.join(dir, `${name}.br`))).then(() => {
          onCompany(++companies);
          zip.readEntry();
        }, fail);
      });
    });
    zip.readEntry();
  });
}

const corrupt = (zipPath: string, error: Error) => new SyncError(`${zipPath} is not a valid companyfacts zip (${error.message})`);
