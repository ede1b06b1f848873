// POST /api/v1/filings/search/ - search filing passages (keyword, vector or hybrid) with optional filters
import { apiRoute } from "@/lib/api/route";
import { filingSearchOperation } from "@/lib/api/filing-operations";
import { answerQuery } from "@/lib/work/query-pool";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoute(filingSearchOperation, (context) => answerQuery("searchFilings", context));
