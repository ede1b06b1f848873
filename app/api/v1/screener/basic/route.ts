// POST /api/v1/screener/basic/ - run a screen with the basic filter set
import { apiRoute } from "@/lib/api/route";
import { basicScreenOperation } from "@/lib/api/screener-operations";
import { answerQuery } from "@/lib/work/query-pool";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoute(basicScreenOperation, (context) => answerQuery("screen", context));
