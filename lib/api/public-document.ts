import { env } from "@/lib/env";
import { parseTiers } from "@/lib/rate-limit/tiers";
import { buildOpenApiDocument, type OpenApiDocument } from "./openapi";
import { publicOperations } from "./operations";

let cached: OpenApiDocument | undefined;

/** The served OpenAPI document (built once per process: operations and tiers do not change while it runs). */
export function publicApiDocument(): OpenApiDocument {
  cached ??= buildOpenApiDocument(publicOperations, parseTiers(env().RATE_LIMIT_TIERS));
  return cached;
}
