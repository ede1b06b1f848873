import { createHash } from "node:crypto";
import { BackendError, DatabaseUnavailableError, KeyStoreUnavailableError, StateStoreUnavailableError, ValidationError, WorkUnavailableError } from "@/lib/errors";
import { RateLimitStoreUnavailableError } from "@/lib/rate-limit/sliding-window";
import { HttpProblem, type ProblemBody, problemBody, problemResponse } from "./problem";
import { REQUEST_ID_HEADER, requestIdFor } from "./request-id";
import { describeError } from "@/lib/log";
import { logRequest, type RequestLogLine } from "./request-log";
import { sentMethod } from "@/lib/http/request-facts";

/**
 * One HTTP request on its way through the pipeline: what the steps learn about it, and the headers
 * its answer will carry.
 */
export interface RequestContext {
  request: Request;
  requestId: string;
  /** Response headers so far (request id, CORS, rate limit): every answer, error or not, carries them. */
  headers: Headers;
  /** Set once the request is authenticated, for the log line. */
  keyId: string | null;
  /** The account that created the authenticated key (the Keys page), if one did. */
  accountId: string | null;
  /** Who is asking, as the rate limiter counts it (`key:<id>`, `ui:<address>`); set once admitted. */
  caller: string | null;
}

/**
 * Runs one request: gives it an id, lets `work` answer it, turns whatever `work` throws into a
 * problem response (no internals leave the server), and writes the log line.
 */
export async function serve(
  request: Request,
  baseHeaders: Record<string, string>,
  work: (context: RequestContext) => Promise<Response>,
): Promise<Response> {
  const started = performance.now();
  const requestId = requestIdFor(request.headers);
  const context: RequestContext = { request, requestId, headers: new Headers(baseHeaders), keyId: null, accountId: null, caller: null };
  context.headers.set(REQUEST_ID_HEADER, requestId);
  let response: Response;
  let failure: RequestLogLine["error"];
  try {
    response = await work(context);
  } catch (error) {
    const { body, headers, fault } = problemFor(error);
    for (const [name, value] of Object.entries(headers)) context.headers.set(name, value);
    response = problemResponse(body, context.headers);
    if (body.status >= 500) failure = describeError(error, fault);
  }
  logRequest({
    request_id: requestId,
    key_id: context.keyId,
    method: sentMethod(request),
    route: new URL(request.url).pathname,
    status: response.status,
    latency_ms: Math.round((performance.now() - started) * 100) / 100,
    ...(failure === undefined ? {} : { error: failure }),
  });
  return response;
}

/** A JSON answer (200 unless told) carrying the context's response headers. */
export function jsonResponse(context: RequestContext, json: string | Uint8Array<ArrayBuffer>, cacheControl = "no-store", status = 200): Response {
  context.headers.set("Content-Type", "application/json");
  context.headers.set("Cache-Control", cacheControl);
  return new Response(json, { status, headers: context.headers });
}

/**
 * A GET answer that clients can revalidate: a strong ETag of the body, and 304 without a body
 * when `If-None-Match` names it (a 304 is still an authenticated request and counts).
 */
export function revalidatableResponse(context: RequestContext, json: string | Uint8Array<ArrayBuffer>): Response {
  const etag = `"${createHash("sha256").update(json).digest("base64url").slice(0, 27)}"`;
  context.headers.set("ETag", etag);
  const ifNoneMatch = context.request.headers.get("if-none-match");
  const matches = ifNoneMatch !== null && ifNoneMatch.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag || tag.trim() === "*");
  if (!matches) return jsonResponse(context, json, "private, no-cache");
  context.headers.set("Cache-Control", "private, no-cache");
  return new Response(null, { status: 304, headers: context.headers });
}

const BACKEND_DETAIL = "The filing search backend did not return a usable result; retry later or narrow the search.";
const INTERNAL_DETAIL = "An unexpected error occurred. Quote the x-request-id response header when reporting it.";

/**
 * The one place where errors become statuses (the OpenAPI examples come from it too). `fault`: a
 * failure for the operator to look at (logged as an error, with its stack), as opposed to an
 * expected answer such as a 4xx or a 503 / 502 with Retry-After while the data is being built.
 */
export function problemFor(error: unknown): { body: ProblemBody; headers: Record<string, string>; fault: boolean } {
  if (error instanceof HttpProblem) {
    return { body: problemBody(error.kind, error.detail, error.options.members), headers: error.options.headers ?? {}, fault: false };
  }
  if (error instanceof ValidationError) {
    return { body: problemBody("validation", `The request is not valid: ${error.message}`, { errors: error.errors }), headers: {}, fault: false };
  }
  if (error instanceof BackendError) {
    return { body: problemBody("backend", BACKEND_DETAIL), headers: retryAfter(error.retryAfterSeconds), fault: error.retryAfterSeconds === undefined };
  }
  if (error instanceof DatabaseUnavailableError || error instanceof WorkUnavailableError) {
    return { body: problemBody("unavailable", error.message), headers: retryAfter(error.retryAfterSeconds), fault: false };
  }
  if (error instanceof RateLimitStoreUnavailableError) {
    return { body: problemBody("unavailable", "The rate limiter is unavailable; retry shortly."), headers: retryAfter(5), fault: true };
  }
  if (error instanceof KeyStoreUnavailableError) {
    return { body: problemBody("unavailable", "The API key store is unavailable, so no key can be checked; retry shortly."), headers: retryAfter(5), fault: true };
  }
  if (error instanceof StateStoreUnavailableError) {
    return { body: problemBody("unavailable", "The API state store (accounts, saved screens) is unavailable; retry shortly."), headers: retryAfter(5), fault: true };
  }
  return { body: problemBody("internal", INTERNAL_DETAIL), headers: {}, fault: true };
}

const retryAfter = (seconds: number | undefined): Record<string, string> => (seconds === undefined ? {} : { "Retry-After": String(seconds) });
