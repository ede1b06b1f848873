// GET /api/health/ - readiness (no key needed): 200 with the data's as-of date, build id and counts and the state stores' reachability; 503 while the database is missing or being built, or while a state store (the state file, PostgreSQL, Redis) cannot be reached
import { jsonResponse, serve } from "@/lib/api/pipeline";
import { HttpProblem } from "@/lib/api/problem";
import { getOnlyRoute } from "@/lib/api/route";
import { reachableStateStores } from "@/lib/api/state-health";
import { buildId, marketDb, metaValue } from "@/lib/db/market-db";
import { DatabaseUnavailableError } from "@/lib/errors";

export const dynamic = "force-dynamic";
export const { POST, PUT, PATCH, DELETE, OPTIONS } = getOnlyRoute("/api/health/");

export function GET(request: Request) {
  return serve(request, {}, async (exchange) => {
    try {
      marketDb();
    } catch (error) {
      if (!(error instanceof DatabaseUnavailableError)) throw error;
      // Problem details, with the database's state ("missing" or "building") for scripts that wait on it.
      throw new HttpProblem("unavailable", error.message, { headers: { "Retry-After": "10" }, members: { state: error.state } });
    }
    const stores = await reachableStateStores();
    const body = {
      status: "ok",
      as_of: metaValue("as_of"),
      built_at: metaValue("built_at"),
      build_id: buildId(),
      counts: JSON.parse(metaValue("counts") ?? "{}") as Record<string, number>,
      state_stores: stores,
    };
    return jsonResponse(exchange, JSON.stringify(body));
  });
}
