// POST /api/ui/screener/advanced/ - the screener page's advanced screens (same-origin, no API key)
import { uiRoute } from "@/lib/api/route";
import { advancedScreenOperation } from "@/lib/screener/operations";
import type { ScreenRequest } from "@/lib/screener/request-schema";
import { runScreen } from "@/lib/screener/service";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = uiRoute(advancedScreenOperation, ({ body }) => runScreen(body as ScreenRequest));
