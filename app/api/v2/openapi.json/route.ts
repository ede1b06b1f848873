// GET /api/v2/openapi.json - the OpenAPI 3.1 document of API v2 (no key needed)
import { API_V2, documentPath } from "@/lib/api/api-versions";
import { publicApiDocument } from "@/lib/api/public-document";
import { documentRoute } from "@/lib/api/route";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = documentRoute(documentPath(API_V2), () => publicApiDocument(API_V2));
