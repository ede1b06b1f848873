// GET /api/health/ - readiness of the market database (no key needed): 200 with the data's as-of date and counts, 503 while it is missing or being built
import { jsonResponse, serve } from "@/lib/api/pipeline";
import { marketDb, metaValue } from "@/lib/db/market-db";

export const dynamic = "force-dynamic";

export function GET(request: Request) {
  return serve(request, {}, async (exchange) => {
    marketDb(); // a missing or half-built database: 503 problem details with Retry-After
    const body = {
      status: "ok",
      as_of: metaValue("as_of"),
      built_at: metaValue("built_at"),
      counts: JSON.parse(metaValue("counts") ?? "{}") as Record<string, number>,
    };
    return jsonResponse(exchange, JSON.stringify(body));
  });
}
