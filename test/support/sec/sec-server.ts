import { createHash } from "node:crypto";
import { readFileSync, readdirSync } from "node:fs";
import { type IncomingMessage, type ServerResponse, createServer } from "node:http";
import path from "node:path";
import { brotliDecompressSync } from "node:zlib";
import { BULK_COMPANYFACTS_PATH, COMPANY_TICKERS_EXCHANGE_PATH, COMPANY_TICKERS_PATH, companyFactsPath } from "@/lib/sync/sync-sec";
import { zipFiles } from "./zip-writer";

/** SEC's company_tickers_exchange.json of 2023-05-26 (test/fixtures/sec/SOURCE.md). */
export const TICKERS_EXCHANGE_FIXTURE = "test/fixtures/sec/company_tickers_exchange.json.br";

/** The real SEC files the project ships: the bundled companyfacts and tickers, and the test fixtures (Snowflake, a 20-F filer). */
const COMPANYFACTS_DIRS = ["data/sec/companyfacts", "test/fixtures/sec"];

export function shippedCompanyFacts(): Map<number, Buffer> {
  const files = new Map<number, Buffer>();
  for (const dir of COMPANYFACTS_DIRS) {
    for (const f of readdirSync(dir).filter((name) => /^CIK\d{10}\.json\.br$/.test(name))) {
      files.set(Number(f.slice(3, 13)), brotliDecompressSync(readFileSync(path.join(dir, f))));
    }
  }
  return files;
}

export interface RecordedRequest {
  path: string;
  userAgent: string | undefined;
  headers: IncomingMessage["headers"];
  /** When the request arrived (ms since the epoch). */
  at: number;
  status: number;
}

export interface SecServer {
  /** Serves as both www.sec.gov (SEC_ARCHIVES_URL) and data.sec.gov (SEC_DATA_URL). */
  url: string;
  requests: RecordedRequest[];
  /** The next `times` requests for `path` are answered `status` (429 with Retry-After: 0, or a 5xx). */
  failNext(path: string, status: number, times: number): void;
  /** The next `times` requests for `path` get SEC's throttle page (test/fixtures/edgar/rate-exceeded.html) with `status` (SEC has sent it with 403 and with 200). */
  throttleNext(path: string, status: 403 | 200, times: number): void;
  /** The next full response for `path` sends `bytes` bytes of the body and then drops the connection. */
  cutNext(path: string, bytes: number): void;
  /** Replaces the body served at `path` (a new version: a new ETag). */
  serve(path: string, body: Buffer): void;
  /** Stops serving `path` (404 from then on). */
  remove(path: string): void;
  stop(): Promise<void>;
}

/**
 * A local stand-in for SEC EDGAR, laid out as SEC lays its files out: per-company companyfacts on
 * `/api/xbrl/companyfacts/`, `company_tickers.json` on `/files/`, and the bulk zip (built from the
 * shipped companyfacts) on `/Archives/edgar/daily-index/xbrl/`, company_tickers_exchange.json
 * beside company_tickers.json. It answers conditional requests
 * (ETag) and byte ranges like a CDN, and records every request.
 */
export async function startSecServer(): Promise<SecServer> {
  const bodies = new Map<string, Buffer>();
  const companies = shippedCompanyFacts();
  for (const [cik, body] of companies) bodies.set(companyFactsPath(cik), body);
  bodies.set(COMPANY_TICKERS_PATH, brotliDecompressSync(readFileSync("data/sec/company_tickers.json.br")));
  bodies.set(COMPANY_TICKERS_EXCHANGE_PATH, brotliDecompressSync(readFileSync(TICKERS_EXCHANGE_FIXTURE)));
  bodies.set(BULK_COMPANYFACTS_PATH, zipFiles(new Map([...companies].map(([cik, body]) => [`CIK${String(cik).padStart(10, "0")}.json`, body]))));
  const failures = new Map<string, { status: number; times: number; throttlePage?: boolean }>();
  const throttlePage = readFileSync("test/fixtures/edgar/rate-exceeded.html");
  const cuts = new Map<string, number>();
  const requests: RecordedRequest[] = [];

  const handle = (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? "/", "http://localhost");
    const record = (status: number) => requests.push({ path: url.pathname, userAgent: req.headers["user-agent"], headers: req.headers, at: Date.now(), status });
    const failure = failures.get(url.pathname);
    if (failure && failure.times > 0) {
      failure.times--;
      record(failure.status);
      if (failure.throttlePage) res.writeHead(failure.status, { "Content-Type": "text/html", "Content-Length": throttlePage.length }).end(throttlePage);
      else res.writeHead(failure.status, { "Retry-After": "0" }).end();
      return;
    }
    const body = bodies.get(url.pathname);
    if (!body) {
      record(404);
      res.writeHead(404).end();
      return;
    }
    const etag = `"${createHash("sha1").update(body).digest("hex")}"`;
    if (req.headers["if-none-match"] === etag) {
      record(304);
      res.writeHead(304, { ETag: etag }).end();
      return;
    }
    const range = /^bytes=(\d+)-$/.exec(req.headers.range ?? "");
    if (range && req.headers["if-range"] === etag && Number(range[1]) < body.length) {
      const start = Number(range[1]);
      record(206);
      res.writeHead(206, { ETag: etag, "Content-Length": body.length - start, "Content-Range": `bytes ${start}-${body.length - 1}/${body.length}` });
      res.end(body.subarray(start));
      return;
    }
    record(200);
    res.writeHead(200, { ETag: etag, "Content-Length": body.length, "Accept-Ranges": "bytes" });
    const cut = cuts.get(url.pathname);
    if (cut !== undefined) {
      cuts.delete(url.pathname);
      // Cut a moment after the bytes left: the client's fetch drops body chunks it has not read
      // yet when the connection errors, so a cut at once could leave nothing to resume from on a
      // busy machine.
      res.write(body.subarray(0, cut), () => setTimeout(() => res.destroy(), 250));
      return;
    }
    res.end(body);
  };

  // Idle connections stay open until stop(): a test that blocks the event loop (spawnSync) would
  // otherwise let the server's keep-alive timer close a socket the client is about to reuse (ECONNRESET).
  const server = createServer({ keepAliveTimeout: 0 }, handle);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (address === null || typeof address === "string") throw new Error("the SEC server has no TCP address");
  return {
    url: `http://127.0.0.1:${address.port}`,
    requests,
    failNext: (p, status, times) => failures.set(p, { status, times }),
    throttleNext: (p, status, times) => failures.set(p, { status, times, throttlePage: true }),
    cutNext: (p, bytes) => cuts.set(p, bytes),
    serve: (p, body) => bodies.set(p, body),
    remove: (p) => bodies.delete(p),
    stop: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
