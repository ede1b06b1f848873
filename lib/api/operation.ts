import type { z } from "zod";
import type { AnswerBound } from "@/lib/work/worker-protocol";

/** Operation tags with their descriptions (the OpenAPI document lists those of its operations). */
export const API_TAGS = {
  "Filing search": "Passages of company filings (10-K, 10-Q, 8-K, earnings releases, annual reports) found by keyword, vector or hybrid search.",
  Screener: "Companies filtered, sorted and paged by the screener's catalog of filters and fields; the options operation publishes that catalog.",
  "Saved screens": "Screens kept for the key that saved them (a name, notes and a v2 screen request), with a stable id and an optional read-only share token.",
  // The browser UI's own operations (/api/ui/), in no public document.
  "Filing search UI": "The filing search of the app's own pages, optionally limited to the companies of a screen.",
  "Screener UI": "The screener page's own operations.",
  "Account UI": "The account page's own operations: sign-up, sign-in, sign-out and the account's API keys.",
} as const;
export type ApiTag = keyof typeof API_TAGS;

/**
 * One public API operation, described once: the route wrapper validates requests with its schema,
 * and the OpenAPI document is generated from it. The operations live in lib/api
 * (screener-operations.ts, filing-operations.ts, ui-operations.ts) and take their schemas from the
 * domains (lib/screener, lib/filings), which never import lib/api.
 */
export interface ApiOperation<Request extends z.ZodType = z.ZodType, Response extends z.ZodType = z.ZodType> {
  operationId: string;
  method: "get" | "post" | "put" | "delete";
  /**
   * The path exactly as the spec writes it, trailing slash included (`/api/v1/screener/basic/`); a
   * resource's parameters in braces (`/api/v2/screens/{id}/`), described by `params`.
   */
  path: string;
  /** The path's parameters; a value the schema refuses is a 404 naming it, as one that names nothing. */
  params?: z.ZodObject;
  /** The path with example values of its parameters (the reference's curl commands). */
  pathExample?: string;
  /** A success's status: 200 unless 201 (created, the new resource in the body) or 204 (no body). */
  status?: 201 | 204;
  /** Answered on the server's own thread from the API state (no query worker: none of their 503s). */
  inProcess?: true;
  summary: string;
  description: string;
  tags: ApiTag[];
  /** JSON body (POST and PUT operations). */
  request?: { schema: Request; examples: Record<string, OperationExample> };
  response: { schema: Response; description: string; examples: Record<string, OperationExample> };
  /**
   * The largest answer it sends (at most MAX_ANSWER_BYTES), from its request bounds, and what makes
   * an answer smaller: documented in the OpenAPI document; an answer over it is refused, never sent.
   */
  responseBound: AnswerBound;
  /**
   * What the operation's service can throw (a database being built, a failing backend), one
   * example each: the OpenAPI document shows the status, body and headers the pipeline maps it to.
   */
  serviceErrors?: Record<string, ServiceErrorExample>;
}

/** No operation's answer is larger (docs/api.md "Answer sizes"). */
export const MAX_ANSWER_BYTES = 10_000_000;

export interface ServiceErrorExample {
  summary: string;
  error: Error;
}

export interface OperationExample {
  summary: string;
  value: unknown;
}
