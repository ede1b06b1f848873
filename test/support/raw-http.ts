import { readFileSync } from "node:fs";
import { connect, type Socket } from "node:net";

/**
 * One TCP connection speaking HTTP/1.1 by hand, as a hostile client (or a load balancer's pooled
 * connection) does: requests are written as given, answers read as they come.
 */
export interface RawConnection {
  socket: Socket;
  send(data: string): void;
  /** The next whole answer on the connection (Content-Length or chunked); rejects if it closes first. */
  response(): Promise<RawResponse>;
  /** Everything received so far, as text. */
  received(): string;
  /** Settles when the connection closes: `reset` when it ended with an error (ECONNRESET) rather than the server's FIN. */
  closed: Promise<{ reset: boolean }>;
}

export interface RawResponse {
  status: number;
  /** Header names in lower case. */
  headers: Record<string, string>;
  body: string;
}

export async function openRawConnection(origin: string): Promise<RawConnection> {
  const { hostname, port } = new URL(origin);
  const socket = connect(Number(port), hostname);
  await new Promise<void>((resolve, reject) => socket.once("connect", resolve).once("error", reject));
  let buffer = Buffer.alloc(0);
  let consumed = 0;
  let reset = false;
  let wake = () => {};
  socket.on("data", (chunk: Buffer) => {
    buffer = Buffer.concat([buffer, chunk]);
    wake();
  });
  socket.on("error", () => (reset = true));
  const closed = new Promise<{ reset: boolean }>((resolve) =>
    socket.once("close", () => {
      wake();
      resolve({ reset });
    }),
  );
  return {
    socket,
    closed,
    send: (data) => void socket.write(data),
    received: () => buffer.toString("latin1"),
    async response() {
      for (;;) {
        const parsed = parseResponse(buffer.subarray(consumed));
        if (parsed !== null) {
          consumed += parsed.length;
          return parsed.response;
        }
        if (socket.destroyed) throw new Error(`the connection closed before a whole answer; received: ${JSON.stringify(buffer.subarray(consumed).toString("latin1").slice(0, 300))}`);
        await new Promise<void>((resolve) => (wake = resolve));
      }
    },
  };
}

/** The first whole answer in `bytes` and how many bytes it took, or null when it is not all there yet. */
export function parseResponse(bytes: Buffer): { response: RawResponse; length: number } | null {
  const headEnd = bytes.indexOf("\r\n\r\n");
  if (headEnd < 0) return null;
  const [statusLine, ...lines] = bytes.subarray(0, headEnd).toString("latin1").split("\r\n");
  const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(statusLine!)?.[1]);
  if (!Number.isInteger(status)) throw new Error(`not an HTTP/1.1 status line: ${statusLine}`);
  const headers = Object.fromEntries(lines.map((line) => [line.slice(0, line.indexOf(":")).toLowerCase(), line.slice(line.indexOf(":") + 1).trim()]));
  let offset = headEnd + 4;
  if (headers["transfer-encoding"] === "chunked") {
    const chunks: Buffer[] = [];
    for (;;) {
      const sizeEnd = bytes.indexOf("\r\n", offset);
      if (sizeEnd < 0) return null;
      const size = parseInt(bytes.subarray(offset, sizeEnd).toString("latin1"), 16);
      if (bytes.length < sizeEnd + 2 + size + 2) return null;
      chunks.push(bytes.subarray(sizeEnd + 2, sizeEnd + 2 + size));
      offset = sizeEnd + 2 + size + 2;
      if (size === 0) return { response: { status, headers, body: Buffer.concat(chunks).toString("utf8") }, length: offset };
    }
  }
  const length = Number(headers["content-length"] ?? 0);
  if (bytes.length < offset + length) return null;
  return { response: { status, headers, body: bytes.subarray(offset, offset + length).toString("utf8") }, length: offset + length };
}

const TCP_ESTABLISHED = "01";

/**
 * Whether the server still holds its end of a loopback connection open, from the kernel's table
 * (Linux `/proc/net/tcp`): how a test sees the server drop a connection whose client reads nothing.
 */
export function serverEndOpen(socket: Socket): boolean {
  const port = (n: number | undefined) => `:${n!.toString(16).toUpperCase().padStart(4, "0")}`;
  const [server, client] = [port(socket.remotePort), port(socket.localPort)];
  return readFileSync("/proc/net/tcp", "utf8")
    .split("\n")
    .some((line) => {
      const [, local, remote, state] = line.trim().split(/\s+/);
      return local?.endsWith(server) === true && remote?.endsWith(client) === true && state === TCP_ESTABLISHED;
    });
}
