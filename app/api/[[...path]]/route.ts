// Any /api/ path without an operation - JSON 404 problem (instead of Next's HTML page)
import { notFoundRoute } from "@/lib/api/route";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = notFoundRoute();
