import { createWriteStream, existsSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { once } from "node:events";
import { Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import { z } from "zod";
import { RateGate } from "./rate-gate";
import { RETRYABLE, backoff } from "./retry";
import { SyncError } from "./sync-error";

export interface DownloaderOptions {
  userAgent: string;
  /** Request starts per second, at most: SEC allows 10; the default, 8, leaves a quarter second in ten requests for jitter on the way (a loaded machine delayed one arrival by 145 ms). */
  requestsPerSecond?: number;
  /** Further attempts after a 429, a 5xx or a dropped connection. */
  retries?: number;
  /** The first wait before a retry; it doubles with each attempt (a Retry-After header wins). */
  retryBaseMs?: number;
  /** Called with each chunk's size as it arrives (the progress line's bytes). */
  onBytes?: (bytes: number) => void;
  /** The wait after SEC's "Request Rate Threshold Exceeded" page (SEC: access is limited for 10 minutes). */
  throttleWaitMs?: number;
}

/** SEC's throttle page (test/fixtures/edgar/rate-exceeded.html), sent instead of the file asked for. */
const THROTTLE_MARKER = "Request Rate Threshold Exceeded";
/** A page at most this long is read to see whether it is the throttle page (it is about 3 KB). */
const THROTTLE_PAGE_MAX_BYTES = 64 * 1024;
const TEN_MINUTES = 600_000;

export interface Download {
  url: string;
  file: string;
  /**
   * `not-modified`: the server confirmed the copy on disk (304); `resumed`: the rest of a partial
   * file was fetched; `absent`: an optional file the server does not have (404), any old copy removed.
   */
  outcome: "downloaded" | "resumed" | "not-modified" | "absent";
  /** Bytes received in this run. */
  bytes: number;
}

/** What the server said about a file, kept beside it (`<file>.http.json`) to ask again conditionally or resume. */
const Validators = z.object({ etag: z.string().nullable(), lastModified: z.string().nullable() });
type Validators = z.infer<typeof Validators>;

/**
 * Downloads files politely: a declared User-Agent on every request, a bounded request rate, retries
 * with exponential backoff on 429 and 5xx, and resumable transfers. A file arrives as `<file>.part`
 * and is renamed when complete; a partial file is resumed with `Range` (and `If-Range`, so a changed
 * file starts over), a complete one is asked for with `If-None-Match` / `If-Modified-Since`.
 */
export class Downloader {
  private readonly gate: RateGate;

  constructor(private readonly options: DownloaderOptions) {
    this.gate = new RateGate(options.requestsPerSecond ?? 8);
  }

  /** `optional`: a 404 is an `absent` outcome (and an old copy of the file is removed) instead of an error. */
  async download(url: string, file: string, { optional = false } = {}): Promise<Download> {
    const retries = this.options.retries ?? 5;
    let bytes = 0;
    let resumed = false;
    for (let attempt = 0; ; attempt++) {
      const part = `${file}.part`;
      const validators = readValidators(file);
      const partial = existsSync(part) && validators?.etag ? statSync(part).size : 0;
      const headers: Record<string, string> = { "User-Agent": this.options.userAgent, "Accept-Encoding": "identity" };
      if (partial > 0 && validators?.etag) {
        headers.Range = `bytes=${partial}-`;
        headers["If-Range"] = validators.etag;
      } else if (existsSync(file) && validators) {
        if (validators.etag) headers["If-None-Match"] = validators.etag;
        if (validators.lastModified) headers["If-Modified-Since"] = validators.lastModified;
      }
      await this.gate.wait();
      let response: Response;
      try {
        response = await fetch(url, { headers });
      } catch (error) {
        if (attempt >= retries) throw new SyncError(`${url}: ${(error as Error).message} after ${attempt + 1} attempts`);
        await backoff(attempt, null, this.options.retryBaseMs ?? 1000);
        continue;
      }
      if (response.status === 304) return { url, file, outcome: "not-modified", bytes };
      if (response.status === 403) {
        if (!(await response.text()).includes(THROTTLE_MARKER)) throw new SyncError(`${url}: HTTP 403`);
        await this.throttled(url, attempt, retries);
        continue;
      }
      if (RETRYABLE(response.status)) {
        await response.body?.cancel();
        if (attempt >= retries) throw new SyncError(`${url}: HTTP ${response.status} after ${attempt + 1} attempts`);
        await backoff(attempt, response.headers.get("retry-after"), this.options.retryBaseMs ?? 1000);
        continue;
      }
      if (optional && response.status === 404) {
        await response.body?.cancel();
        for (const stale of [file, `${file}.part`, validatorsFile(file)]) rmSync(stale, { force: true });
        return { url, file, outcome: "absent", bytes };
      }
      if (response.status !== 200 && response.status !== 206) {
        await response.body?.cancel();
        throw new SyncError(`${url}: HTTP ${response.status}`);
      }
      const append = response.status === 206;
      resumed ||= append;
      writeValidators(file, { etag: response.headers.get("etag"), lastModified: response.headers.get("last-modified") });
      try {
        bytes += await this.receive(response, part, append);
      } catch (error) {
        // The part received so far stays on disk; the next attempt (or run) asks for the rest.
        if (attempt >= retries) throw new SyncError(`${url}: transfer interrupted (${(error as Error).message}); run the sync again to resume`);
        await backoff(attempt, null, this.options.retryBaseMs ?? 1000);
        continue;
      }
      if (isThrottlePage(part, response)) {
        rmSync(part, { force: true });
        await this.throttled(url, attempt, retries);
        continue;
      }
      renameSync(part, file);
      return { url, file, outcome: resumed ? "resumed" : "downloaded", bytes };
    }
  }

  /** SEC limits a client that went over 10 requests a second for 10 minutes: wait them out, as a 429. */
  private async throttled(url: string, attempt: number, retries: number): Promise<void> {
    if (attempt >= retries) throw new SyncError(`${url}: SEC's request rate threshold exceeded after ${attempt + 1} attempts; run the sync again later: it resumes`);
    await new Promise((resolve) => setTimeout(resolve, this.options.throttleWaitMs ?? TEN_MINUTES));
  }

  private async receive(response: Response, part: string, append: boolean): Promise<number> {
    if (!response.body) throw new Error("empty response");
    // A compressed body's length is not the length of what fetch hands over.
    const expected = response.headers.has("content-encoding") ? Number.NaN : Number(response.headers.get("content-length") ?? Number.NaN);
    let received = 0;
    const count = new Transform({
      transform: (chunk: Buffer, _encoding, done) => {
        received += chunk.length;
        this.options.onBytes?.(chunk.length);
        done(null, chunk);
      },
    });
    if (!append) rmSync(part, { force: true });
    const out = createWriteStream(part, { flags: append ? "a" : "w" });
    try {
      await pipeline(chunks(response.body), count, out);
    } catch (error) {
      // A write still under way lands before the part's size is read to resume from it.
      if (!out.closed) await once(out, "close");
      throw new Error((error as Error).message || "connection closed");
    }
    if (Number.isFinite(expected) && received !== expected) throw new Error(`received ${received} of ${expected} bytes`);
    return received;
  }
}

/** A fetch body's chunks, read as they arrive (pipeline waits for the file to take each). */
async function* chunks(body: ReadableStream<Uint8Array>): AsyncGenerator<Uint8Array> {
  const reader = body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    yield value;
  }
}

const validatorsFile = (file: string) => `${file}.http.json`;

function readValidators(file: string): Validators | null {
  if (!existsSync(validatorsFile(file))) return null;
  try {
    const parsed = Validators.safeParse(JSON.parse(readFileSync(validatorsFile(file), "utf8")));
    return parsed.success ? parsed.data : null;
  } catch {
    // An unreadable note only costs a full download.
    return null;
  }
}

function writeValidators(file: string, validators: Validators): void {
  writeFileSync(validatorsFile(file), JSON.stringify(validators));
}

/** Whether a small HTML body just received is SEC's throttle page, which it has also sent with status 200. */
function isThrottlePage(part: string, response: Response): boolean {
  if (!(response.headers.get("content-type") ?? "").includes("html") || statSync(part).size > THROTTLE_PAGE_MAX_BYTES) return false;
  return readFileSync(part, "utf8").includes(THROTTLE_MARKER);
}
