import type { AnswerBound } from "@/lib/work/worker-protocol";
import { createDocument, type oas31, type ZodOpenApiOperationObject, type ZodOpenApiResponseObject } from "zod-openapi";
import { rateLimitHeaders } from "@/lib/rate-limit/headers";
import { decide, type WindowLimit } from "@/lib/rate-limit/sliding-window";
import { DEFAULT_TIER, type Tiers } from "@/lib/rate-limit/tiers";
import { MAX_BODY_BYTES, MAX_BODY_DEPTH } from "./body-limits";
import { REQUEST_TIMEOUT_DETAIL, TOO_LARGE_DETAIL, UNSUPPORTED_MEDIA_TYPE_DETAIL } from "./json-body";
import { deserializeError } from "@/lib/work/serialized-error";
import { POOL_REFUSALS } from "@/lib/work/worker-pool";
import { RateLimitStoreUnavailableError } from "@/lib/rate-limit/sliding-window";
import { checkOrderMarkdown } from "./check-order";
import { ValidationError } from "@/lib/errors";
import { API_V1, type ApiVersion } from "./api-versions";
import { API_TAGS, type ApiOperation, type OperationExample, type ServiceErrorExample } from "./operation";
import { problemFor } from "./pipeline";
import { PROBLEM_CONTENT_TYPE, PROBLEMS, type ProblemBody, type ProblemKind, ProblemSchema, problemBody, problemType } from "./problem";
import {
  allowedMethods,
  FAILED_AUTH_POLICY,
  failedAuthDetail,
  methodNotAllowedDetail,
  notFoundDetail,
  rateLimitedDetail,
  UNAUTHORIZED_DETAIL,
  WWW_AUTHENTICATE,
} from "./route";
import { fieldErrorsFromZod } from "@/lib/zod-field-errors";

export type OpenApiDocument = ReturnType<typeof createDocument>;

const header = (name: string) => ({ $ref: `#/components/headers/${name}` });

/** A sample decision of the default tier, from the limiter's own code: used for header examples. */
function sampleDecisions(windows: readonly WindowLimit[]) {
  const now = Date.parse("2026-01-05T12:00:00Z");
  const fresh = decide(windows, windows.map(() => ({ count: 0, oldestMs: null, freeAtMs: null })), now);
  const exhausted = decide(
    windows,
    windows.map((w, i) => (i === 0 ? { count: w.limit, oldestMs: now - 48_000, freeAtMs: now + 12_000 } : { count: 42, oldestMs: now - 3_600_000, freeAtMs: null })),
    now,
  );
  return { fresh, exhausted };
}

function describeTiers(tiers: Tiers): string {
  return [...tiers]
    .map(([name, windows]) => `- \`${name}\`: ${windows.map((w) => `${w.limit} requests per ${w.name === "day" ? "rolling 24 hours" : w.name}`).join(", ")}`)
    .join("\n");
}

/**
 * The OpenAPI 3.1 document of the public API, generated from the operations' zod schemas (the
 * same ones that validate requests) and examples. Every operation lists every status it can
 * answer, each with an example body.
 */
