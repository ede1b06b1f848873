// GET /api/health - readiness of the market database (no key needed).
import { NextResponse } from "next/server";
import { databaseState, metaValue } from "@/lib/db/market-db";

export const dynamic = "force-dynamic";

export function GET() {
  const state = databaseState();
  if (state !== "ready") {
    return NextResponse.json(
      { status: state, detail: state === "building" ? "The database is being built." : "The database is missing; run `npm run ingest`." },
      { status: 503, headers: { "Retry-After": "10", "Cache-Control": "no-store" } },
    );
  }
  return NextResponse.json(
    {
      status: "ok",
      as_of: metaValue("as_of"),
      built_at: metaValue("built_at"),
      counts: JSON.parse(metaValue("counts") ?? "{}") as Record<string, number>,
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}
