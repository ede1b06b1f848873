import { z } from "zod";
import { cachedStatement } from "@/lib/db/market-db";
import { SqlCount } from "@/lib/db/sql-rows";
import { compileFilterOutcomes } from "./compile";
import { screenSource } from "./as-of-range";
import { Formulas } from "./formula-schema";
import { AdvancedScreenRequest, AsOfDate, type ScreenRequest } from "./request-schema";
import { FilterOutcome } from "./response-schema";
import { countScreen } from "./service";

export const FilterOutcomesRequest = AdvancedScreenRequest.pick({ filters: true }).extend({ as_of: AsOfDate.optional(), formulas: Formulas.optional() });

export const FilterOutcomesResponse = z.object({
  total: z.int().describe("Companies matching every filter"),
  filter_outcomes: z
    .record(z.string(), FilterOutcome)
    .describe("Per filter of the request, and per formula with bounds by its name: companies it left out for missing data, separately from those that failed its condition"),
});
export type FilterOutcomesResponse = z.output<typeof FilterOutcomesResponse>;

/** One outcome query's rows: `reason` NULL for the companies with the data, else why not. */
const OutcomeGroups = z.array(z.object({ reason: z.string().nullable(), n: SqlCount }));
const readGroups = (sql: string, params: unknown[]) =>
  OutcomeGroups.parse(cachedStatement(sql).all(...params)).map(({ reason, n }) => ({ reason, companies: n }));

/**
 * Per filter (and formula with bounds), of the companies the other filters keep: how many it passed, failed on their values,
 * or left out for missing data, and why (`compileFilterOutcomes`: one query per filter). Its own
 * operation rather than part of every screen: it costs about one screen count per filter, which the
 * screen itself need not pay; the screener page asks for it after the results.
 */
export function countFilterOutcomes({ filters, as_of, formulas }: z.output<typeof FilterOutcomesRequest>): FilterOutcomesResponse {
  const request: ScreenRequest = { filters, sort: {}, page: {}, result_format: "tickers" };
  const total = countScreen({ ...request, as_of, formulas });
  const outcomes = compileFilterOutcomes({ ...request, formulas }, screenSource(as_of)).map(({ filter, sql, params }) => {
    const groups = readGroups(sql, params);
    const considered = groups.reduce((sum, g) => sum + g.companies, 0);
    const withData = groups.find((g) => g.reason === null)?.companies ?? 0;
    const missingReasons = groups.flatMap(({ reason, companies }) => (reason === null ? [] : [{ reason, companies }])).sort((a, b) => b.companies - a.companies);
    return [filter, { considered, passed: total, failed: withData - total, missing: considered - withData, missing_reasons: missingReasons }] as const;
  });
  return { total, filter_outcomes: Object.fromEntries(outcomes) };
}