export function buildOpenApiDocument(operations: readonly ApiOperation[], tiers: Tiers, api: ApiVersion = API_V1): OpenApiDocument {
  const starter = tiers.get(DEFAULT_TIER)!;
  const { fresh, exhausted } = sampleDecisions(starter);
  const freshHeaders = rateLimitHeaders(fresh);
  const exhaustedHeaders = rateLimitHeaders(exhausted);

  const problem = (
    kind: ProblemKind,
    examples: Record<string, OperationExample>,
    headers: string[] = [],
    operationHeaders: Record<string, oas31.HeaderObject> = {},
  ): ZodOpenApiResponseObject => ({
    description: `${PROBLEMS[kind].title}. ${PROBLEMS[kind].when}`,
    headers: { ...Object.fromEntries(["X-Request-Id", ...headers].map((name) => [name, header(name)])), ...operationHeaders },
    content: { [PROBLEM_CONTENT_TYPE]: { schema: ProblemSchema, examples } },
  });
  const one = (kind: ProblemKind, detail: string, members?: Record<string, unknown>) => ({
    [kind]: { summary: PROBLEMS[kind].title, value: problemBody(kind, detail, members) },
  });
  const limited = ["RateLimit-Policy", "RateLimit"];
  // Errors thrown after admission (the operation's own, the limiter's, anything unexpected), as the
  // real error mapping answers them, grouped by status.
  const WORKER_ERRORS: Record<string, ServiceErrorExample> = {
    deadline: { summary: "Past the deadline (2 s for screens, 5 s for filing searches by default)", error: deserializeError(POOL_REFUSALS.deadline(2000, true)) },
    queue: { summary: "The caller already has as many requests running and waiting as it may", error: deserializeError(POOL_REFUSALS.callerFull(1, 4)) },
  };

  const thrownErrors = (op: ApiOperation): Record<string, ZodOpenApiResponseObject> => {
    const errors: [string, ServiceErrorExample][] = [
      ...Object.entries(op.serviceErrors ?? {}),
      // Operations with a body run in the query workers (lib/work/query-pool.ts), unless answered in process.
      ...(op.request && !op.inProcess ? Object.entries(WORKER_ERRORS) : []),
      ["limiter", { summary: "The rate-limit store is unreachable", error: new RateLimitStoreUnavailableError(null) }],
      ["internal", { summary: PROBLEMS.internal.title, error: new Error("unexpected") }],
    ];
    const byStatus = new Map<number, { kind: ProblemKind; examples: Record<string, OperationExample>; headers: Set<string> }>();
    for (const [name, { summary, error }] of errors) {
      const { body, headers } = problemFor(error);
      const group = byStatus.get(body.status) ?? { kind: kindOf(body), examples: {}, headers: new Set(limited) };
      group.examples[name] = { summary, value: body };
      Object.keys(headers).forEach((h) => group.headers.add(h));
      byStatus.set(body.status, group);
    }
    return Object.fromEntries(
      [...byStatus].map(([status, { kind, examples, headers }]) => [String(status), problem(kind, examples, [...headers])]),
    );
  };

  /** An operation of a path whose operations have `methods`. */
  const operationObject = (op: ApiOperation, methods: readonly ApiOperation["method"][]): ZodOpenApiOperationObject => {
    const isGet = op.method === "get";
    const success = String(op.status ?? 200);
    const responses: ZodOpenApiOperationObject["responses"] = {
      [success]: {
        description: op.response.description,
        headers: Object.fromEntries(["X-Request-Id", ...limited, ...(isGet ? ["ETag"] : [])].map((name) => [name, header(name)])),
        ...(op.status === 204 ? {} : { content: { "application/json": { schema: op.response.schema, examples: op.response.examples } } }),
      },
    };
    if (isGet) {
      responses["304"] = {
        description: "Not modified: `If-None-Match` named the current `ETag`. No body; counts against the limits like any request.",
        headers: Object.fromEntries(["X-Request-Id", ...limited, "ETag"].map((name) => [name, header(name)])),
      };
    }
    responses["308"] = {
      description: "The path without its trailing slash: `Location` is the path with it (query kept). Clients follow it keeping the method and body. No body; needs no key and does not count.",
      headers: {
        "X-Request-Id": header("X-Request-Id"),
        Location: { description: "The path with its trailing slash.", schema: { type: "string" }, example: op.path },
      },
    };
    if (op.request) {
      responses["400"] = problem("validation", validationExamples(op), limited);
    }
    const wrongMethod = (["post", "get", "put", "delete", "patch"] as const).find((m) => !(methods as readonly string[]).includes(m))!.toUpperCase();
    const pathMethods = methods.map((m) => m.toUpperCase()).join(" or ");
    responses["405"] = problem("method_not_allowed", one("method_not_allowed", methodNotAllowedDetail(wrongMethod, op.path, pathMethods)), [], {
      Allow: { description: "The methods of this path.", schema: { type: "string" }, example: allowedMethods(methods) },
    });
    responses["401"] = problem("unauthorized", one("unauthorized", UNAUTHORIZED_DETAIL), ["WWW-Authenticate"]);
    if (op.request) {
      responses["413"] = problem("payload_too_large", one("payload_too_large", TOO_LARGE_DETAIL), limited);
      responses["415"] = problem("unsupported_media_type", one("unsupported_media_type", UNSUPPORTED_MEDIA_TYPE_DETAIL), limited);
      // Decided before the rate limiter: no RateLimit headers.
      responses["408"] = problem("request_timeout", one("request_timeout", REQUEST_TIMEOUT_DETAIL(10_000)), []);
    }
    responses["429"] = problem(
      "rate_limited",
      {
        ...one("rate_limited", rateLimitedDetail(exhausted), { "violated-policies": exhausted.violated }),
        failed_authentications: {
          summary: "Too many refused keys from this address (no RateLimit headers: the key is not checked)",
          value: problemBody("rate_limited", failedAuthDetail(42), { "violated-policies": [FAILED_AUTH_POLICY] }),
        },
      },
      [...limited, "Retry-After"],
    );
    Object.assign(responses, thrownErrors(op));
    return {
      operationId: op.operationId,
      summary: op.summary,
      description: `${op.description}\n\n${answerBoundText(op.responseBound)}`,
      tags: op.tags,
      "x-max-response-bytes": op.responseBound.maxBytes,
      ...(op.params ? { requestParams: { path: op.params } } : {}),
      ...(op.request
        ? { requestBody: { required: true, content: { "application/json": { schema: op.request.schema, examples: op.request.examples } } } }
        : {}),
      responses,
    };
  };

  return createDocument({
    openapi: "3.1.0",
    info: {
      title: "Filing Search and Equity Screener API",
      version: api.version,
      license: LICENSE,
      description: [
        `${api.summary} Base path \`${api.base}\`; every path ends with a slash as written here (the same path without it answers 308 to it).`,
        `**Authentication**: send \`Authorization: Bearer <key>\` with every operation. A missing, malformed, unknown or revoked key gets 401 (\`WWW-Authenticate: Bearer\`), decided before any rate limiting: it never counts against a key's limits. Refused keys are counted per client address: past 20 a minute (by default), requests from that address with an \`Authorization\` header get 429 (\`violated-policies\`: \`${FAILED_AUTH_POLICY}\`) without their key being checked, until \`Retry-After\`.`,
        `**Limits** per key, both windows sliding (exact counts of the requests admitted in the last 60 seconds and the last 24 hours). Every authenticated request counts, including ones that fail validation; a request refused with 429 does not.\n${describeTiers(tiers)}`,
        `**Headers**: every response has \`x-request-id\` (yours when you send a sane one, up to 128 of \`A-Za-z0-9._:-\`). Authenticated responses have \`RateLimit-Policy\` and \`RateLimit\` (IETF httpapi RateLimit header fields draft), e.g. \`RateLimit-Policy: ${freshHeaders["RateLimit-Policy"]}\` and \`RateLimit: ${freshHeaders.RateLimit}\`; a 429 adds \`Retry-After\` (seconds until a request would pass).`,
        `**Errors** are RFC 9457 problem details (\`application/problem+json\`) with \`type\`, \`title\`, \`status\` and \`detail\`; a 400 adds \`errors\`, a list of \`{ pointer, message }\` with a JSON Pointer into your body.`,
        `**Request bodies** (POST, PUT): a JSON object sent as \`Content-Type: application/json\`, at most ${MAX_BODY_BYTES} bytes (413) and ${MAX_BODY_DEPTH} levels deep; unknown members, \`__proto__\`/\`constructor\`/\`prototype\` members and non-finite numbers are rejected (400).`,
        `**Unknown paths**: any method on a path under \`/api/\` that is not listed here answers 404 with problem details (\`components.responses.NotFound\`).`,
        checkOrderMarkdown(),
        "**CORS**: any origin may call the API from a browser with a key; preflight requests are answered (`Authorization`, `Content-Type`, `If-None-Match` and `X-Request-Id` allowed), and `ETag`, `RateLimit`, `RateLimit-Policy`, `Retry-After` and `X-Request-Id` are exposed.",
      ].join("\n\n"),
    },
    servers: [
      {
        // The spec's `{base_url}`: where this deployment runs (the origin that serves this document).
        url: "{base_url}",
        description: "This deployment: `base_url` is its scheme, host and port, without a trailing slash",
        variables: { base_url: { default: "http://localhost:3000" } },
      },
    ],
    tags: [...new Set(operations.flatMap((op) => op.tags))].map((name) => ({ name, description: API_TAGS[name] })),
    security: [{ apiKey: [] }],
    paths: Object.fromEntries(
      [...new Set(operations.map((op) => op.path))].map((path) => {
        const here = operations.filter((op) => op.path === path);
        return [path, Object.fromEntries(here.map((op) => [op.method, operationObject(op, here.map((o) => o.method))]))];
      }),
    ),
    components: {
      responses: {
        NotFound: problem("not_found", one("not_found", notFoundDetail(`${api.base}screener/nothing/`))),
      },
      securitySchemes: {
        apiKey: { type: "http", scheme: "bearer", description: "An API key (`fsk_...`), sent as `Authorization: Bearer <key>`." },
      },
      headers: {
        "X-Request-Id": { description: "Identifies the request in the server log; echoes a sane incoming `x-request-id`.", schema: { type: "string" } },
        "RateLimit-Policy": {
          description: "The key's limits: one item per window with quota `q` and window `w` in seconds.",
          schema: { type: "string" },
          example: freshHeaders["RateLimit-Policy"],
        },
        RateLimit: {
          description: "Per window: `r` requests remaining after this one, `t` seconds until the window frees a request.",
          schema: { type: "string" },
          example: freshHeaders.RateLimit,
        },
        "Retry-After": {
          description: "Seconds until a request would pass.",
          schema: { type: "integer", minimum: 1 },
          example: Number(exhaustedHeaders["Retry-After"]),
        },
        "WWW-Authenticate": { description: "The authentication scheme.", schema: { type: "string" }, example: WWW_AUTHENTICATE },
        ETag: { description: "Strong validator of the body; send it back in `If-None-Match` to get 304 when unchanged.", schema: { type: "string" } },
      },
    },
  });
}

