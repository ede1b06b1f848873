import { ANSWER_BOUNDS } from "./answer-bounds";
import { type AsOfRange, OptionsResponseV2 } from "@/lib/screener/as-of-range";
import type { Freshness } from "@/lib/screener/freshness";
import { BacktestRequest, BacktestResponse, MAX_BACKTEST_PERIODS } from "@/lib/screener/backtest-schema";
import { MAX_HISTORY_DAYS, MembershipHistoryRequest, MembershipHistoryResponse } from "@/lib/screener/history-schema";
import { AdvancedScreenRequestV2, BasicScreenRequestV2 } from "@/lib/screener/request-schema";
import { ScreenResponse } from "@/lib/screener/response-schema";
import { FORMULA_OPTIONS } from "@/lib/screener/formula-schema";
import type { ApiOperation } from "./operation";
import { advancedScreenOperation, basicScreenOperation, screenerOptionsOperation } from "./screener-operations";

/**
 * The screener's v2 operations: v1's with an as-of date, and the backtest. Each v2 screen without
 * `as_of` answers exactly as its v1 twin (the same service; a contract test holds them equal).
 */

const SAMPLE_RANGE: AsOfRange = { min: "2012-12-31", max: "2021-04-21", default: "2017-03-31" };
/** The bundled data's freshness on the day this example was written. */
const SAMPLE_FRESHNESS: Freshness = { last_price_day: "2021-04-21", last_filing_date: "2026-03-11", weekdays_behind: 1459, prices_stale: true };

const AS_OF_RULES =
  "as_of (v2): the screen reads the values of the last trading day on or before it (response as_of), with no price after that day and no fiscal year public after it (docs/METRICS.md \"Values as of any date\"); a date outside as_of_range of GET /api/v2/screener/options/ is a 400 at /as_of. Company names, symbols and the GICS classification are those of 2016 on every date.";

const LISTINGS_RULES =
  'listings (v2): "primary" (the default, as v1 answers) returns one row per company: a company with several listed share classes (Alphabet\'s GOOGL and GOOG) is its primary listing, the class with the most traded value over the year to the default as-of date; "all" returns every listing, each class with its own price, returns and P/E and the company\'s market cap, enterprise value and the ratios built on them (docs/METRICS.md "Share classes").';

const v2Path = (path: string) => path.replace("/api/v1/", "/api/v2/");

export const screenerOptionsV2Operation = {
  ...screenerOptionsOperation,
  operationId: "getScreenerOptionsV2",
  path: v2Path(screenerOptionsOperation.path),
  description: `${screenerOptionsOperation.description} v2 adds as_of_range: the dates a screen's as_of and a backtest's start and end may take; and freshness: the last price day, the last filing date and whether the prices are more than 3 weekdays old.`,
  response: {
    schema: OptionsResponseV2,
    description: "The screener options record with the as-of range",
    examples: Object.fromEntries(
      Object.entries(screenerOptionsOperation.response.examples).map(([name, example]) => [name, { ...example, value: { ...example.value, as_of_range: SAMPLE_RANGE, freshness: SAMPLE_FRESHNESS, formulas: FORMULA_OPTIONS } }]),
    ),
  },
} satisfies ApiOperation;

/** A screen whose values rest on a fiscal year that ended long before its as-of date (docs/METRICS.md "Staleness"). */
const STALE_EXAMPLE = {
  request: {
    filters: { description_keywords: { fts: "Microsoft" } },
    fields: ["full_ticker", "marketCap_usd", "peRatio", "price", "period_end", "fundamentals_stale", "stale_fields"],
    page: { limit: 1 },
    as_of: "2021-04-21",
  },
  response: {
    as_of: "2021-04-21",
    total: 54,
    limit: 1,
    offset: 0,
    loaded_fields: ["full_ticker", "marketCap_usd", "peRatio", "price", "period_end", "fundamentals_stale", "stale_fields"],
    temporary_columns: [],
    rows: [
      { full_ticker: "NASDAQ:MSFT", marketCap_usd: 2064727754805.48, peRatio: 122.915094, price: 260.58, period_end: "2016-06-30", fundamentals_stale: true, stale_fields: ["marketCap_usd", "peRatio"] },
    ],
  },
};

