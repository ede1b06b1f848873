import type { Socket } from "node:net";
import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { NEVER_ANSWER, edgeServers } from "@/test/support/http/edge-servers";
import { openRawConnection } from "@/test/support/raw-http";

// A headers timeout no loaded machine reaches before a request's headers arrive (CI once saw a 408
// at 200 ms); the 408 test has its own file with a short one.
const { serve, refusal } = edgeServers(10_000);

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
    expect({ keepAlive: server.keepAliveTimeout, headers: server.headersTimeout, idle: server.timeout }).toEqual({ keepAlive: 7000, headers: 10_000, idle: 1000 });
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
