// POST /api/ui/filings/search/ - the filing search page's searches, optionally within a screen's companies (same-origin, no API key)
import { uiRoute } from "@/lib/api/route";
import { uiFilingSearchOperation } from "@/lib/api/ui-operations";
import { answerQuery } from "@/lib/work/query-pool";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = uiRoute(uiFilingSearchOperation, (context) => answerQuery("searchScreenFilings", context));
