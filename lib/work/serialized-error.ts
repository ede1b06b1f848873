import { BackendError, DatabaseUnavailableError, type FieldError, ValidationError, WorkUnavailableError } from "@/lib/errors";

/**
 * Errors cross from a worker thread as plain data (structured clone keeps no classes), and the
 * pool answers with plain data too: Next bundles a module once per route, so an error class made
 * by the pool's copy would fail `instanceof` in another route's copy of the API's error mapping.
 * The kinds the API maps to a status keep what that mapping reads; anything else is a fault (500)
 * whose message and stack reach the log.
 */
export type SerializedError =
  | { kind: "validation"; errors: FieldError[] }
  | { kind: "backend"; message: string; retryAfterSeconds?: number }
  | { kind: "database_unavailable"; state: DatabaseUnavailableError["state"] }
  | { kind: "unavailable"; reason: WorkUnavailableError["reason"]; message: string; retryAfterSeconds: number; ran: boolean }
  | { kind: "fault"; name: string; message: string; stack?: string };

export function serializeError(error: unknown): SerializedError {
  if (error instanceof ValidationError) return { kind: "validation", errors: error.errors };
  if (error instanceof BackendError) return { kind: "backend", message: error.message, retryAfterSeconds: error.retryAfterSeconds };
  if (error instanceof DatabaseUnavailableError) return { kind: "database_unavailable", state: error.state };
  if (error instanceof WorkUnavailableError) return { kind: "unavailable", reason: error.reason, message: error.message, retryAfterSeconds: error.retryAfterSeconds, ran: error.ran };
  if (error instanceof Error) return { kind: "fault", name: error.name, message: error.message, stack: error.stack };
  return { kind: "fault", name: "NonError", message: String(error) };
}

export function deserializeError(error: SerializedError): Error {
  switch (error.kind) {
    case "validation":
      return new ValidationError(error.errors);
    case "backend":
      return new BackendError(error.message, error.retryAfterSeconds);
    case "database_unavailable":
      return new DatabaseUnavailableError(error.state);
    case "unavailable":
      return new WorkUnavailableError(error.reason, error.message, error.retryAfterSeconds, error.ran);
    case "fault": {
      const fault = new Error(error.message);
      fault.name = error.name;
      if (error.stack !== undefined) fault.stack = error.stack;
      return fault;
    }
  }
}
