import { type LoggedError, logLine } from "@/lib/log";

export interface RequestLogLine {
  request_id: string;
  /** The API key's id (never the key), or null when the request was not authenticated. */
  key_id: string | null;
  method: string;
  /** The operation's path, or the requested path when no operation matched. */
  route: string;
  status: number;
  latency_ms: number;
  /** 5xx only: what went wrong, for the operator; never sent to the caller. */
  error?: LoggedError;
  [field: string]: unknown;
}

/**
 * One JSON line per request on stdout (LOG_LEVEL filters): faults at level error, expected 5xx
 * answers (the data being built, with Retry-After) at warn, everything else at info.
 */
export function logRequest(line: RequestLogLine): void {
  logLine(line.error?.fault ? "error" : line.status >= 500 ? "warn" : "info", "request", line);
}
