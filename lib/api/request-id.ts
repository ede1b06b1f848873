import { randomUUID } from "node:crypto";

export const REQUEST_ID_HEADER = "x-request-id";

// Accept a caller's id only when it is short and cannot smuggle anything into logs or headers.
const SANE_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** The caller's `x-request-id` when it is sane, otherwise a new UUID. */
export function requestIdFor(headers: Headers): string {
  const incoming = headers.get(REQUEST_ID_HEADER);
  return incoming !== null && SANE_ID.test(incoming) ? incoming : randomUUID();
}
