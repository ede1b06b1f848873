// POST /api/v1/screener/advanced/ - run a screen with the advanced contract
import { apiRoute } from "@/lib/api/route";
import { advancedScreenOperation } from "@/lib/screener/operations";
import { runScreen } from "@/lib/screener/service";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoute(advancedScreenOperation, ({ body }) => runScreen(body));
