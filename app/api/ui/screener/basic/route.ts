// POST /api/ui/screener/basic/ - the screener page's basic screens (same-origin, no API key)
import { uiRoute } from "@/lib/api/route";
import { basicScreenOperation } from "@/lib/screener/operations";
import type { ScreenRequest } from "@/lib/screener/request-schema";
import { runScreen } from "@/lib/screener/service";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = uiRoute(basicScreenOperation, ({ body }) => runScreen(body as ScreenRequest));
