import { screenScope, searchScreenFilings } from "@/lib/filings/screen-filings";
import { searchFilings, warmSearch } from "@/lib/filings/search-filings";
import { searchFilingsV2 } from "@/lib/filings/search-filings-v2";
import { runBacktest } from "@/lib/screener/backtest";
import { screenDistribution } from "@/lib/screener/distribution";
import { countFilterOutcomes } from "@/lib/screener/filter-outcomes";
import { countFilterFunnel } from "@/lib/screener/funnel";
import { runScreen } from "@/lib/screener/service";

/**
 * The database and search work that runs in the query workers (lib/work/query-worker.ts), never
 * on the thread that answers requests (lib/work/query-pool.ts sends them). Inputs are validated
 * by the operation's schema before they are sent.
 */
export const QUERY_TASKS = {
  screen: runScreen,
  backtest: runBacktest,
  screenFunnel: countFilterFunnel,
  screenOutcomes: countFilterOutcomes,
  screenDistribution,
  screenScope,
  searchFilings: (request: Parameters<typeof searchFilings>[0]) => searchFilings(request),
  searchFilingsV2: (request: Parameters<typeof searchFilingsV2>[0]) => searchFilingsV2(request),
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
