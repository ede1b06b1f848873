// POST /api/ui/account/ - the page's account state
import { accountStateRoute } from "@/lib/api/account-routes";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = accountStateRoute;
