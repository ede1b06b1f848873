import { screenScope, searchScreenFilings } from "@/lib/filings/screen-filings";
import { searchFilings } from "@/lib/filings/search/search-v1";
import { searchFilingsV2 } from "@/lib/filings/search/search-v2";
import { warmSearch } from "@/lib/filings/search/warm-up";
import type { ParsedFilingSearchRequest } from "@/lib/filings/search-schema";
import type { ParsedFilingSearchV2Request } from "@/lib/filings/search-v2-schema";
import { runBacktest } from "@/lib/screener/backtest";
import { screenDistribution } from "@/lib/screener/distribution";
import { countFilterOutcomes } from "@/lib/screener/filter-outcomes";
import { countFilterFunnel } from "@/lib/screener/funnel";
import { runMembershipHistory } from "@/lib/screener/membership-history";
import { runScreen } from "@/lib/screener/service";

/**
 * The database and search work that runs in the query workers (lib/work/query-worker.ts), never
 * on the thread that answers requests (lib/work/query-pool.ts sends them). Each task takes its
 * operation schema's output: the route parsed the body once, and the task does not parse it again.
 */
export const QUERY_TASKS = {
  screen: runScreen,
  backtest: runBacktest,
  membershipHistory: runMembershipHistory,
  screenFunnel: countFilterFunnel,
  screenOutcomes: countFilterOutcomes,
  screenDistribution,
  screenScope,
  searchFilings: (request: ParsedFilingSearchRequest) => searchFilings(request),
  searchFilingsV2: (request: ParsedFilingSearchV2Request) => searchFilingsV2(request),
  searchScreenFilings,
};

export type QueryTasks = typeof QUERY_TASKS;
export type QueryTaskName = keyof QueryTasks;
export type QueryInput<K extends QueryTaskName> = Parameters<QueryTasks[K]>[0];
export type QueryOutput<K extends QueryTaskName> = Awaited<ReturnType<QueryTasks[K]>>;

/** Run by each query worker once it is ready: what a first search would otherwise load within its deadline. */
export async function warmUp(): Promise<void> {
  await warmSearch();
}
