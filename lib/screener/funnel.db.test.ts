import { describe, expect, it } from "vitest";
import { countFilterFunnel, FunnelRequest } from "./funnel";
import { AdvancedScreenRequest } from "./request-schema";
import { runScreen } from "./service";

describe("countFilterFunnel", () => {
  it("counts the companies left after each filter, in order, and finds the one that removes everything", () => {
    const filters = {
      peRatio: { max: 0.5, min: 0 },
      marketCap_usd: { min: 1e11 },
      country: { values: ["United States"] },
    };
    // The order the user added them in, not the catalog's.
    const funnel = countFilterFunnel(FunnelRequest.parse({ filters, order: ["country", "marketCap_usd", "peRatio"] }));
    const alone = (f: Record<string, unknown>) => runScreen(AdvancedScreenRequest.parse({ filters: f, result_format: "tickers" })).total;
    expect(funnel.universe).toBe(alone({}));
    expect(funnel.steps.map((s) => s.filter)).toEqual(["country", "marketCap_usd", "peRatio"]);
    expect(funnel.steps[0]!.total).toBe(alone({ country: filters.country }));
    expect(funnel.steps[1]!.total).toBe(alone({ country: filters.country, marketCap_usd: filters.marketCap_usd }));
    expect(funnel.steps[1]!.total).toBeGreaterThan(0);
    expect(funnel.steps[2]!.total).toBe(0);
  });
});
