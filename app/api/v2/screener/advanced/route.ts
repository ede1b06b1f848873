// POST /api/v2/screener/advanced/ - the v1 advanced screen, optionally as of a past date
import { apiRoute } from "@/lib/api/route";
import { advancedScreenV2Operation } from "@/lib/api/screener-v2-operations";
import { answerQuery } from "@/lib/work/query-pool";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoute(advancedScreenV2Operation, (context) => answerQuery("screen", context));
