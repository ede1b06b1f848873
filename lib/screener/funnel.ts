import { z } from "zod";
import { AdvancedScreenRequest, AsOfDate, type ScreenRequest } from "./request-schema";
import { countScreen } from "./service";

export const FunnelRequest = AdvancedScreenRequest.extend({
  as_of: AsOfDate.optional(),
  order: z
    .array(z.string().max(120))
    .max(100)
    .optional()
    .describe("Filter names in the order to apply them (the order the user added them); others follow in catalog order"),
});

/**
 * The screen's filters applied one at a time, in the order given, with the number of companies
 * left after each: shows which filter removed everything when a screen comes back empty. Each
 * step is counted as an ordinary screen (countScreen), so counts are exactly the screener's.
 */
export function countFilterFunnel({ order = [], ...request }: z.output<typeof FunnelRequest>) {
  const present = Object.keys(request.filters);
  const names = [...new Set([...order.filter((n) => present.includes(n)), ...present])];
  const count = (filters: ScreenRequest["filters"]) =>
    countScreen({ ...request, filters, result_format: "tickers", page: { limit: 1, offset: 0 } });
  const universe = count({});
  const steps = names.map((name, i) => ({
    filter: name,
    total: count(Object.fromEntries(Object.entries(request.filters).filter(([n]) => names.slice(0, i + 1).includes(n)))),
  }));
  return { universe, steps };
}

export const FunnelResponse = z.object({
  universe: z.int().describe("Companies before any filter"),
  steps: z.array(z.object({ filter: z.string(), total: z.int().describe("Companies left after this filter and every one before it") })),
});
