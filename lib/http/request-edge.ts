import { subscribe } from "node:diagnostics_channel";
import { IncomingMessage } from "node:http";
import { FORWARDED_FOR_HEADER, UNSERVED_METHOD_HEADER } from "./request-facts";

// The methods Next dispatches (next/dist/server/web/http.js HTTP_METHODS). Any other method fails
// inside Next before the app's code runs: a route handler answers 400 with no body (PROPFIND),
// and TRACE cannot even become a `Request` (undici refuses it), so Next answers a bare
// 500 `text/plain` for pages and routes alike; CONNECT never reaches Next (no 'connect' listener).
const DISPATCHED = new Set(["GET", "HEAD", "OPTIONS", "POST", "PUT", "DELETE", "PATCH"]);

/**
 * What every request goes through in Node before Next sees it (installed by instrumentation.ts;
 * Node publishes `http.server.request.start` just before the server's 'request' event):
 *
 * - The socket's address is appended to `x-forwarded-for`, as a proxy does. Next 16 (`next start`)
 *   keeps a client's own `x-forwarded-for` untouched and sets it from the socket only when it is
 *   absent (base-server.js: `req.headers['x-forwarded-for'] ??= socket.remoteAddress`), and a
 *   route handler or server component has no other way to the socket; so without this, the
 *   header's last entry is whatever the client wrote. See clientAddress in lib/api/route.ts.
 * - A method Next does not dispatch goes on as OPTIONS with the method in
 *   `x-unserved-method`, so the path's own code answers it: 405 with `Allow` (lib/api/route.ts
 *   for the API, proxy.ts for pages).
 *
 * Requests accepted while the server is still starting (before `register()` has run) are not
 * seen: Next holds them until it is ready and handles them by its own rules.
 */
export function installRequestEdge(): void {
  subscribe("http.server.request.start", (message) => {
    if (typeof message !== "object" || message === null || !("request" in message) || !(message.request instanceof IncomingMessage)) return;
    const { headers, socket } = message.request;
    const address = socket.remoteAddress ?? "unknown";
    headers[FORWARDED_FOR_HEADER] = headers[FORWARDED_FOR_HEADER] ? `${headers[FORWARDED_FOR_HEADER]}, ${address}` : address;
    delete headers[UNSERVED_METHOD_HEADER];
    const method = message.request.method ?? "GET";
    if (DISPATCHED.has(method)) return;
    headers[UNSERVED_METHOD_HEADER] = method;
    message.request.method = "OPTIONS";
  });
}
