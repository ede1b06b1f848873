// GET /api/v2/screens/{id}/deliveries/ - the latest attempts to deliver a saved screen's alerts
import { deliveriesRoutes } from "@/lib/api/saved-screen-routes";
import { apiResource } from "@/lib/api/route";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiResource(deliveriesRoutes);
