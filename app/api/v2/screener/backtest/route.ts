// POST /api/v2/screener/backtest/ - a screen run as of each rebalance date, with returns against the benchmark
import { apiRoute } from "@/lib/api/route";
import { backtestOperation } from "@/lib/api/screener-v2-operations";
import { answerQuery } from "@/lib/work/query-pool";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoute(backtestOperation, (context) => answerQuery("backtest", context));
