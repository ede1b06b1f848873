import type { z } from "zod";
import { rateLimitHeaders } from "@/lib/rate-limit/headers";
import type { RateLimitDecision, RateLimitDecisionWithReceipt, WindowLimit } from "@/lib/rate-limit/sliding-window";
import { WorkUnavailableError } from "@/lib/errors";
import { describeError, logLine } from "@/lib/log";
import { DEFAULT_TIER } from "@/lib/rate-limit/tiers";
import { publicCorsHeaders } from "./cors";
import { parseJsonObject, receiveBody } from "./json-body";
import type { ApiOperation } from "./operation";
import { type RequestContext, jsonResponse, revalidatableResponse, serve } from "./pipeline";
import { type ApiServices, apiServices } from "./api-services";
import { HttpProblem } from "./problem";
import { parseRequestBody } from "@/lib/zod-field-errors";
import { FORWARDED_FOR_HEADER, sentMethod, unservedMethod } from "@/lib/http/request-facts";
import type { UiTokenCheck } from "@/lib/auth/ui-token";
import { UI_TOKEN_HEADER } from "./ui-client";
import { JsonAnswer } from "@/lib/work/json-answer";
import { ANSWER_BOUNDS } from "./answer-bounds";
import type { AnswerBound } from "@/lib/work/worker-protocol";

/**
 * Route handlers from an operation description and a service call:
 *
 *   // POST /api/v1/screener/basic/ - run a basic screen
 *   export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoute(basicScreenOperation, ({ body }) => runBasicScreen(body));
 *
 * Export all six: the methods the operation does not have answer 405 with `Allow` (Next's own
 * 405 has neither a body nor `Allow`); HEAD follows GET by itself. Methods Next does not dispatch
 * (TRACE, PROPFIND) arrive as OPTIONS marked by lib/http/request-edge.ts and get the same 405.
 *
 * Per request: request id → CORS → trailing slash (308) → method → API key → (POST) the body,
 * within the body timeout (408, not counted) → rate limit → (POST) media type, size cap, JSON
 * parse, depth and key checks → the operation's zod schema →
 * handler → JSON (GET answers carry an ETag and honour If-None-Match with 304). Anything thrown
 * becomes a problem response in one place (lib/api/pipeline.ts); one log line per request.
 */
export function apiRoute<Op extends ApiOperation>(operation: Op, handler: OperationHandler<Op>, services = apiServices): RouteHandlers {
  return createRoute([route(operation, handler)], apiKeyGate, services);
}

/**
 * The same for a resource path that has several operations (a method each), keyed by API key:
 *
 *   export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiResource([route(listOp, list), route(createOp, create)]);
 *
 * Every method answers `Allow` with all of them; the path's parameters (`{id}`) reach the handler
 * as `params`, checked by the operation's schema.
 */
export function apiResource(routes: readonly OperationRoute[], services = apiServices): RouteHandlers {
  const paths = new Set(routes.map((r) => r.operation.path));
  const methods = new Set(routes.map((r) => r.operation.method));
  if (paths.size !== 1 || methods.size !== routes.length) throw new Error(`a resource is one path with one operation per method: ${[...paths].join(", ")}`);
  return createRoute(routes, apiKeyGate, services);
}

/** An operation and its handler, typed together. */
export interface OperationRoute {
  operation: ApiOperation;
  handler: (context: HandlerContext<never, never>) => unknown;
}
export const route = <Op extends ApiOperation>(operation: Op, handler: OperationHandler<Op>): OperationRoute => ({
  operation,
  handler: handler as OperationRoute["handler"],
});

/**
 * The same for the browser UI's own endpoints (`app/api/ui/...`): no API key, but the token of a
 * page of this site (lib/auth/ui-token.ts; 401 without it); refuses requests from other sites
 * (Origin / Sec-Fetch-Site, 403) and limits each client address on its own
 * (UI_RATE_LIMIT_PER_MINUTE, UI_RATE_LIMIT_PER_DAY). Same validation, errors and log line as the
 * public API.
 */
export function uiRoute<Op extends ApiOperation>(operation: Op, handler: OperationHandler<Op>, services = apiServices): RouteHandlers {
  return createRoute([route(operation, handler)], sameOriginGate, services);
}

/**
 * A GET that needs no key and is not throttled, with CORS, request id, ETag and log line: for the
 * OpenAPI document only (`/api/v1/openapi.json`), which the spec does not count as an operation.
 */
