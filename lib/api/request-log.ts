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
  /** Internal failures (500) only: what went wrong, for the operator; never sent to the caller. */
  error?: { name: string; message: string; stack?: string };
  [field: string]: unknown;
}

/** One JSON line per request on stdout; 5xx at level error, the rest at info (LOG_LEVEL filters). */
export function logRequest(line: RequestLogLine): void {
  const level = line.status >= 500 ? "error" : "info";
  if (RANK[level] < RANK[env().LOG_LEVEL]) return;
  process.stdout.write(`${JSON.stringify({ time: new Date().toISOString(), level, msg: "request", ...line })}\n`);
}
