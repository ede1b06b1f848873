// POST /api/ui/screener/funnel/ - companies left after each filter, for explaining an empty screen
import { uiRoute } from "@/lib/api/route";
import { screenFunnelOperation } from "@/lib/api/ui-operations";
import { answerQuery } from "@/lib/work/query-pool";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = uiRoute(screenFunnelOperation, (context) => answerQuery("screenFunnel", context));
