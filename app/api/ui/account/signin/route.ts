// POST /api/ui/account/signin/ - sign in
import { signInRoute } from "@/lib/api/account-routes";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = signInRoute;
