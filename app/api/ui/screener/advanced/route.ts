// POST /api/ui/screener/advanced/ - the screener page's advanced screens (same-origin, no API key)
import { uiRoute } from "@/lib/api/route";
import { uiAdvancedScreenOperation } from "@/lib/api/screener-operations";
import { answerQuery } from "@/lib/work/query-pool";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = uiRoute(uiAdvancedScreenOperation, (context) => answerQuery("screen", context));
