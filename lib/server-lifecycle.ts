import { env } from "@/lib/env";
import { logLine } from "@/lib/log";
import { queryPool } from "@/lib/work/query-pool";

/**
 * At start-up (instrumentation.ts): the query workers start now rather than on the first screen,
 * and SIGTERM has a bound. Next's own SIGTERM handler (next start) stops accepting connections and
 * exits once the requests in flight are answered; their deadlines and the body timeout keep that
 * short, and SHUTDOWN_GRACE_MS caps it whatever happens. Connections close themselves on exit.
 */
export function startServing(): void {
  queryPool();
  process.once("SIGTERM", () => {
    const { SHUTDOWN_GRACE_MS } = env();
    logLine("info", "SIGTERM: finishing requests in flight", { grace_ms: SHUTDOWN_GRACE_MS });
    setTimeout(() => process.exit(143), SHUTDOWN_GRACE_MS).unref();
  });
}
