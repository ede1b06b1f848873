// POST /api/v1/screener/basic/ - run a screen with the basic filter set
import { apiRoute } from "@/lib/api/route";
import { basicScreenOperation } from "@/lib/screener/operations";
import { runScreen } from "@/lib/screener/service";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoute(basicScreenOperation, ({ body }) => runScreen(body));