/**
 * The package is private and grants no licence (npm's `UNLICENSED`); the bundled data keeps its
 * sources' licences. OpenAPI tools require a name and an SPDX identifier or URL: `LicenseRef-` is
 * SPDX's form for a licence not on its list. Replace both when the project chooses a licence.
 */
const LICENSE = {
  name: "UNLICENSED: no licence is granted; the data keeps its sources' licences (data/SOURCES.md)",
  identifier: "LicenseRef-UNLICENSED",
};

/** The problem kind of an answer's body (a status can have several: 400 is a validation or a malformed request). */
function kindOf(body: ProblemBody): ProblemKind {
  return (Object.keys(PROBLEMS) as ProblemKind[]).find((kind) => problemType(kind) === body.type)!;
}

/** Real 400 examples: the operation's first example, spoiled, through its own schema. */
function validationExamples(op: ApiOperation): Record<string, OperationExample> {
  const first = Object.values(op.request!.examples)[0]?.value;
  const spoiled = { ...(first as Record<string, unknown>), colour: "blue" };
  const parsed = op.request!.schema.safeParse(spoiled);
  const errors = parsed.success ? [] : fieldErrorsFromZod(parsed.error);
  const notJson = "The body is not valid JSON: Unexpected token 'f', \"filters=1\" is not valid JSON";
  return {
    unknownMember: { summary: "An unknown member in the body", value: problemFor(new ValidationError(errors)).body },
    notJson: { summary: "A body that is not JSON", value: problemFor(new ValidationError([{ pointer: "", message: notJson }])).body },
  };
}

/** The answer bound as the reference states it. */
function answerBoundText({ maxBytes, narrow }: AnswerBound): string {
  const size = `${(maxBytes / 1_000_000).toLocaleString("en-US")} MB`;
  return narrow.pointer === ""
    ? `Answers are at most ${size}.`
    : `Answers are at most ${size}; a request whose answer would be larger is refused with 400 at \`${narrow.pointer}\` (${narrow.message}).`;
}
