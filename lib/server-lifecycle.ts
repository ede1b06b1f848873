import { apiState } from "@/lib/db/api-state";
import { env } from "@/lib/env";
import { describeError, logLine } from "@/lib/log";
import { queryPool } from "@/lib/work/query-pool";

/**
 * At start-up (instrumentation.ts): the query workers start now rather than on the first screen
 * (the process exits if they cannot), and SIGTERM has a bound. Next's own SIGTERM handler (next start) stops accepting connections and
 * exits once the requests in flight are answered; their deadlines and the body timeout keep that
 * short, and SHUTDOWN_GRACE_MS caps it whatever happens. Connections close themselves on exit.
 * A PostgreSQL API state is migrated now; if PostgreSQL is away, the first request that needs it
 * tries again (and answers 503 until it succeeds).
 */
export function startServing(): void {
  try {
    queryPool();
  } catch (error) {
    // Without its query workers (a build without the worker bundle) the app could serve nothing but
    // errors: stop, saying why, rather than answer 500 to everything.
    logLine("error", "query workers cannot start", { error: describeError(error, false) });
    process.exit(1);
  }
  const state = apiState();
  if (state.kind === "postgres") {
    state.pg.ready().catch((error: unknown) => logLine("error", "API state migrations not applied: PostgreSQL unreachable", { error: describeError(error, false) }));
  }
  process.once("SIGTERM", () => {
    const { SHUTDOWN_GRACE_MS } = env();
    logLine("info", "SIGTERM: finishing requests in flight", { grace_ms: SHUTDOWN_GRACE_MS });
    setTimeout(() => process.exit(143), SHUTDOWN_GRACE_MS).unref();
  });
}
