/**
 * Errors a service can throw; the API layer maps each to an RFC 9457 problem details response
 * (application/problem+json) in one place.
 */
export interface FieldError {
  /** JSON Pointer into the request body (`/filters/country/values/0`); "" for the whole body. */
  pointer: string;
  message: string;
}

/** 400: the request is well-formed JSON but breaks the contract. */
export class ValidationError extends Error {
  readonly status = 400;
  constructor(readonly errors: FieldError[]) {
    super(errors.map((e) => `${e.pointer || "body"}: ${e.message}`).join("; "));
    this.name = "ValidationError";
  }
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
