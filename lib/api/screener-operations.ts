import { ANSWER_BOUNDS } from "./answer-bounds";
import { AS_OF_DATE } from "@/lib/as-of";
import { DatabaseUnavailableError } from "@/lib/errors";
import { FILTER_TYPE_DEFAULTS } from "@/lib/screener/filter-settings";
import { buildOptionsRecord } from "@/lib/screener/options";
import { AdvancedScreenRequest, BasicScreenRequest, uiScreenRequestSchema } from "@/lib/screener/request-schema";
import { OptionsResponse, ScreenResponse } from "@/lib/screener/response-schema";
import type { ApiOperation } from "./operation";

const { max_length, max_terms, max_prefix_terms, min_prefix_length } = FILTER_TYPE_DEFAULTS.text;
const TEXT_BOUNDS = `${max_length}, ${max_terms}, ${max_prefix_terms}, ${min_prefix_length}`;

/** Every screener operation reads the market database: 503 while it is being built. */
const DATABASE_ERRORS = { building: { summary: "The market database is being built", error: new DatabaseUnavailableError("building") } };

/** Two values of each option list with their company counts, as the bundled database has them. */
const SAMPLE_OPTION_COUNTS: Record<string, Record<string, number>> = {
  countries: { "United States": 4732, China: 4570 },
  sectors: { Industrials: 6645, Financials: 5722 },
  industry_groups: { Materials: 4174, "Capital Goods": 3596 },
  industries: { "Metals & Mining": 2581, "Capital Markets": 1207 },
  currencies: { EUR: 8361, INR: 4047 },
  exchanges: { BER: 3183, TSE: 3019, US: 53 },
};

/** Coverage of a few fields, filters and rule settings, as the bundled database has it. */
const SAMPLE_COVERAGE = {
  companies: 43423,
  fields: { marketCap_usd: 360, peRatio: 244, revenue: 449 },
  filters: {
    marketCap_usd: { companies: 360 },
    returnOnInvestedCapital: {
      companies: 429,
      fy_offsets: { "0": 429, "1": 434, "2": 430, "3": 423, "4": 3, "5": 2, "6": 2, "7": 2, "8": 2, "9": 1 },
      average_years: { "1": 429, "2": 429, "3": 425, "4": 417, "5": 2, "6": 2, "7": 2, "8": 2, "9": 2, "10": 1 },
    },
    incomeStatementGrowth: { companies: 449, horizons: { revenue: { "1": 449, "2": 446, "3": 439, "5": 2, "7": 2, "8": 2, "10": 0 } } },
  },
};

/** What the sample's coded values stand for. */
const SAMPLE_OPTION_LABELS = { exchanges: { BER: "Börse Berlin", TSE: "Tokyo Stock Exchange", US: "U.S. exchange not in the data" } };

/** The options record the real builder makes from the catalog, over the sample option lists. */
function optionsExample() {
  const lists = Object.fromEntries(Object.entries(SAMPLE_OPTION_COUNTS).map(([source, counts]) => [source, Object.keys(counts)]));
  return buildOptionsRecord({ lists, counts: SAMPLE_OPTION_COUNTS, labels: SAMPLE_OPTION_LABELS }, AS_OF_DATE, SAMPLE_COVERAGE);
}

const rowsExample = {
  as_of: AS_OF_DATE,
  total: 2,
  limit: 100,
  offset: 0,
  loaded_fields: ["full_ticker", "companyName", "marketCap_usd"],
  temporary_columns: [],
  rows: [
    { full_ticker: "NASDAQ:AAPL", companyName: "Apple Inc.", marketCap_usd: 766040085580 },
    { full_ticker: "NASDAQ:MSFT", companyName: "Microsoft", marketCap_usd: 521847301909 },
  ],
};

const SCREEN_RULES = `Rules: filters must be keys of the endpoint's mode in the options record; sort.field from sort.fields; fields items from fields (at most 120 characters each).
Text filters (input_type text) are bounded so that one screen's cost is bounded: max_length characters, max_terms words (each word of a quoted phrase counts), max_prefix_terms prefix* terms of at least min_prefix_length letters or digits (filter_type_defaults.text: ${TEXT_BOUNDS}); text without letters or digits (\`*\`, \`((((\`) is a 400 "has no searchable words" at /filters/<name>/fts, like every exceeded bound. The text is matched once per screen as a set.
Open points of the spec, decided: sort defaults to marketCap_usd descending (sort.desc defaults to true); nulls always sort last; ties break on full_ticker in the sort's direction so pages tile exactly; page.offset is any non-negative integer (past the end gives an empty page, total stays exact); without fields a rows response loads ${"`full_ticker, companyName, country, sector, industry, marketCap_usd, price, return_1y, peRatio, dividendYieldTTM`"}; result_format tickers loads only full_ticker and ignores fields. Multi-select exclude keeps companies whose value is missing. Units: ratios are decimals (0.10 is 10%), _usd fields raw U.S. dollars.`;

export const screenerOptionsOperation = {
  operationId: "getScreenerOptions",
  method: "get",
  path: "/api/v1/screener/options/",
  summary: "Screener options",
  description:
    "Request-building metadata: filters (with input types, operators, option sources, members and value fields), modes, option values, sort fields, output fields and shared defaults. Each filter definition spells out its effective operators and limits: its own values where it has them, otherwise filter_type_defaults[input_type]. Responses carry an ETag and Cache-Control; send If-None-Match to revalidate (304).",
  tags: ["Screener"],
  response: {
    schema: OptionsResponse,
    description: "The screener options record",
    examples: {
      record: { summary: "The record, each option list cut to its two largest values", value: optionsExample() },
    },
  },
  responseBound: ANSWER_BOUNDS.options,
  serviceErrors: DATABASE_ERRORS,
} satisfies ApiOperation;

