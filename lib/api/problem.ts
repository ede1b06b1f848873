import { z } from "zod";
import { MAX_BODY_BYTES } from "./body-limits";
import type { FieldError } from "@/lib/errors";

/**
 * Every error the API answers, as RFC 9457 problem details (`application/problem+json`). The
 * `type` of each is a stable URI reference to its section of the API reference (`/docs/`); the
 * same table documents the errors there and in the OpenAPI document.
 */
export const PROBLEMS = {
  validation: { status: 400, title: "Request validation failed", when: "The body is not valid JSON, is not an object, or breaks the operation's schema (unknown, missing or mistyped members, values out of range); `errors` lists each problem with a JSON Pointer into the body." },
  malformed_request: {
    status: 400,
    title: "Malformed request",
    when: "The request is not valid HTTP/1.1 (its request line, a header or the body's framing cannot be parsed). Answered by the server before any operation, without `x-request-id`, and the connection is closed.",
  },
  unauthorized: {
    status: 401,
    title: "Unauthorized",
    when: "The API key is missing, malformed, unknown or revoked (one answer for all four). Never counted against the key's limits; keys refused from the same address are counted for that address (429).",
  },
  ui_token: {
    status: 401,
    title: "Page token required",
    when: "Browser UI endpoints only: the request carries no valid token of a page of this site (each page carries one, bound to the client's address, valid for an hour by default and renewed while the page calls). Programs use the public API with an API key.",
  },
  cross_origin: { status: 403, title: "Cross-origin request refused", when: "Browser UI endpoints only: the request came from another site." },
  not_found: { status: 404, title: "Not found", when: "No operation has this path (any method). Needs no key and never counts." },
  no_such_resource: {
    status: 404,
    title: "No such resource",
    when: "The path names a resource (a saved screen, a share token) that does not exist or is not the key's own: another key's screen is absent, never forbidden. Counts like any request.",
  },
  not_signed_in: { status: 401, title: "Not signed in", when: "Account UI endpoints only: no session, or it has expired or ended; sign in again." },
  sign_in_failed: { status: 401, title: "Sign-in failed", when: "The email and password do not match an account (one answer for both, so neither is confirmed)." },
  signup_closed: { status: 403, title: "Sign-up closed", when: "The operator turned sign-up off (SIGNUP=closed): keys come from the operator." },
  conflict: { status: 409, title: "Conflict", when: "The request cannot be carried out in the resource's state: a key that keeps as many saved screens as it may, an account for an email that has one." },
  method_not_allowed: {
    status: 405,
    title: "Method not allowed",
    when: "The path exists but not with this method; `Allow` lists the methods it has. Decided before the key check: needs no key, carries no `RateLimit` headers and never counts, even with a valid key.",
  },
  request_timeout: {
    status: 408,
    title: "Request timeout",
    when: "The request body did not arrive in full within the server's body timeout (10 seconds by default), or its headers within the headers timeout (66 seconds by default: answered before any operation, and the connection is closed). Never counts against a limit.",
  },
  payload_too_large: {
    status: 413,
    title: "Payload too large",
    when: `The body is larger than ${MAX_BODY_BYTES / 1024} KiB, or a chunk of a chunked body carries too many extensions (then answered before any operation, and the connection is closed).`,
  },
  unsupported_media_type: { status: 415, title: "Unsupported media type", when: "A POST body that is not sent as `Content-Type: application/json` (UTF-8, not compressed)." },
  rate_limited: {
    status: 429,
    title: "Rate limit exceeded",
    when: "A limit of the key's tier is exhausted; or the client's address has had too many `Authorization` headers refused (20 a minute by default), and its keys are not checked until the minute ends (`failed-authentications`). `violated-policies` names the limit; `Retry-After` says how many seconds until a request would pass. Refused requests do not count.",
  },
  headers_too_large: {
    status: 431,
    title: "Request header fields too large",
    when: "The request's headers are larger than the server reads (16 KiB in all, Node's default). Answered before any operation, and the connection is closed.",
  },
  internal: { status: 500, title: "Internal server error", when: "An unexpected failure; the `x-request-id` identifies it in the server log." },
  backend: {
    status: 502,
    title: "Backend error",
    when: "Filing search only: the search backend gave no usable result (its index is missing, broken or being built, with `Retry-After` when it is expected back; or a `vector` search could not embed its queries). Retry later or narrow the search.",
  },
  unavailable: {
    status: 503,
    title: "Service unavailable",
    when: "The market database is being built (screener operations; filing search answers 502 then); the request did not finish within its deadline (2 s for screens, 5 s for filing searches by default); the caller already has as many screens and searches running and waiting as it may, or the server is busy or shutting down; or the API key store or the rate-limit store (the state file, PostgreSQL, Redis) cannot be reached: the request is then neither admitted nor counted. A request refused before any work began on it (a full queue, a deadline passed while it waited) is taken back from the rate limit; one whose work had begun stays counted. `Retry-After` says when to retry.",
  },
} as const satisfies Record<string, { status: number; title: string; when: string }>;

export type ProblemKind = keyof typeof PROBLEMS;

/** The section of /docs/ that documents a problem type. */
export const problemAnchor = (kind: ProblemKind) => `problem-${kind.replaceAll("_", "-")}`;
export const problemType = (kind: ProblemKind) => `/docs/#${problemAnchor(kind)}`;

export const PROBLEM_CONTENT_TYPE = "application/problem+json";

export interface ProblemBody {
  type: string;
  title: string;
  status: number;
  detail: string;
  errors?: FieldError[];
  [extension: string]: unknown;
}

/** Thrown inside the request pipeline to answer with a problem. */
export class HttpProblem extends Error {
  constructor(
    readonly kind: ProblemKind,
    readonly detail: string,
    readonly options: { headers?: Record<string, string>; members?: Record<string, unknown> } = {},
  ) {
    super(detail);
    this.name = "HttpProblem";
  }
}

export function problemBody(kind: ProblemKind, detail: string, members: Record<string, unknown> = {}): ProblemBody {
  const { status, title } = PROBLEMS[kind];
  return { type: problemType(kind), title, status, detail, ...members };
}

export function problemResponse(body: ProblemBody, headers: Headers): Response {
  headers.set("Content-Type", PROBLEM_CONTENT_TYPE);
  headers.set("Cache-Control", "no-store");
  return new Response(JSON.stringify(body), { status: body.status, headers });
}

const FieldErrorSchema = z
  .object({
    pointer: z.string().describe('JSON Pointer (RFC 6901) into the request body, e.g. "/page/limit"; "" for the body as a whole'),
    message: z.string().describe("What is wrong with that member"),
  })
  .meta({ id: "FieldError" });

/** The problem details shape every error has (documented in the OpenAPI document, checked by tests). */
export const ProblemSchema = z
  .object({
    type: z.string().describe("URI reference identifying the problem type; resolves to its section of /docs/"),
    title: z.string().describe("Short summary of the problem type"),
    status: z.int().describe("The HTTP status code"),
    detail: z.string().describe("What went wrong with this request, and what to do about it"),
    errors: z.array(FieldErrorSchema).optional().describe("400 only: one entry per invalid member"),
    "violated-policies": z.array(z.string()).optional().describe('429 only: the exhausted limits ("minute", "day")'),
  })
  .meta({ id: "Problem", description: "RFC 9457 problem details (application/problem+json)" });
