import { env } from "@/lib/env";
import { parseTiers } from "@/lib/rate-limit/tiers";
import { API_V1, type ApiVersion } from "./api-versions";
import { buildOpenApiDocument, type OpenApiDocument } from "./openapi";

const cached = new Map<ApiVersion["id"], OpenApiDocument>();

/** A version's served OpenAPI document (built once per process: operations and tiers do not change while it runs). */
export function publicApiDocument(api: ApiVersion = API_V1): OpenApiDocument {
  let document = cached.get(api.id);
  if (!document) {
    document = buildOpenApiDocument(api.operations, parseTiers(env().RATE_LIMIT_TIERS), api);
    cached.set(api.id, document);
  }
  return document;
}
