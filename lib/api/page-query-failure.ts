import { BackendError, DatabaseUnavailableError, ValidationError, WorkUnavailableError } from "@/lib/errors";
import { describeError, logLine } from "@/lib/log";

/**
 * What a server-rendered page does when the query it runs for the URL fails. `database`: the
 * database is being built (the page shows its notice); `browser`: an answer the API gives too (a
 * refused request, a busy or failing backend), so the page renders without results and the
 * browser's own request shows it; `fault`: anything else, shown as an error and logged.
 */
export type PageQueryFailure = "database" | "browser" | "fault";

export function pageQueryFailure(error: unknown): PageQueryFailure {
  if (error instanceof DatabaseUnavailableError) return "database";
  if (error instanceof ValidationError || error instanceof WorkUnavailableError || error instanceof BackendError) return "browser";
  return "fault";
}

/** A page's fault as one JSON line at level error, with its stack (like the API's request log). */
export function logPageFault(error: unknown, requestId: string, route: string): void {
  logLine("error", "page", { request_id: requestId, route, error: describeError(error, true) });
}
