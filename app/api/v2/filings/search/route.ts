// POST /api/v2/filings/search/ - v1's filing search plus date ranges, several companies, form groups, sort, cursor paging and similar passages
import { apiRoute } from "@/lib/api/route";
import { filingSearchV2Operation } from "@/lib/api/filing-v2-operations";
import { answerQuery } from "@/lib/work/query-pool";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoute(filingSearchV2Operation, (context) => answerQuery("searchFilingsV2", context));
