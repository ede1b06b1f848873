// POST /api/ui/filings/search/ - the filing search page's searches, optionally within a screen's companies (same-origin, no API key)
import { uiRoute } from "@/lib/api/route";
import { searchScreenFilings, uiFilingSearchOperation } from "@/lib/filings/screen-filings";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = uiRoute(uiFilingSearchOperation, ({ body }) => searchScreenFilings(body));
