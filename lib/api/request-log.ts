import { env } from "@/lib/env";

const RANK = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 } as const;

export interface RequestLogLine {
  request_id: string;
  /** The API key's id (never the key), or null when the request was not authenticated. */
  key_id: string | null;
  method: string;
  /** The operation's path, or the requested path when no operation matched. */
  route: string;
  status: number;
  latency_ms: number;
  /**
   * 5xx only: what went wrong, for the operator; never sent to the caller. `fault`: not an expected
   * answer (such as a 503 while the database is being built), so with its stack.
   */
  error?: { name: string; message: string; fault: boolean; stack?: string };
  [field: string]: unknown;
}

/**
 * One JSON line per request on stdout (LOG_LEVEL filters): faults at level error, expected 5xx
 * answers (the data being built, with Retry-After) at warn, everything else at info.
 */
export function logRequest(line: RequestLogLine): void {
  const level = line.error?.fault ? "error" : line.status >= 500 ? "warn" : "info";
  if (RANK[level] < RANK[env().LOG_LEVEL]) return;
  process.stdout.write(`${JSON.stringify({ time: new Date().toISOString(), level, msg: "request", ...line })}\n`);
}
