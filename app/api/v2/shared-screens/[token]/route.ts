// GET /api/v2/shared-screens/{token}/ - a screen its owner shared, read-only
import { apiResource } from "@/lib/api/route";
import { sharedScreenRoutes } from "@/lib/api/saved-screen-routes";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiResource(sharedScreenRoutes);
