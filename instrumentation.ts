/**
 * Next.js start-up hook: put the request edge in front of Next (see lib/http/request-edge.ts) and
 * make sure the market database exists (see lib/db/ensure-database.ts).
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { installRequestEdge } = await import("@/lib/http/request-edge");
  installRequestEdge();
  const { ensureDatabase } = await import("@/lib/db/ensure-database");
  ensureDatabase();
}