/** Formulas, a sector percentile and a score built of percentiles (docs/METRICS.md "Formulas"). */
export const FORMULAS_EXAMPLE = {
  formulas: [
    { name: "fcf_yield", expression: "(operatingCashFlow + capitalExpenditures) / marketCap_usd", unit: "percent", min: 0.08 },
    { name: "roic_pct", expression: "pct(returnOnInvestedCapital, sector)", min: 80 },
    { name: "score", expression: "(pct(fcf_yield) + roic_pct + (100 - pct(peRatio))) / 3" },
  ],
  sort: { field: "score", desc: true },
  fields: ["full_ticker", "companyName", "sector", "marketCap_usd", "peRatio"],
  page: { limit: 20 },
};

const FORMULAS_RULES =
  'formulas (v2): named expressions over numeric fields, fiscal-year metrics (fy(metric, k), avg(metric, Ny)), earlier formulas, abs, log, min, max and pct(x, group), the percentile (0-100) of x among every company of the market or its sector, industry group, industry or country. Each adds its column and <name>_reason (why its value is null) to the rows, filters with min and max, and may be sort.field. A formula that does not parse is a 400 at /formulas/<i>/expression naming the character. GET /api/v2/screener/options/ lists the names and limits (formulas); docs/METRICS.md "Formulas" defines every value.';

/** A v1 screen operation at its v2 path, its request taking `as_of` and `listings`. */
function asOfScreen(v1: typeof basicScreenOperation | typeof advancedScreenOperation, schema: typeof BasicScreenRequestV2 | typeof AdvancedScreenRequestV2, operationId: string) {
  const [name, first] = Object.entries(v1.request.examples)[0]!;
  return {
    ...v1,
    operationId,
    path: v2Path(v1.path),
    description: `${v1.description}\n\n${AS_OF_RULES}\n\n${LISTINGS_RULES}\n\n${FORMULAS_RULES}`,
    request: {
      schema,
      examples: {
        ...v1.request.examples,
        [`${name}AsOf2014`]: { summary: `${first.summary}, as of 2014-12-31`, value: { ...first.value, as_of: "2014-12-31" } },
        [`${name}AllListings`]: { summary: `${first.summary}, every share class listed`, value: { ...first.value, listings: "all" } },
        staleAsOf2021: { summary: "Which values are stale, as of 2021-04-21", value: STALE_EXAMPLE.request },
        formulasAndScore: { summary: "Free cash flow yield ≥ 8%, ROIC in the top fifth of its sector, sorted by a three-factor score", value: FORMULAS_EXAMPLE },
      },
    },
    response: {
      ...v1.response,
      schema: ScreenResponse,
      examples: { ...v1.response.examples, staleAsOf2021: { summary: "Microsoft's P/E on FY2016 earnings, marked stale", value: STALE_EXAMPLE.response } },
    },
  } satisfies ApiOperation;
}

export const basicScreenV2Operation = asOfScreen(basicScreenOperation, BasicScreenRequestV2, "runBasicScreenV2");
export const advancedScreenV2Operation = asOfScreen(advancedScreenOperation, AdvancedScreenRequestV2, "runAdvancedScreenV2");

const backtestExample = {
  filters: { marketCap_usd: { min: 50_000_000_000 }, dividendYieldTTM: { min: 0.02 } },
  start: "2014-01-01",
  end: "2020-12-31",
  rebalance: "yearly",
};

