import { env } from "@/lib/env";

const RANK = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 } as const;
export type LogLevel = Exclude<keyof typeof RANK, "silent">;

/** One JSON line on stdout, when LOG_LEVEL lets `level` through. */
export function logLine(level: LogLevel, msg: string, fields: Record<string, unknown>): void {
  if (RANK[level] < RANK[env().LOG_LEVEL]) return;
  process.stdout.write(`${JSON.stringify({ time: new Date().toISOString(), level, msg, ...fields })}\n`);
}

export interface LoggedError {
  name: string;
  message: string;
  /** Not an expected answer (such as a 503 while the database is being built): logged with its stack. */
  fault: boolean;
  stack?: string;
}

/** An error as a log line carries it: its name, its message (and its cause's), the stack of a fault. */
export function describeError(error: unknown, fault: boolean): LoggedError {
  if (!(error instanceof Error)) return { name: "NonError", message: String(error), fault };
  const cause = error.cause instanceof Error ? ` (cause: ${error.cause.message})` : "";
  return { name: error.name, message: error.message + cause, fault, ...(fault ? { stack: error.stack } : {}) };
}
