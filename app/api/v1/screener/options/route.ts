// GET /api/v1/screener/options/ - request-building metadata of the screener
import { apiRoute } from "@/lib/api/route";
import { screenerOptionsOperation } from "@/lib/api/screener-operations";
import { getScreenerOptions } from "@/lib/screener/options";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoute(screenerOptionsOperation, getScreenerOptions);
