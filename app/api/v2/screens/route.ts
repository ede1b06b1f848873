// GET, POST /api/v2/screens/ - the key's saved screens; save one
import { apiResource } from "@/lib/api/route";
import { screensRoutes } from "@/lib/api/saved-screen-routes";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiResource(screensRoutes);
