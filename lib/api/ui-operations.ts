import { ANSWER_BOUNDS } from "./answer-bounds";
import { UiFilingSearchRequest, UiFilingSearchResponse } from "@/lib/filings/screen-filings";
import { DistributionRequest, DistributionResponse } from "@/lib/screener/distribution-schema";
import { FilterOutcomesRequest, FilterOutcomesResponse } from "@/lib/screener/filter-outcomes";
import { FunnelRequest, FunnelResponse } from "@/lib/screener/funnel";
import { filingSearchOperation } from "./filing-operations";
import { backtestOperation, membershipHistoryOperation } from "./screener-v2-operations";
import type { ApiOperation } from "./operation";

/** The browser UI's own operations (not part of the public API). */
export const screenFunnelOperation = {
  operationId: "countScreenFunnel",
  method: "post",
  path: "/api/ui/screener/funnel/",
  summary: "Companies left after each filter",
  description: "Runs the screen's filters cumulatively, in the order given, and counts the companies left after each.",
  tags: ["Screener UI"],
  request: { schema: FunnelRequest, examples: {} },
  response: { schema: FunnelResponse, description: "Counts after each filter", examples: {} },
  responseBound: ANSWER_BOUNDS.screenCounts,
} satisfies ApiOperation;

export const screenOutcomesOperation = {
  operationId: "countScreenOutcomes",
  method: "post",
  path: "/api/ui/screener/outcomes/",
  summary: "What each filter left out",
  description:
    "Per filter, of the companies every other filter keeps: how many it kept, how many failed its condition, and how many it left out because the data it needs is missing, with the reasons.",
  tags: ["Screener UI"],
  request: { schema: FilterOutcomesRequest, examples: {} },
  response: { schema: FilterOutcomesResponse, description: "Outcome per filter", examples: {} },
  responseBound: ANSWER_BOUNDS.screenCounts,
} satisfies ApiOperation;

export const screenDistributionOperation = {
  operationId: "countScreenDistribution",
  method: "post",
  path: "/api/ui/screener/distribution/",
  summary: "A field's distribution over the screen's matches and the sector mix",
  description:
    "Bins a numeric field's values over every company the screen's filters match and over the whole data set (same bins), and counts the matches per sector.",
  tags: ["Screener UI"],
  request: { schema: DistributionRequest, examples: {} },
  response: { schema: DistributionResponse, description: "Bin counts and sector counts", examples: {} },
  responseBound: ANSWER_BOUNDS.screenCounts,
} satisfies ApiOperation;

export const uiFilingSearchOperation = {
  operationId: "searchFilingsUi",
  method: "post",
  path: "/api/ui/filings/search/",
  summary: "Search filings (the app's own pages)",
  description: "The public filing search, optionally limited to the companies of a screen.",
  tags: ["Filing search UI"],
  request: { schema: UiFilingSearchRequest, examples: {} },
  response: { schema: UiFilingSearchResponse, description: "The best passages, and the screen's companies with their hits", examples: {} },
  responseBound: ANSWER_BOUNDS.screenSearch,
  serviceErrors: filingSearchOperation.serviceErrors,
} satisfies ApiOperation;

/** The public backtest (`POST /api/v2/screener/backtest/`) for the screener page's Backtest view. */
export const uiBacktestOperation = {
  ...backtestOperation,
  operationId: "runScreenBacktestUi",
  path: "/api/ui/screener/backtest/",
  tags: ["Screener UI"],
} satisfies ApiOperation;

/** The public membership history (`POST /api/v2/screener/history/`) for the screener page's History view. */
export const uiMembershipHistoryOperation = {
  ...membershipHistoryOperation,
  operationId: "runMembershipHistoryUi",
  path: "/api/ui/screener/history/",
  tags: ["Screener UI"],
} satisfies ApiOperation;