export function documentRoute(path: string, getDocument: () => unknown): RouteHandlers {
  const operation = { operationId: "getOpenApiDocument", method: "get", path, responseBound: ANSWER_BOUNDS.document } as ApiOperation;
  return createRoute([{ operation, handler: getDocument }], openGate, apiServices);
}

/** Every method of a path that has no operation: JSON 404 (the `app/api/[[...path]]` catch-all). */
export function notFoundRoute(): RouteHandlers {
  const notFound: RouteHandler = (request) =>
    serve(request, publicCorsHeaders("OPTIONS"), async (context) => {
      const path = new URL(context.request.url).pathname;
      throw new HttpProblem("not_found", notFoundDetail(path));
    });
  return { GET: notFound, POST: notFound, PUT: notFound, PATCH: notFound, DELETE: notFound, OPTIONS: notFound };
}

/**
 * The methods besides GET of a path whose GET handler is written by hand (`/api/health/`): 405
 * with `Allow: GET, HEAD` (Next's own 405 has neither a body nor `Allow`).
 */
export function getOnlyRoute(path: string): Omit<RouteHandlers, "GET"> {
  const refuse: RouteHandler = (request) =>
    serve(request, {}, async () => {
      throw new HttpProblem("method_not_allowed", methodNotAllowedDetail(sentMethod(request), path, "GET"), { headers: { Allow: "GET, HEAD" } });
    });
  return { POST: refuse, PUT: refuse, PATCH: refuse, DELETE: refuse, OPTIONS: refuse };
}

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
export type RouteHandler = (request: Request) => Promise<Response>;
export type RouteHandlers = Record<Method | "OPTIONS", RouteHandler>;

/** The parsed body type; `unknown` when the operation is typed as plain `ApiOperation` (use `satisfies ApiOperation` to keep it). */
type BodyOf<Op extends ApiOperation> = [NonNullable<Op["request"]>] extends [never] ? undefined : z.output<NonNullable<Op["request"]>["schema"]>;
type ParamsOf<Op extends ApiOperation> = [NonNullable<Op["params"]>] extends [never] ? Record<string, never> : z.output<NonNullable<Op["params"]>>;

export interface HandlerContext<Body, Params = Record<string, never>> {
  /** The validated body (POST, PUT), typed by the operation's request schema. */
  body: Body;
  /** The path's parameters, checked by the operation's `params`. */
  params: Params;
  request: Request;
  requestId: string;
  keyId: string | null;
  /** The account that created the key, if one did (its saved screens are the account's). */
  accountId: string | null;
  /** The answer's headers so far: a handler may add its own (a session's Set-Cookie). */
  responseHeaders: Headers;
  /** Who is asking (`key:<id>`, `ui:<address>`): the unit of the query pool's bulkhead. */
  caller: string;
  /** The operation's answer bound, for the query worker that serialises the answer (`answerQuery`). */
  bound: AnswerBound;
}

type ResponseOf<Op extends ApiOperation> = z.output<Op["response"]["schema"]>;

/** A handler answers with the response value, or with its JSON bytes already serialised (`answerQuery`). */
export type OperationHandler<Op extends ApiOperation> = (
  context: HandlerContext<BodyOf<Op>, ParamsOf<Op>>,
) => ResponseOf<Op> | JsonAnswer<ResponseOf<Op>> | Promise<ResponseOf<Op> | JsonAnswer<ResponseOf<Op>>>;

/** How a kind of route lets requests in. */
interface Gate {
  /** Headers on every response of the route. */
  headers(allow: string): Record<string, string>;
  /** OPTIONS: the CORS preflight. */
  preflight(context: RequestContext, allow: string): Response;
  /** Who is asking and the limits that count it (null: not counted), or throws the refusal (401, 403). */
  identify(context: RequestContext, services: ApiServices): Promise<Counted | null>;
}

interface Counted {
  subject: string;
  windows: readonly WindowLimit[];
}