export const basicScreenOperation = {
  operationId: "runBasicScreen",
  method: "post",
  path: "/api/v1/screener/basic/",
  summary: "Basic screen",
  description: `Runs a screen with the basic filter set (modes.basic): business profile, data coverage, market and valuation ranges, returns, volatility ranges, TTM shorthand ranges and net income. An advanced-only filter is rejected with 400.\n\n${SCREEN_RULES}`,
  tags: ["Screener"],
  request: {
    schema: BasicScreenRequest,
    examples: {
      largeUsTech: {
        summary: "Large U.S. technology companies",
        value: {
          filters: {
            country: { operator: "include", values: ["United States"] },
            sector: { values: ["Information Technology"] },
            marketCap_usd: { min: 50_000_000_000 },
          },
          sort: { field: "marketCap_usd", desc: true },
          page: { limit: 50, offset: 0 },
          fields: ["full_ticker", "companyName", "marketCap_usd", "return_1y"],
        },
      },
      dividendTickers: {
        summary: "Dividend payers, tickers only",
        value: { filters: { dividendYieldTTM: { min: 0.03 } }, result_format: "tickers", page: { limit: 1000 } },
      },
    },
  },
  response: {
    schema: ScreenResponse,
    description: "A rows response or a tickers response, by result_format",
    examples: {
      rows: { summary: "Rows", value: rowsExample },
      tickers: { summary: "Tickers", value: { as_of: AS_OF_DATE, total: 2, limit: 100, offset: 0, tickers: ["NASDAQ:AAPL", "NASDAQ:MSFT"] } },
    },
  },
  responseBound: ANSWER_BOUNDS.screen,
  serviceErrors: DATABASE_ERRORS,
} satisfies ApiOperation;

export const advancedScreenOperation = {
  operationId: "runAdvancedScreen",
  method: "post",
  path: "/api/v1/screener/advanced/",
  summary: "Advanced screen",
  description: `Runs a screen with every basic filter plus the advanced contract: metric rule groups (fiscal year, trailing average and TTM operands; range and compare rules; missing_policy strict or skip_missing), growth rule groups (CAGR or multiple over 1, 2, 3, 5, 7, 8 or 10 years, reported or USD basis, at most 5 rules), volatility and composite member rule groups, and the legacy volatility_compare. Values a rule derives are returned per row as temporary columns; a growth rule's column is named after its value field in the options record, value_fields[metric][value_type][currency_basis] + "_<horizon_years>y" (a 3-year revenue CAGR on the reported basis: revenueCagr_3y).\n\n${SCREEN_RULES}`,
  tags: ["Screener"],
  request: {
    schema: AdvancedScreenRequest,
    examples: {
      qualityCompounders: {
        summary: "Quality compounders: 3-year average ROIC ≥ 15% and 3-year revenue CAGR ≥ 10%",
        value: {
          filters: {
            returnOnInvestedCapital: {
              missing_policy: "strict",
              rules: [{ kind: "range", operand: { kind: "average", years: 3, anchor: { scope: "fy", offset: 0 } }, min: 0.15 }],
            },
            incomeStatementGrowth: {
              rules: [{ metric: "revenue", horizon_years: 3, value_type: "cagr", currency_basis: "reported", min: 0.1 }],
            },
          },
          fields: ["full_ticker", "companyName", "marketCap_usd", "returnOnInvestedCapital"],
        },
      },
      calmerThanUsual: {
        summary: "1-year volatility below 5-year volatility and below 20%",
        value: {
          filters: {
            volatility: {
              rules: [
                { kind: "compare", left_field: "daily_return_vol_1y_annualized", operator: "lt", right_field: "daily_return_vol_5y_annualized" },
                { kind: "range", field: "daily_return_vol_1y_annualized", max: 0.2 },
              ],
            },
          },
          sort: { field: "daily_return_vol_1y_annualized", desc: false },
        },
      },
    },
  },
  response: {
    schema: ScreenResponse,
    description: "A rows response or a tickers response, by result_format",
    examples: {
      rows: {
        summary: "Rows with temporary columns",
        value: {
          ...rowsExample,
          total: 1,
          temporary_columns: [
            {
              name: "returnOnInvestedCapital_avg3y_fy0",
              label: "ROIC 3y avg to latest FY",
              source: { kind: "average", metric: "returnOnInvestedCapital", years: 3, offset: 0 },
              unit: "percent",
              filter: "returnOnInvestedCapital",
            },
          ],
          rows: [{ full_ticker: "NASDAQ:AAPL", companyName: "Apple Inc.", marketCap_usd: 766040085580, returnOnInvestedCapital_avg3y_fy0: 0.27 }],
        },
      },
    },
  },
  responseBound: ANSWER_BOUNDS.screen,
  serviceErrors: DATABASE_ERRORS,
} satisfies ApiOperation;

/**
 * The screener page's own screens (`/api/ui/screener/{basic,advanced}/`, not in the OpenAPI
 * document): v1's operations, with a sort that may name the screen's temporary columns.
 */
export const uiBasicScreenOperation = { ...basicScreenOperation, request: { ...basicScreenOperation.request, schema: uiScreenRequestSchema("basic") } } satisfies ApiOperation;
export const uiAdvancedScreenOperation = { ...advancedScreenOperation, request: { ...advancedScreenOperation.request, schema: uiScreenRequestSchema("advanced") } } satisfies ApiOperation;

export const screenerOperations = [screenerOptionsOperation, basicScreenOperation, advancedScreenOperation];
