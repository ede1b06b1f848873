// POST /api/v2/screens/{id}/history/ - who entered and left a saved screen over a range of trading days, and why
import { screenHistoryRoutes } from "@/lib/api/saved-screen-routes";
import { apiResource } from "@/lib/api/route";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiResource(screenHistoryRoutes);