function createRoute(routes: readonly OperationRoute[], gate: Gate, services: () => ApiServices): RouteHandlers {
  for (const { operation } of routes) {
    if ((operation.method === "post" || operation.method === "put") && operation.request === undefined) {
      throw new Error(`${operation.operationId}: a ${operation.method.toUpperCase()} operation needs a request schema`);
    }
  }
  const path = routes[0]!.operation.path;
  const byMethod = new Map(routes.map((r) => [r.operation.method.toUpperCase() as Method, r]));
  const allow = allowedMethods(routes.map((r) => r.operation.method));

  const handle =
    (handlerMethod: Method | "OPTIONS"): RouteHandler =>
    (request) =>
      serve(request, gate.headers(allow), async (context) => {
        const called = unservedMethod(request) ?? handlerMethod;
        const url = new URL(request.url);
        if (path.endsWith("/") && !url.pathname.endsWith("/")) return slashRedirect(context, url);
        if (called === "OPTIONS") return gate.preflight(context, allow);
        // Before the key check: a wrong method costs nothing, so it is neither authenticated nor counted.
        const chosen = byMethod.get(called as Method);
        if (chosen === undefined) {
          throw new HttpProblem("method_not_allowed", methodNotAllowedDetail(called, path, [...byMethod.keys()].join(" or ")), { headers: { Allow: allow } });
        }
        const { operation, handler } = chosen;
        const schema = operation.request?.schema;
        const shared = services();
        const counted = await gate.identify(context, shared);
        // Received before counting: a body that never arrives (408) costs the caller nothing.
        const received = schema === undefined ? null : await receiveBody(request, shared.bodyTimeoutMs);
        const admitted = counted === null ? null : await throttle(context, counted, shared);
        const params = pathParams(operation, url.pathname);
        const body = received !== null && schema !== undefined ? parseRequestBody(schema, parseJsonObject(request.headers, received)) : undefined;
        const result = await refundUnstartedWork(context, admitted, shared, () =>
          handler({
            body: body as never,
            params: params as never,
            request,
            requestId: context.requestId,
            keyId: context.keyId,
            accountId: context.accountId,
            responseHeaders: context.headers,
            caller: context.caller ?? "open",
            bound: operation.responseBound,
          }),
        );
        if (operation.status === 204) return new Response(null, { status: 204, headers: context.headers });
        const json = result instanceof JsonAnswer ? result.bytes : boundedJson(operation, result);
        return operation.method === "get" ? revalidatableResponse(context, json) : jsonResponse(context, json, "no-store", operation.status);
      });

  return {
    GET: handle("GET"),
    POST: handle("POST"),
    PUT: handle("PUT"),
    PATCH: handle("PATCH"),
    DELETE: handle("DELETE"),
    OPTIONS: handle("OPTIONS"),
  };
}

/**
 * The values of an operation's path parameters in the request's path (the segments where its path
 * has `{name}`), checked by its `params`: a refused value names nothing, so it is a 404 naming it.
 */
function pathParams(operation: ApiOperation, pathname: string): Record<string, unknown> {
  if (operation.params === undefined) return {};
  const template = operation.path.split("/");
  const sent = pathname.split("/");
  const raw = Object.fromEntries(template.flatMap((part, i) => (/^\{\w+\}$/.test(part) ? [[part.slice(1, -1), decodeURIComponent(sent[i] ?? "")]] : [])));
  const checked = operation.params.safeParse(raw);
  if (checked.success) return checked.data;
  const name = String(checked.error.issues[0]?.path[0] ?? "");
  throw new HttpProblem("no_such_resource", `No resource has the ${name} ${JSON.stringify(String(raw[name]).slice(0, 80))}.`);
}

/**
 * An answer serialised on this thread (the operations that do not run in a query worker: the
 * options, the documents): no request member makes those larger, so one over its bound is a
 * fault of the server (500), never sent.
 */
function boundedJson(operation: Pick<ApiOperation, "operationId" | "responseBound">, result: unknown): string {
  const json = JSON.stringify(result);
  if (Buffer.byteLength(json) > operation.responseBound.maxBytes) throw new Error(`${operation.operationId}: answer over its bound of ${operation.responseBound.maxBytes} bytes`);
  return json;
}

/**
 * The spec's paths end with a slash; the same path without it answers 308 Permanent Redirect to
 * it, which clients follow keeping the method and body (before any key check: it costs nothing).
 */
function slashRedirect(context: RequestContext, url: URL): Response {
  context.headers.set("Location", `${url.pathname}/${url.search}`);
  return new Response(null, { status: 308, headers: context.headers });
}

/** The `Allow` header of a path with these operations' methods (GET brings HEAD). */
export const allowedMethods = (methods: readonly ApiOperation["method"][]) =>
  [...methods.flatMap((m) => (m === "get" ? ["GET", "HEAD"] : [m.toUpperCase()])), "OPTIONS"].join(", ");
export const methodNotAllowedDetail = (called: string, path: string, method: string) => `${called} is not allowed on ${path}; use ${method}.`;
export const notFoundDetail = (path: string) =>
  `No operation at ${path}. The operations are listed at ${path.startsWith("/api/v2/") ? "/api/v2/openapi.json" : "/api/v1/openapi.json"}.`;

