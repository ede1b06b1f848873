// POST /api/ui/screener/history/ - the screener page's membership histories (same-origin, no API key)
import { uiRoute } from "@/lib/api/route";
import { uiMembershipHistoryOperation } from "@/lib/api/ui-operations";
import { answerQuery } from "@/lib/work/query-pool";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = uiRoute(uiMembershipHistoryOperation, (context) => answerQuery("membershipHistory", context));
