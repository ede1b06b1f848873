/**
 * Errors the services (screener, filing search, the query pool, the database) throw; the API
 * layer maps each to an RFC 9457 problem details response (application/problem+json) in one
 * place. Services import them from here, never from lib/api.
 */
export interface FieldError {
  /** JSON Pointer into the request body (`/filters/country/values/0`); "" for the whole body. */
  pointer: string;
  message: string;
}

/**
 * A 400 lists at most this many field errors, then one entry counting the rest: enough to show a
 * caller what to fix, while a hostile body (thousands of unknown members) gets a small answer.
 */
export const MAX_LISTED_ERRORS = 20;
/** Longest message of one field error, and of the problem's `detail`. */
const MAX_MESSAGE_CHARS = 300;
const MAX_DETAIL_CHARS = 1000;

/**
 * The entry after the first MAX_LISTED_ERRORS: how many more there are, by kind
 * (`{ "unknown members": 2980 }` → "…and 2,980 more: 2,980 unknown members.").
 */
export function unlistedErrors(counts: Record<string, number>): FieldError[] {
  const kinds = Object.entries(counts).filter(([, count]) => count > 0);
  if (kinds.length === 0) return [];
  const total = kinds.reduce((sum, [, count]) => sum + count, 0);
  const parts = kinds.map(([kind, count]) => `${count.toLocaleString("en-US")} ${kind}`).join(", ");
  return [{ pointer: "", message: `…and ${total.toLocaleString("en-US")} more not listed: ${parts}.` }];
}

/**
 * 400: the request is well-formed JSON but breaks the contract. Bounded whatever it is given: at
 * most MAX_LISTED_ERRORS entries and a count of the rest, each message and the summary (`message`,
 * the problem's `detail`) shortened, so that no answer grows faster than its request.
 */
export class ValidationError extends Error {
  readonly status = 400;
  readonly errors: FieldError[];
  constructor(errors: readonly FieldError[]) {
    // A list already cut (its last entry counting the rest) passes unchanged.
    const listed = errors.length > MAX_LISTED_ERRORS + 1 ? [...errors.slice(0, MAX_LISTED_ERRORS), ...unlistedErrors({ errors: errors.length - MAX_LISTED_ERRORS })] : errors;
    const bounded = listed.map((e) => ({ pointer: e.pointer, message: shorten(e.message, MAX_MESSAGE_CHARS) }));
    super(shorten(bounded.map((e) => `${e.pointer || "body"}: ${e.message}`).join("; "), MAX_DETAIL_CHARS));
    this.name = "ValidationError";
    this.errors = bounded;
  }
}

/** `text` at most `max` characters: its start and end around an ellipsis (a message's advice is often at its end). */
function shorten(text: string, max: number): string {
  if (text.length <= max) return text;
  const tail = Math.floor(max / 3);
  // Never half a surrogate pair at either cut.
  const start = text.slice(0, max - tail - 1).replace(/[\uD800-\uDBFF]$/, "");
  return `${start}…${text.slice(text.length - tail).replace(/^[\uDC00-\uDFFF]/, "")}`;
}

/**
 * 502: a backend the operation depends on gave no usable result (filing search). The message is
 * for the log only; `retryAfterSeconds` when the backend is expected back (an index being built).
 */
export class BackendError extends Error {
  readonly status = 502;
  constructor(
    message: string,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = "BackendError";
  }
}

/**
 * 503 from the query pool: the work did not finish within its deadline, the caller already has
 * as many requests running and waiting as it may, or the server is shutting down. The caller
 * retries after `retryAfterSeconds`; nothing it sent was wrong. `ran`: a worker spent time on it
 * (it was stopped at its deadline, or stopped itself seeing it could not finish), which the
 * caller's limits count; work that never started is not counted (lib/api/route.ts).
 */
export class WorkUnavailableError extends Error {
  constructor(
    readonly reason: "deadline" | "queue_full" | "shutting_down",
    message: string,
    readonly retryAfterSeconds: number,
    readonly ran = false,
  ) {
    super(message);
    this.name = "WorkUnavailableError";
  }
}

/** 503: a request needs the market database but it is not (yet) there. */
export class DatabaseUnavailableError extends Error {
  /** When to try again (`Retry-After`). */
  readonly retryAfterSeconds = 10;
  constructor(readonly state: "building" | "missing") {
    super(state === "building" ? "The database is being built; try again shortly." : "The database is missing; run `npm run ingest`.");
    this.name = "DatabaseUnavailableError";
  }
}

/** 503: the API key store (the state file or PostgreSQL) cannot answer, so no key can be checked. */
export class KeyStoreUnavailableError extends Error {
  constructor(cause: unknown) {
    super("The API key store is unavailable", { cause });
    this.name = "KeyStoreUnavailableError";
  }
}

/** 503: the API state store cannot answer a saved-screen operation (the key check before it passed). */
export class StateStoreUnavailableError extends Error {
  constructor(cause: unknown) {
    super("The API state store is unavailable", { cause });
    this.name = "StateStoreUnavailableError";
  }
}
