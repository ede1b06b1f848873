/**
 * 503 from the query pool: the work did not finish within its deadline, the caller already has
 * as many requests running and waiting as it may, or the server is shutting down. The caller
 * retries after `retryAfterSeconds`; nothing it sent was wrong.
 */
export class WorkUnavailableError extends Error {
  constructor(
    readonly reason: "deadline" | "queue_full" | "shutting_down",
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(message);
    this.name = "WorkUnavailableError";
  }
}
