/**
 * Next.js start-up hook: put the request edge in front of Next (lib/http/request-edge.ts), make
 * sure the market database exists (lib/db/ensure-database.ts), start the query workers and bound
 * shutdown (lib/server-lifecycle.ts).
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { installRequestEdge } = await import("@/lib/http/request-edge");
  installRequestEdge();
  const { ensureDatabase } = await import("@/lib/db/ensure-database");
  ensureDatabase();
  const { startServing } = await import("@/lib/server-lifecycle");
  startServing();
}
