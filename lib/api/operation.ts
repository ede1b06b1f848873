import type { z } from "zod";

/**
 * One public API operation, described once: the route wrapper validates requests with its schema,
 * and the OpenAPI document is generated from it. The operations live in lib/api
 * (screener-operations.ts, filing-operations.ts, ui-operations.ts) and take their schemas from the
 * domains (lib/screener, lib/filings), which never import lib/api.
 */
export interface ApiOperation<Request extends z.ZodType = z.ZodType, Response extends z.ZodType = z.ZodType> {
  operationId: string;
  method: "get" | "post";
  /** The path exactly as the spec writes it, trailing slash included (`/api/v1/screener/basic/`). */
  path: string;
  summary: string;
  description: string;
  tags: string[];
  /** JSON body (POST operations). */
  request?: { schema: Request; examples: Record<string, OperationExample> };
  response: { schema: Response; description: string; examples: Record<string, OperationExample> };
  /**
   * What the operation's service can throw (a database being built, a failing backend), one
   * example each: the OpenAPI document shows the status, body and headers the pipeline maps it to.
   */
  serviceErrors?: Record<string, ServiceErrorExample>;
}

export interface ServiceErrorExample {
  summary: string;
  error: Error;
}

export interface OperationExample {
  summary: string;
  value: unknown;
}
