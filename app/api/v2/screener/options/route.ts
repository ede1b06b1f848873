// GET /api/v2/screener/options/ - the v1 options record plus the as-of range
import { apiRoute } from "@/lib/api/route";
import { screenerOptionsV2Operation } from "@/lib/api/screener-v2-operations";
import { getScreenerOptionsV2 } from "@/lib/screener/as-of-range";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoute(screenerOptionsV2Operation, getScreenerOptionsV2);
