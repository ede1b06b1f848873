import { createServer, type RequestListener, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, beforeAll, expect } from "vitest";
import { CLIENT_ERROR_STATUSES, type ClientErrorAnswers } from "@/lib/http/client-error";
import { installConnectionEdge } from "@/lib/http/connection-edge";
import { openRawConnection } from "@/test/support/raw-http";

/**
 * Plain Node HTTP servers in the test's process stand in for the one `next start` creates: the
 * connection edge (lib/http/connection-edge.ts) finds them the same way, through Node's diagnostics
 * channels. `edgeServers` installs the edge with the test file's headers timeout (once per file:
 * vitest runs each file in its own worker) and closes the file's servers after each test.
 */
export function edgeServers(headersTimeoutMs: number) {
  const answers = Object.fromEntries(
    CLIENT_ERROR_STATUSES.map((status) => [status, { contentType: "application/problem+json", body: JSON.stringify({ status }) }]),
  ) as ClientErrorAnswers;
  beforeAll(() => installConnectionEdge({ keepAliveTimeoutMs: 7000, headersTimeoutMs, responseIdleTimeoutMs: 1000, clientErrorAnswers: answers }));
  const servers: Server[] = [];
  afterEach(async () => {
    for (const server of servers.splice(0)) {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
  return {
    /** A server whose header timeout is checked every 50 ms (Node's default: every 30 s). */
    async serve(handler: RequestListener): Promise<{ server: Server; origin: string }> {
      const server = createServer({ connectionsCheckingInterval: 50 }, handler);
      servers.push(server);
      await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
      return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
    },
    /** The server's answer to `request` on a raw connection, which it then closes without a reset. */
    async refusal(origin: string, request: string) {
      const connection = await openRawConnection(origin);
      connection.send(request);
      const response = await connection.response();
      expect(await connection.closed).toEqual({ reset: false });
      return response;
    },
  };
}

/** A request still being answered when the refusal comes (a chunked body's bad chunk), as in Next. */
export const NEVER_ANSWER: RequestListener = () => {};
