// POST /api/ui/screener/backtest/ - the screener page's backtests (same-origin, no API key)
import { uiRoute } from "@/lib/api/route";
import { uiBacktestOperation } from "@/lib/api/ui-operations";
import { answerQuery } from "@/lib/work/query-pool";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = uiRoute(uiBacktestOperation, (context) => answerQuery("backtest", context));
