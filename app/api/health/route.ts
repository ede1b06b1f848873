// GET /api/health/ - readiness (no key needed): 200 with the data's as-of date, build id, counts and freshness (last price day, last filing date, whether the prices are stale) and the state stores' reachability; 503 while the database is missing or being built, while the query workers load the search index after a start (a few seconds), or while a state store (the state file, PostgreSQL, Redis) cannot be reached
import { jsonResponse, serve } from "@/lib/api/pipeline";
import { HttpProblem } from "@/lib/api/problem";
import { getOnlyRoute } from "@/lib/api/route";
import { reachableStateStores } from "@/lib/api/state-health";
import { buildId, marketDb, metaValue } from "@/lib/db/market-db";
import { DatabaseUnavailableError } from "@/lib/errors";
import { readFreshness } from "@/lib/screener/freshness";
import { queryPool } from "@/lib/work/query-pool";

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
    if (!queryPool().warm) {
      // A first search would load the passage vectors within its deadline: ready once the workers have.
      throw new HttpProblem("unavailable", "The query workers are loading the search index (a few seconds after a start); try again shortly.", {
        headers: { "Retry-After": "2" },
        members: { state: "warming" },
      });
    }
    const stores = await reachableStateStores();
    const body = {
      status: "ok",
      as_of: metaValue("as_of"),
      built_at: metaValue("built_at"),
      build_id: buildId(),
      counts: JSON.parse(metaValue("counts") ?? "{}") as Record<string, number>,
      freshness: readFreshness(),
      state_stores: stores,
    };
    return jsonResponse(exchange, JSON.stringify(body));
  });
}
