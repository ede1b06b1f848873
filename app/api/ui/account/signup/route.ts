// POST /api/ui/account/signup/ - sign up
import { signUpRoute } from "@/lib/api/account-routes";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = signUpRoute;
