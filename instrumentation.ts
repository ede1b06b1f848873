/**
 * Next.js start-up hook: put the request edge in front of Next (lib/http/request-edge.ts) and the
 * server's timeouts and refusals on its connections (lib/http/connection-edge.ts), make sure the
 * market database exists (lib/db/ensure-database.ts), start the query workers and bound shutdown
 * (lib/server-lifecycle.ts).
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { installRequestEdge } = await import("@/lib/http/request-edge");
  installRequestEdge();
  const { env } = await import("@/lib/env");
  const { installConnectionEdge } = await import("@/lib/http/connection-edge");
  const { CONNECTION_REFUSALS } = await import("@/lib/api/connection-refusals");
  const { KEEP_ALIVE_TIMEOUT_MS, HEADERS_TIMEOUT_MS, RESPONSE_IDLE_TIMEOUT_MS } = env();
  installConnectionEdge({
    keepAliveTimeoutMs: KEEP_ALIVE_TIMEOUT_MS,
    headersTimeoutMs: HEADERS_TIMEOUT_MS,
    responseIdleTimeoutMs: RESPONSE_IDLE_TIMEOUT_MS,
    clientErrorAnswers: CONNECTION_REFUSALS,
  });
  const { ensureDatabase } = await import("@/lib/db/ensure-database");
  ensureDatabase();
  const { startServing } = await import("@/lib/server-lifecycle");
  startServing();
}
