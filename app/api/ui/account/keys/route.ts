// POST /api/ui/account/keys/ - the account's API keys
import { accountKeysRoute } from "@/lib/api/account-routes";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = accountKeysRoute;
