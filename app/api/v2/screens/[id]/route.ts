// GET, PUT, DELETE /api/v2/screens/{id}/ - one of the key's saved screens
import { apiResource } from "@/lib/api/route";
import { screenRoutes } from "@/lib/api/saved-screen-routes";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiResource(screenRoutes);
