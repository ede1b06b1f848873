// POST /api/ui/account/screens/ - the account's saved screens (the screener's Screens menu)
import { accountScreensRoute } from "@/lib/api/account-routes";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = accountScreensRoute;
