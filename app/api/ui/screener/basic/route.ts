// POST /api/ui/screener/basic/ - the screener page's basic screens (same-origin, no API key)
import { uiRoute } from "@/lib/api/route";
import { uiBasicScreenOperation } from "@/lib/api/screener-operations";
import { answerQuery } from "@/lib/work/query-pool";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = uiRoute(uiBasicScreenOperation, (context) => answerQuery("screen", context));
