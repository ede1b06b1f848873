import { z } from "zod";
import { Formulas } from "./formula-schema";
import { AdvancedScreenRequest, AsOfDate } from "./request-schema";

/**
 * `POST /api/v2/screener/history/`: who entered and left a screen over a range of trading days,
 * and why (docs/METRICS.md "Membership history").
 */

/**
 * Trading days one request covers (a calendar year has 251 to 253): each is a day of the whole
 * market's values for the screen's columns (lib/market/day-values.ts, about 40 ms in 2016 when not
 * cached), and the request must end within the backtest deadline. Longer histories are asked for
 * a year at a time.
 */
export const MAX_HISTORY_DAYS = 253;

/**
 * Whether a screen has something to enter or leave by: a filter, or a formula with min or max.
 * Without one every listing is a member, and no history or alert can say why anything changed.
 */
export const hasMembershipTest = (request: { filters?: object; formulas?: readonly { min?: number; max?: number }[] }) =>
  Object.keys(request.filters ?? {}).length > 0 || (request.formulas?.some((f) => f.min !== undefined || f.max !== undefined) ?? false);
export const NO_MEMBERSHIP_TEST = "needs at least one filter (or a formula with min or max): without one, every listing is a member";
export const MAX_HISTORY_CHANGES_PAGE = 500;

/** The days and page of a history, of a screen in the body or of a saved one (`POST /api/v2/screens/{id}/history/`). */
const HISTORY_RANGE = {
  from: AsOfDate.describe("The first day whose changes are listed (YYYY-MM-DD): membership on the trading day before it is the baseline"),
  to: AsOfDate.describe("The last day (YYYY-MM-DD), within as_of_range"),
  page: z
    .strictObject({
      limit: z.int().min(1).max(MAX_HISTORY_CHANGES_PAGE).default(100).describe(`Changes per page (at most ${MAX_HISTORY_CHANGES_PAGE})`),
      offset: z.int().min(0).max(1_000_000).default(0),
    })
    .default({ limit: 100, offset: 0 }),
};
const toAfterFrom = (range: { from: string; to: string }, ctx: z.RefinementCtx) => {
  if (range.to < range.from) ctx.addIssue({ code: "custom", path: ["to"], message: "must be on or after from" });
};

export const MembershipHistoryRequest = z
  .strictObject({
    filters: AdvancedScreenRequest.shape.filters,
    formulas: Formulas.optional().describe("Formulas as in a v2 screen; those with min or max are filters of the screen on each day"),
    ...HISTORY_RANGE,
  })
  .superRefine((request, ctx) => {
    toAfterFrom(request, ctx);
    if (!hasMembershipTest(request)) ctx.addIssue({ code: "custom", path: ["filters"], message: `a history ${NO_MEMBERSHIP_TEST}` });
  });
export type MembershipHistoryRequest = z.output<typeof MembershipHistoryRequest>;

/** A saved screen's history: the screen's filters and formulas, over these days. */
export const SavedScreenHistoryRequest = z.strictObject(HISTORY_RANGE).superRefine(toAfterFrom);
export type SavedScreenHistoryRequest = z.output<typeof SavedScreenHistoryRequest>;

const FlippedRule = z.object({
  filter: z.string().describe("The filter (or formula) whose result changed"),
  passed_before: z.boolean(),
  passed_after: z.boolean(),
  before: z.union([z.number(), z.string()]).nullable().describe("Its field's value on the trading day before (null: none, or a filter over several values)"),
  after: z.union([z.number(), z.string()]).nullable().describe("Its field's value on the day"),
  reason: z.string().describe('In words: "P/E rose from 24.8 to 25.3, above the maximum 25"'),
});

export const MembershipChange = z.object({
  date: z.iso.date(),
  full_ticker: z.string(),
  change: z.enum(["entered", "left"]),
  rules: z.array(FlippedRule).describe("The filters that changed for the company that day: every one that now passes (entered) or fails (left)"),
});

export const MembershipHistoryResponse = z.object({
  from: z.iso.date().describe("The first trading day on or after the request's from"),
  to: z.iso.date().describe("The last trading day on or before the request's to"),
  trading_days: z.int(),
  members_before: z.int().describe("Members on the trading day before from"),
  members_after: z.int().describe("Members on to"),
  total: z.int().describe("Changes over the range"),
  limit: z.int(),
  offset: z.int(),
  changes: z.array(MembershipChange).describe("Oldest first; within a day, by ticker"),
});
export type MembershipHistoryResponse = z.output<typeof MembershipHistoryResponse>;
