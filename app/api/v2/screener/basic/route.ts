// POST /api/v2/screener/basic/ - the v1 basic screen, optionally as of a past date
import { apiRoute } from "@/lib/api/route";
import { basicScreenV2Operation } from "@/lib/api/screener-v2-operations";
import { answerQuery } from "@/lib/work/query-pool";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoute(basicScreenV2Operation, (context) => answerQuery("screen", context));
