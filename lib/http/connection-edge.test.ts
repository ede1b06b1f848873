import { createServer, type RequestListener, type Server } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { Readable } from "node:stream";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { openRawConnection } from "@/test/support/raw-http";
import { CLIENT_ERROR_STATUSES, type ClientErrorAnswers } from "./client-error";
import { installConnectionEdge } from "./connection-edge";

// Plain Node HTTP servers in this process stand in for the one `next start` creates: the edge
// finds them the same way, through Node's diagnostics channels.
const ANSWERS = Object.fromEntries(
  CLIENT_ERROR_STATUSES.map((status) => [status, { contentType: "application/problem+json", body: JSON.stringify({ status }) }]),
) as ClientErrorAnswers;

beforeAll(() => installConnectionEdge({ keepAliveTimeoutMs: 7000, headersTimeoutMs: 200, responseIdleTimeoutMs: 1000, clientErrorAnswers: ANSWERS }));

const servers: Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

// A request still being answered when the refusal comes (a chunked body's bad chunk), as in Next.
const NEVER_ANSWER: RequestListener = () => {};

/** A server whose header timeout is checked every 50 ms (Node's default: every 30 s). */
async function serve(handler: RequestListener): Promise<{ server: Server; origin: string }> {
  const server = createServer({ connectionsCheckingInterval: 50 }, handler);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

async function refusal(origin: string, request: string) {
  const connection = await openRawConnection(origin);
  connection.send(request);
  const response = await connection.response();
  expect(await connection.closed).toEqual({ reset: false });
  return response;
}

describe("installConnectionEdge: Node's own refusals", () => {
  it.each([
    ["a malformed request line", "BR0KEN / HTTP/1.1\r\nHost: x\r\n\r\n", 400],
    ["headers over Node's 16 KiB", `GET / HTTP/1.1\r\nHost: x\r\nX-Pad: ${"a".repeat(20_000)}\r\n\r\n`, 431],
    ["chunk extensions over Node's limit", `POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n1;${"e".repeat(20_000)}\r\n`, 413],
  ])("answers %s with the given body, Connection: close, then closes", async (_, request, status) => {
    const { origin } = await serve(NEVER_ANSWER);
    const response = await refusal(origin, request);
    expect(response).toMatchObject({ status, headers: { "content-type": "application/problem+json", connection: "close" } });
    expect(JSON.parse(response.body)).toEqual({ status });
  });

  it("answers headers that do not arrive within the headers timeout with 408", async () => {
    const { origin } = await serve(NEVER_ANSWER);
    const response = await refusal(origin, "GET / HTTP/1.1\r\nHost: x\r\n");
    expect(response).toMatchObject({ status: 408, headers: { connection: "close" } });
    expect(JSON.parse(response.body)).toEqual({ status: 408 });
  });

  it("only closes a connection whose response has begun: a second status line would corrupt it", async () => {
    const { origin } = await serve((_, res) => res.writeHead(200, { "content-length": "10" }).write("half"));
    const connection = await openRawConnection(origin);
    connection.send("GET / HTTP/1.1\r\nHost: x\r\n\r\n");
    await expect.poll(() => connection.received()).toContain("half");
    connection.send("BR0KEN\r\n\r\n");
    await connection.closed;
    expect(connection.received()).toMatch(/^HTTP\/1\.1 200 OK\r\n[^]*\r\n\r\nhalf$/);
  });

  it("leaves a server that has a clientError listener of its own to it", async () => {
    const { server, origin } = await serve(NEVER_ANSWER);
    server.on("clientError", (_, socket: Socket) => socket.end("HTTP/1.1 400 Mine\r\nConnection: close\r\n\r\n"));
    const connection = await openRawConnection(origin);
    connection.send("BR0KEN\r\n\r\n");
    await connection.closed;
    expect(connection.received()).toBe("HTTP/1.1 400 Mine\r\nConnection: close\r\n\r\n");
  });
});

describe("installConnectionEdge: timeouts", () => {
  it("keeps idle connections open for the keep-alive timeout, and says so", async () => {
    const { server, origin } = await serve((_, res) => res.end("ok"));
    const connection = await openRawConnection(origin);
    connection.send("GET / HTTP/1.1\r\nHost: x\r\n\r\n");
    expect((await connection.response()).headers["keep-alive"]).toBe("timeout=7");
    expect({ keepAlive: server.keepAliveTimeout, headers: server.headersTimeout, idle: server.timeout }).toEqual({ keepAlive: 7000, headers: 200, idle: 1000 });
  });

  it("destroys a connection whose client does not read its answer, and frees the answer", async () => {
    let answerClosed!: (finished: boolean) => void;
    const finished = new Promise<boolean>((resolve) => (answerClosed = resolve));
    const { origin } = await serve((_, res) => {
      // 64 MB, produced as the socket takes it: far more than the kernel's buffers hold.
      const chunk = Buffer.alloc(1 << 20, 97);
      Readable.from(Array.from({ length: 64 }, () => chunk)).pipe(res);
      res.on("close", () => answerClosed(res.writableFinished));
    });
    const connection = await openRawConnection(origin);
    connection.socket.pause();
    connection.send("GET / HTTP/1.1\r\nHost: x\r\n\r\n");
    expect(await finished).toBe(false);
    connection.socket.destroy();
  });
});
