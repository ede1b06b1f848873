// POST /api/v2/screener/history/ - who entered and left a screen over a range of trading days, and why
import { apiRoute } from "@/lib/api/route";
import { membershipHistoryOperation } from "@/lib/api/screener-v2-operations";
import { answerQuery } from "@/lib/work/query-pool";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoute(membershipHistoryOperation, (context) => answerQuery("membershipHistory", context));