const noContent = (context: RequestContext, allow: string) => {
  context.headers.set("Allow", allow);
  return new Response(null, { status: 204, headers: context.headers });
};

export const UNAUTHORIZED_DETAIL = "A valid API key is required: send it as `Authorization: Bearer <key>`.";
export const WWW_AUTHENTICATE = 'Bearer realm="api"';

// One answer for a missing, malformed, unknown or revoked key, so a caller learns nothing from it.
const UNAUTHORIZED = () => new HttpProblem("unauthorized", UNAUTHORIZED_DETAIL, { headers: { "WWW-Authenticate": WWW_AUTHENTICATE } });

/** The 429 of an address whose keys are no longer checked (lib/auth/failed-auth-throttle.ts). */
export const FAILED_AUTH_POLICY = "failed-authentications";
export const failedAuthDetail = (retryAfterSeconds: number) =>
  `Too many requests from your address had their \`Authorization\` header refused; no API key from it is checked for ${retryAfterSeconds} seconds.`;

const apiKeyGate: Gate = {
  headers: publicCorsHeaders,
  preflight: noContent,
  async identify(context, services) {
    // Decided before any rate limiting: refused keys never count against a key's limits, and the
    // check is cheap. They count per client address; past the limit a key is not even looked up.
    const authorization = context.request.headers.get("authorization");
    const address = clientAddress(context.request.headers, services.trustProxyHops);
    const retryAfter = authorization === null ? 0 : services.failedAuth.retryAfterSeconds(address, services.now());
    if (retryAfter > 0) {
      throw new HttpProblem("rate_limited", failedAuthDetail(retryAfter), { headers: { "Retry-After": String(retryAfter) }, members: { "violated-policies": [FAILED_AUTH_POLICY] } });
    }
    // Counted before the check and taken back if the key is valid: concurrent bad keys cannot all
    // pass the check above before the first refusal is recorded.
    const forgive = () => authorization !== null && services.failedAuth.forgive(address, services.now());
    if (authorization !== null) services.failedAuth.recordFailure(address, services.now());
    const key = await services.authenticate(authorization).catch((error: unknown) => {
      forgive(); // the store could not answer (503): not a refused key
      throw error;
    });
    if (key === null) throw UNAUTHORIZED();
    forgive();
    context.keyId = key.keyId;
    context.accountId = key.accountId;
    // A key whose tier was removed from the configuration falls back to the default tier.
    return { subject: `key:${key.keyId}`, windows: services.tiers.get(key.tier) ?? services.tiers.get(DEFAULT_TIER)! };
  },
};

const openGate: Gate = {
  headers: publicCorsHeaders,
  preflight: noContent,
  identify: async () => null,
};

const sameOriginGate: Gate = {
  headers: () => ({}),
  preflight(context, allow) {
    assertSameOrigin(context.request);
    return noContent(context, allow);
  },
  async identify(context, services) {
    assertSameOrigin(context.request);
    const address = clientAddress(context.request.headers, services.trustProxyHops);
    const token = context.request.headers.get(UI_TOKEN_HEADER);
    const now = services.now();
    const check = services.uiTokens.verify(token, address, now);
    if (check !== "valid") throw uiTokenRefused(check);
    if (services.uiTokens.renewalDue(token!, now)) context.headers.set(UI_TOKEN_HEADER, services.uiTokens.issue(address, now));
    return { subject: `ui:${address}`, windows: services.uiWindows };
  },
};

const PUBLIC_API_HINT = "Programs use the public API (/api/v1/, /api/v2/) with an API key: see /docs/.";

function uiTokenRefused(check: Exclude<UiTokenCheck, "valid">): HttpProblem {
  const detail =
    check === "expired"
      ? `This page's token has expired (the page was left unused); reload the page. ${PUBLIC_API_HINT}`
      : `This endpoint serves this site's own pages, which send the token they were rendered with. ${PUBLIC_API_HINT}`;
  return new HttpProblem("ui_token", detail, { headers: { "WWW-Authenticate": 'UiToken realm="pages"' } });
}

/** The token a page carries for the UI endpoints (components/ui-token-meta.tsx), for the client that asked for the page. */
export function issuePageToken(headers: Headers, services = apiServices): string {
  const s = services();
  return s.uiTokens.issue(clientAddress(headers, s.trustProxyHops), s.now());
}

