// POST /api/ui/account/signout/ - sign out
import { signOutRoute } from "@/lib/api/account-routes";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = signOutRoute;