export const backtestOperation = {
  operationId: "runScreenBacktest",
  method: "post",
  path: "/api/v2/screener/backtest/",
  summary: "Screen backtest",
  description: [
    "Runs an advanced screen's filters as of each rebalance date (start, then every month, quarter or year until end, each the last trading day on or before it) and holds the priced matches equally weighted until the next. A period's return is the mean of adjusted_close(end) / adjusted_close(start) − 1 over its holdings (a history that stops earlier keeps its last close, as if held in cash); benchmark_return is the same mean over every company with a price on the period's start.",
    `At most ${MAX_BACKTEST_PERIODS} periods; start and end within as_of_range of GET /api/v2/screener/options/. The summary gives cumulative and annualised return, volatility and maximum drawdown of the screen and the benchmark, the hit rate against the benchmark and the average one-way turnover; warnings state the biases (survivorship of the price set, stale fundamentals, periods with fewer than 5 holdings).`,
    "Runs in the query workers under the backtest deadline (BACKTEST_DEADLINE_MS, 10 s by default).",
  ].join("\n\n"),
  tags: ["Screener"],
  request: {
    schema: BacktestRequest,
    examples: {
      largeDividendPayers: { summary: "Large dividend payers, rebalanced yearly 2014-2020", value: backtestExample },
      quarterlyWithFields: {
        summary: "3-year average ROIC ≥ 15%, quarterly, with each holding's market cap and P/E",
        value: {
          filters: { returnOnInvestedCapital: { rules: [{ kind: "range", operand: { kind: "average", years: 3, anchor: { scope: "fy", offset: 0 } }, min: 0.15 }] } },
          start: "2015-01-01",
          end: "2016-12-31",
          rebalance: "quarterly",
          fields: ["marketCap_usd", "peRatio"],
        },
      },
    },
  },
  response: {
    schema: BacktestResponse,
    description: "The periods with their holdings and returns, the summary and the warnings",
    examples: {
      yearly: {
        summary: "Two yearly periods (cut)",
        value: {
          start: "2013-12-31",
          end: "2015-12-31",
          rebalance: "yearly",
          periods: [
            { start: "2013-12-31", end: "2014-12-31", tickers: ["NYSE:CVX", "NYSE:XOM"], matches: 2, return: 0.05, benchmark_return: 0.19, turnover: null },
            { start: "2014-12-31", end: "2015-12-31", tickers: ["NYSE:XOM"], matches: 1, return: -0.12, benchmark_return: 0.04, turnover: 0.5 },
          ],
          summary: {
            screen: { cumulative_return: -0.076, annualized_return: -0.039, volatility: 0.12, max_drawdown: 0.12 },
            benchmark: { cumulative_return: 0.2376, annualized_return: 0.1125, volatility: 0.1, max_drawdown: 0 },
            hit_rate: 0,
            average_turnover: 0.5,
            average_holdings: 1.5,
          },
          warnings: [{ code: "few_holdings", message: "2 of 2 periods hold fewer than 5 companies (2013-12-31: 2, 2014-12-31: 1): their returns rest on very few names." }],
        },
      },
    },
  },
  responseBound: ANSWER_BOUNDS.backtest,
  serviceErrors: screenerOptionsOperation.serviceErrors,
} satisfies ApiOperation;

const HISTORY_EXAMPLE = { filters: { marketCap_usd: { min: 100_000_000_000 }, peRatio: { max: 25 } }, from: "2016-04-01", to: "2016-05-31", page: { limit: 2 } };

export const membershipHistoryOperation = {
  operationId: "runMembershipHistory",
  method: "post",
  path: "/api/v2/screener/history/",
  summary: "Who entered and left a screen, and why",
  description: [
    "Runs an advanced screen's filters (and its formulas with bounds) as of every trading day from `from` to `to`, and of the trading day before, and lists each company that entered or left the screen on a day with the filters whose result changed and their values the day before and on the day: \"P/E rose from 24.82 to 25.05, above the maximum 25.00\". Point in time: each day reads what was known on it.",
    `At most ${MAX_HISTORY_DAYS} trading days per request (a calendar year; ask for a longer range a year at a time); changes are paged, oldest first. Runs in the query workers under the backtest deadline (BACKTEST_DEADLINE_MS).`,
  ].join("\n\n"),
  tags: ["Screener"],
  request: { schema: MembershipHistoryRequest, examples: { megaCapsUnder25: { summary: "Mega caps with a P/E under 25, April and May 2016", value: HISTORY_EXAMPLE } } },
  response: {
    schema: MembershipHistoryResponse,
    description: "The changes, oldest first",
    examples: {
      megaCapsUnder25: {
        summary: "The first two changes",
        value: {
          from: "2016-04-01",
          to: "2016-05-31",
          trading_days: 42,
          members_before: 22,
          members_after: 24,
          total: 8,
          limit: 2,
          offset: 0,
          changes: [
            {
              date: "2016-04-21",
              full_ticker: "NYSE:ABBV",
              change: "entered",
              rules: [
                { filter: "marketCap_usd", passed_before: false, passed_after: true, before: 98764799999.04, after: 100218184126.01, reason: "Market cap rose from $98.76B to $100.22B, at or above the minimum $100.00B" },
              ],
            },
            {
              date: "2016-04-25",
              full_ticker: "NYSE:ABBV",
              change: "left",
              rules: [
                { filter: "marketCap_usd", passed_before: true, passed_after: false, before: 100299834919.66, after: 99564977776.81, reason: "Market cap fell from $100.30B to $99.56B, below the minimum $100.00B" },
              ],
            },
          ],
        },
      },
    },
  },
  responseBound: ANSWER_BOUNDS.history,
  serviceErrors: screenerOptionsOperation.serviceErrors,
} satisfies ApiOperation;

export const screenerV2Operations: readonly ApiOperation[] = [screenerOptionsV2Operation, basicScreenV2Operation, advancedScreenV2Operation, backtestOperation, membershipHistoryOperation];
