// GET /api/v1/openapi.json - the OpenAPI 3.1 document of the public API (no key needed)
import { publicApiDocument } from "@/lib/api/public-document";
import { documentRoute } from "@/lib/api/route";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = documentRoute("/api/v1/openapi.json", () => publicApiDocument());
