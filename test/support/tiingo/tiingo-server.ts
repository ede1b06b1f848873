import { readFileSync, readdirSync } from "node:fs";
import { type IncomingMessage, type ServerResponse, createServer } from "node:http";
import path from "node:path";
import yaml from "js-yaml";
import { z } from "zod";
import { TiingoBar } from "@/lib/sync/tiingo";

/** The recorded Tiingo responses (test/fixtures/tiingo/README.md: vcrpy cassettes of tiingo-python, MIT). */
const CASSETTES = "test/fixtures/tiingo";

const Cassette = z.object({
  interactions: z.array(
    z.object({
      request: z.object({ method: z.string(), uri: z.string() }),
      response: z.object({
        status: z.object({ code: z.int() }),
        headers: z.record(z.string(), z.array(z.union([z.string(), z.number()]))),
        body: z.object({ string: z.union([z.string(), z.instanceof(Buffer), z.instanceof(Uint8Array)]) }),
      }),
    }),
  ),
});

export interface Recorded {
  /** Path and query as the cassette recorded them. */
  target: string;
  status: number;
  contentType: string;
  body: Buffer;
}

/** Every recorded interaction of the cassettes, by path and query. */
export function recordedResponses(): Map<string, Recorded> {
  const responses = new Map<string, Recorded>();
  for (const file of readdirSync(CASSETTES).filter((f) => f.endsWith(".yaml"))) {
    const cassette = Cassette.parse(yaml.load(readFileSync(path.join(CASSETTES, file), "utf8")));
    for (const { request, response } of cassette.interactions) {
      const url = new URL(request.uri);
      const header = Object.entries(response.headers).find(([name]) => name.toLowerCase() === "content-type")?.[1][0];
      const body = response.body.string;
      responses.set(url.pathname + url.search, {
        target: url.pathname + url.search,
        status: response.status.code,
        contentType: String(header ?? "application/octet-stream"),
        body: typeof body === "string" ? Buffer.from(body) : Buffer.from(body),
      });
    }
  }
  return responses;
}

/** Every daily bar the recordings hold, by ticker, oldest first (one per day). */
export function recordedBars(responses = recordedResponses()): Map<string, TiingoBar[]> {
  const bars = new Map<string, Map<string, TiingoBar>>();
  for (const r of responses.values()) {
    const match = /^\/tiingo\/daily\/([^/]+)\/prices\?(.*)$/.exec(r.target);
    if (!match || r.status !== 200 || !new URLSearchParams(match[2]).get("resampleFreq")?.startsWith("daily") || !r.contentType.includes("json")) continue;
    const byDate = bars.get(match[1]!) ?? new Map<string, TiingoBar>();
    for (const bar of TiingoBar.array().parse(JSON.parse(r.body.toString("utf8")))) byDate.set(bar.date.slice(0, 10), bar);
    bars.set(match[1]!, byDate);
  }
  return new Map([...bars].map(([ticker, byDate]) => [ticker, [...byDate.values()].sort((a, b) => (a.date < b.date ? -1 : 1))]));
}

export interface TiingoServer {
  /** PRICES_API_URL for the client. */
  url: string;
  /** Requests received: path, query and whether the key was right. */
  requests: { path: string; query: string; authorized: boolean; at: number }[];
  /** The provider's latest day: bars after it are not served yet (the evening of that day). */
  through(date: string | null): void;
  /** Bars for a ticker besides the recorded ones (the test says where they come from). */
  serveBars(ticker: string, bars: readonly Record<string, unknown>[]): void;
  /** The next `times` requests for the ticker are answered `status` with `Retry-After`. */
  failNext(ticker: string, status: number, times: number, retryAfter?: string): void;
  /** The next request for the ticker gets `body` (status 200) instead. */
  answerNext(ticker: string, body: string): void;
  stop(): Promise<void>;
}

/**
 * A local stand-in for Tiingo's end-of-day API: `GET /tiingo/daily/<ticker>/prices` with the key in
 * an `Authorization: Token` header (401 otherwise), and the recorded ticker list at
 * `/docs/tiingo/daily/supported_tickers.zip` (apimedia's path). A request whose path and query a cassette
 * recorded is answered with the recorded bytes; any other range of a recorded ticker with its
 * recorded bars in the range, as Tiingo writes them; an unknown ticker with 404.
 */
export async function startTiingoServer(apiKey: string): Promise<TiingoServer> {
  const recorded = recordedResponses();
  const bars = new Map<string, Record<string, unknown>[]>([...recordedBars(recorded)].map(([t, list]) => [t, list as Record<string, unknown>[]]));
  const failures = new Map<string, { status: number; times: number; retryAfter?: string }>();
  const answers = new Map<string, string>();
  const requests: TiingoServer["requests"] = [];
  let latest: string | null = null;

  const handle = (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? "/", "http://localhost");
    const authorized = req.headers.authorization === `Token ${apiKey}`;
    requests.push({ path: url.pathname, query: url.search, authorized, at: Date.now() });
    // The ticker list is a public file (apimedia.tiingo.com), served without a key.
    const file = url.pathname.startsWith("/docs/") ? recorded.get(url.pathname) : undefined;
    if (file) return void res.writeHead(file.status, { "Content-Type": file.contentType, "Content-Length": file.body.length }).end(file.body);
    if (!authorized) return void res.writeHead(401, { "Content-Type": "application/json" }).end();
    const match = /^\/tiingo\/daily\/([^/]+)\/prices$/.exec(url.pathname);
    if (!match) return void res.writeHead(404).end();
    const ticker = decodeURIComponent(match[1]!).toUpperCase();
    const failure = failures.get(ticker);
    if (failure && failure.times > 0) {
      failure.times--;
      return void res.writeHead(failure.status, failure.retryAfter === undefined ? {} : { "Retry-After": failure.retryAfter }).end();
    }
    const answer = answers.get(ticker);
    if (answer !== undefined) {
      answers.delete(ticker);
      return void res.writeHead(200, { "Content-Type": "application/json" }).end(answer);
    }
    const exact = recorded.get(url.pathname + url.search);
    if (exact && latest === null) return void res.writeHead(exact.status, { "Content-Type": exact.contentType }).end(exact.body);
    const list = bars.get(ticker);
    if (!list) return void res.writeHead(404).end();
    const from = url.searchParams.get("startDate") ?? "0000";
    const to = url.searchParams.get("endDate") ?? latest ?? "9999";
    const inRange = list.filter((b) => String(b.date).slice(0, 10) >= from && String(b.date).slice(0, 10) <= to && (latest === null || String(b.date).slice(0, 10) <= latest));
    res.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify(inRange));
  };

  const server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    through: (date) => void (latest = date),
    serveBars: (ticker, list) => void bars.set(ticker, [...list]),
    failNext: (ticker, status, times, retryAfter) => void failures.set(ticker, { status, times, retryAfter }),
    answerNext: (ticker, body) => void answers.set(ticker, body),
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