/**
 * A server-rendered page that runs a UI operation (the first results of a shared link) counts
 * against the same per-client UI limit as the operation's endpoint. Returns the caller for the
 * query pool, or null when refused (the page then renders without results and the browser's own
 * request waits for the limit).
 */
export async function admitPageRender(headers: Headers, services = apiServices): Promise<string | null> {
  const s = services();
  const caller = uiSubject(headers, s);
  return (await s.limiter.consume(caller, s.uiWindows, s.now())).allowed ? caller : null;
}

async function throttle(context: RequestContext, { subject, windows }: Counted, services: ApiServices): Promise<Admitted> {
  const decision = await services.limiter.consume(subject, windows, services.now());
  context.caller = subject;
  setRateLimitHeaders(context, decision);
  if (decision.allowed) return decision;
  throw new HttpProblem("rate_limited", rateLimitedDetail(decision), { members: { "violated-policies": decision.violated } });
}

type Admitted = Extract<RateLimitDecisionWithReceipt, { allowed: true }>;

const setRateLimitHeaders = (context: RequestContext, decision: RateLimitDecision) => {
  for (const [name, value] of Object.entries(rateLimitHeaders(decision))) context.headers.set(name, value);
};

/**
 * Runs the handler; when the query pool refuses the request before any worker ran it (a 503: the
 * caller's or the server's queue is full, its deadline passed while it waited, the server is
 * stopping), the request is taken back from the caller's limits (it was counted when admitted),
 * and its RateLimit header says so. Work a worker spent time on stays counted, 503 or not. A
 * refund that fails is logged: the refusal still goes out.
 */
async function refundUnstartedWork<T>(context: RequestContext, admitted: Admitted | null, services: ApiServices, run: () => Promise<T> | T): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (admitted !== null && error instanceof WorkUnavailableError && !error.ran) {
      try {
        await services.limiter.refund(admitted.receipt);
        setRateLimitHeaders(context, { ...admitted, policies: admitted.policies.map((p) => ({ ...p, remaining: Math.min(p.limit, p.remaining + 1) })) });
      } catch (refundError) {
        logLine("warn", "rate-limit refund failed", { request_id: context.requestId, error: describeError(refundError, false) });
      }
    }
    throw error;
  }
}

/** The 429 detail: which limit is exhausted and when a request will pass. */
export function rateLimitedDetail(decision: RateLimitDecision): string {
  const exhausted = decision.policies
    .filter((p) => decision.violated.includes(p.name))
    .map((p) => `"${p.name}" (${p.limit} requests per ${p.windowSeconds} seconds)`)
    .join(" and ");
  return `Rate limit ${exhausted} exhausted; retry in ${decision.retryAfterSeconds} seconds.`;
}

/**
 * Browsers say where a request comes from: `Sec-Fetch-Site` (all current browsers, on every
 * request) and `Origin` (cross-origin requests and POSTs). A request passes when it says it comes
 * from this site's pages: `Sec-Fetch-Site: same-origin`, or (a browser without Sec-Fetch-Site) an
 * `Origin` of this host. Anything else, no header at all included, is not this site's page.
 */
function assertSameOrigin(request: Request): void {
  const site = request.headers.get("sec-fetch-site");
  const origin = request.headers.get("origin");
  const originIsOurs = origin !== null && hostOf(origin) === request.headers.get("host");
  if (site === null ? originIsOurs : site === "same-origin" && (origin === null || originIsOurs)) return;
  throw new HttpProblem("cross_origin", "This endpoint serves this site's own pages only; programs use /api/v1/ with an API key.");
}

function hostOf(origin: string): string | null {
  try {
    return new URL(origin).host;
  } catch {
    return null;
  }
}

/** The UI limit's subject: the client's address. */
const uiSubject = (headers: Headers, services: ApiServices) => `ui:${clientAddress(headers, services.trustProxyHops)}`;

/**
 * The client address: the `x-forwarded-for` entry `trustedHops` from its end. Its last entry is
 * always the socket's address (lib/http/request-edge.ts appends it: Next keeps a client's own
 * header as sent), and each trusted proxy in front of the app appended the address it was called
 * from; entries before those are the client's own words. With fewer entries than that (a request
 * that bypassed a proxy), the first.
 */
export function clientAddress(headers: Headers, trustedHops: number): string {
  const entries = (headers.get(FORWARDED_FOR_HEADER) ?? "").split(",").map((entry) => entry.trim());
  return entries[Math.max(0, entries.length - 1 - trustedHops)] || "unknown";
}
