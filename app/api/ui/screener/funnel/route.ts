// POST /api/ui/screener/funnel/ - companies left after each filter, for explaining an empty screen
import { uiRoute } from "@/lib/api/route";
import { countFilterFunnel, screenFunnelOperation } from "@/lib/screener/funnel";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = uiRoute(screenFunnelOperation, ({ body }) => countFilterFunnel(body));
