import { z } from "zod";
import { FIELD_BY_NAME } from "./catalog";
import { AdvancedScreenRequest, AsOfDate, fieldName } from "./request-schema";
import { Formulas } from "./formula-schema";

import { REBALANCES } from "./backtest-params";

export { REBALANCE_MONTHS, REBALANCES } from "./backtest-params";

/** The most rebalance periods one backtest runs: the whole as-of range, monthly. */
export const MAX_BACKTEST_PERIODS = 120;
/** The most fields a backtest loads per holding. */
export const MAX_BACKTEST_FIELDS = 20;
/**
 * The most values a backtest's rows may hold (holdings × fields over all periods, counted before it
 * runs from the companies priced on each rebalance date): about 6 MB of JSON, within the answer's
 * 10 MB bound beside the tickers.
 */
export const MAX_BACKTEST_VALUES = 150_000;

/** An output field that is not long text (the business description is not loaded for every holding of every period). */
const bulkFieldName = fieldName
  .refine((name) => !FIELD_BY_NAME.get(name)?.longText, {
    error: "is long text, not loaded for every holding of every period: ask the screener for it (/api/v2/screener/advanced/ with as_of)",
  })
  .refine((name) => !FIELD_BY_NAME.get(name)?.derivedFrom, {
    error: "is computed per screen, not per holding: ask the screener for it (/api/v2/screener/advanced/ with as_of), or load period_end",
  });

/** `POST /api/v2/screener/backtest/`: an advanced screen's filters run as of each rebalance date. */
export const BacktestRequest = z
  .strictObject({
    filters: AdvancedScreenRequest.shape.filters,
    formulas: Formulas.optional().describe("Formulas as in a v2 screen; those with min or max filter the screen on each rebalance date, and fields may name any of them to load its values into rows"),
    start: AsOfDate.describe("The first rebalance date (YYYY-MM-DD, within as_of_range): the screen's holdings are bought on the last trading day on or before it"),
    end: AsOfDate.describe("The end of the last period (YYYY-MM-DD, within as_of_range, after start)"),
    rebalance: z.enum(REBALANCES).describe("How often the screen runs again and the holdings are replaced: every month, quarter or year from start"),
    fields: z
      .array(z.string().max(120))
      .min(1)
      .max(MAX_BACKTEST_FIELDS)
      .optional()
      .describe(
        `Output fields to load for each holding as of its period's start, catalog fields or the request's formulas (at most ${MAX_BACKTEST_FIELDS}, no long text such as description, and at most ${MAX_BACKTEST_VALUES.toLocaleString("en-US")} values over all periods: holdings × fields, counted from the companies priced on each rebalance date); without them periods list tickers only`,
      ),
  })
  .superRefine((r, context) => {
    // A field names a formula of the request, or a catalog field a holding's row can carry.
    const formulas = new Set(r.formulas?.map((f) => f.name));
    r.fields?.forEach((name, i) => {
      if (formulas.has(name)) return;
      for (const issue of bulkFieldName.safeParse(name).error?.issues ?? []) context.addIssue({ code: "custom", path: ["fields", i], message: issue.message });
    });
  })
  .refine((r) => r.start < r.end, { path: ["end"], error: "end must be after start" });
export type BacktestRequest = z.output<typeof BacktestRequest>;

const Return = z.number().nullable();

const BacktestPeriod = z.object({
  start: z.iso.date().describe("The rebalance trading day: the screen runs as of it and its holdings are bought at its adjusted close"),
  end: z.iso.date().describe("The next rebalance trading day (or the backtest's end): the holdings are valued at their last adjusted close on or before it"),
  tickers: z.array(z.string()).describe("Holdings: the screen's companies as of start that have a price that day, equally weighted"),
  matches: z.int().describe("Companies the screen returned as of start, priced or not"),
  return: Return.describe("Equal-weighted mean of adjusted_close(end) / adjusted_close(start) − 1 over the holdings; null without holdings (the period is then counted as cash, 0)"),
  benchmark_return: Return.describe("The same mean over every company with a price on start"),
  turnover: Return.describe("One-way turnover at start: half the sum of the absolute weight changes from the previous holdings (1 = everything replaced); null for the first period"),
  rows: z.array(z.record(z.string(), z.unknown())).optional().describe("With fields: each holding's fields as of start"),
});

const Performance = z.object({
  cumulative_return: z.number().describe("Product of (1 + period return) − 1"),
  annualized_return: z.number().nullable().describe("(1 + cumulative)^(365.25 / days) − 1 over the days from the first start to the last end"),
  volatility: z.number().nullable().describe("Sample standard deviation of the period returns × √(periods per year); null with fewer than 2 periods"),
  max_drawdown: z.number().describe("Largest fall of the cumulative value from a previous peak, at period ends (0.25 = −25%)"),
});

export const BacktestResponse = z.object({
  start: z.iso.date().describe("The first rebalance trading day"),
  end: z.iso.date().describe("The last trading day on or before the requested end"),
  rebalance: z.enum(REBALANCES),
  periods: z.array(BacktestPeriod),
  summary: z.object({
    screen: Performance,
    benchmark: Performance,
    hit_rate: z.number().nullable().describe("Share of periods whose return beat the benchmark's"),
    average_turnover: z.number().nullable().describe("Mean one-way turnover over the rebalances after the first"),
    average_holdings: z.number().describe("Mean number of holdings per period"),
  }),
  warnings: z
    .array(z.object({ code: z.enum(["survivorship", "stale_fundamentals", "few_holdings", "unpriced_matches"]), message: z.string() }))
    .describe("The biases of this backtest, in plain words"),
});
export type BacktestResponse = z.output<typeof BacktestResponse>;
