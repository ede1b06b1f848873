// POST /api/v1/screener/advanced/ - run a screen with the advanced contract
import { apiRoute } from "@/lib/api/route";
import { advancedScreenOperation } from "@/lib/api/screener-operations";
import { answerQuery } from "@/lib/work/query-pool";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoute(advancedScreenOperation, (context) => answerQuery("screen", context));
