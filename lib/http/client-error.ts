import { type ServerResponse, STATUS_CODES } from "node:http";
import type { Socket } from "node:net";

/** The statuses Node refuses a request with before any of the app's code sees it. */
export const CLIENT_ERROR_STATUSES = [400, 408, 413, 431] as const;
export type ClientErrorStatus = (typeof CLIENT_ERROR_STATUSES)[number];

/** What to answer each with (the app's problem+json: lib/api/connection-refusals.ts). */
export type ClientErrorAnswers = Record<ClientErrorStatus, { contentType: string; body: string }>;

/** The status of a Node client error, as Node's own answer has it (`socketOnError` in _http_server.js). */
export function clientErrorStatus(code: string | undefined): ClientErrorStatus {
  switch (code) {
    case "HPE_HEADER_OVERFLOW":
      return 431;
    case "HPE_CHUNK_EXTENSIONS_OVERFLOW":
      return 413;
    // The headers (HEADERS_TIMEOUT_MS) or the whole request (Node's requestTimeout) came too late.
    case "ERR_HTTP_REQUEST_TIMEOUT":
      return 408;
    default:
      return 400;
  }
}

/** A whole HTTP/1.1 response, written to the socket as is: there is no `ServerResponse` to write it. */
export function rawResponse(status: ClientErrorStatus, { contentType, body }: ClientErrorAnswers[ClientErrorStatus]): string {
  const head = [
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}`,
    `Content-Type: ${contentType}`,
    `Content-Length: ${Buffer.byteLength(body)}`,
    "Cache-Control: no-store",
    "Connection: close",
  ];
  return `${head.join("\r\n")}\r\n\r\n${body}`;
}

/**
 * A 'clientError' listener that answers like Node's default (a parse error, oversized headers, a
 * request too slow to arrive) but with the app's problem+json body. Node's rule is kept: answer
 * only while the socket is writable and no response has begun on it (a second status line in the
 * middle of a response would corrupt it); otherwise just close. The socket is closed once the
 * answer is flushed; a client that does not read it is left to the idle timeout.
 */
export function answerClientError(answers: ClientErrorAnswers): (error: Error & { code?: string }, socket: Socket) => void {
  return (error, socket) => {
    // Node's own test in socketOnError: the response the socket is writing, when there is one.
    const inFlight = (socket as Socket & { _httpMessage?: ServerResponse | null })._httpMessage;
    if (!socket.writable || inFlight?.headersSent === true) {
      socket.destroy();
      return;
    }
    const status = clientErrorStatus(error.code);
    socket.end(rawResponse(status, answers[status]), () => socket.destroy());
  };
}
