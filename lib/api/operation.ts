import type { z } from "zod";

/**
 * One public API operation, described once: the route wrapper validates requests with its schema,
 * and the OpenAPI document is generated from it. Domain modules (lib/screener, lib/filings) export
 * their operations; lib/api builds routes and the document from them.
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
  /** Error statuses this operation can answer besides 400/401/413/415/429 (e.g. 502 for filing search). */
  extraErrorStatuses?: number[];
}

export interface OperationExample {
  summary: string;
  value: unknown;
}
