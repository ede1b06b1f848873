/** Next.js start-up hook: make sure the market database exists (see lib/db/ensure-database.ts). */
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { ensureDatabase } = await import("@/lib/db/ensure-database");
  ensureDatabase();
}
