import { z } from "zod";
import { ANSWER_BOUNDS } from "@/lib/api/answer-bounds";
import type { ApiOperation } from "@/lib/api/operation";

/**
 * A GET operation that exists only in tests and benchmarks: the route wrapper around a handler
 * that does nothing (`apiRoute(STATUS_OPERATION, () => ({ ok: true }), ...)`).
 */
export const STATUS_OPERATION = {
  operationId: "status",
  method: "get",
  path: "/api/v1/test/status/",
  summary: "Status",
  description: "Test-only GET operation.",
  tags: ["Screener"],
  response: { schema: z.object({ ok: z.boolean() }), description: "ok", examples: {} },
  responseBound: ANSWER_BOUNDS.options,
} satisfies ApiOperation;
