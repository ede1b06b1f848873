import { describe, expect, it } from "vitest";
import { countFilterFunnel } from "./funnel";
import { AdvancedScreenRequest } from "./request-schema";
import { runScreen } from "./service";

describe("countFilterFunnel", () => {
  it("counts the companies left after each filter, in order, and finds the one that removes everything", () => {
    const filters = {
      country: { values: ["United States"] },
      marketCap_usd: { min: 1e11 },
      peRatio: { max: 0.5, min: 0 },
    };
    const funnel = countFilterFunnel(AdvancedScreenRequest.parse({ filters }));
    const alone = (f: Record<string, unknown>) => runScreen(AdvancedScreenRequest.parse({ filters: f, result_format: "tickers" })).total;
    expect(funnel.universe).toBe(alone({}));
    expect(funnel.steps.map((s) => s.filter)).toEqual(["country", "marketCap_usd", "peRatio"]);
    expect(funnel.steps[0]!.total).toBe(alone({ country: filters.country }));
    expect(funnel.steps[1]!.total).toBe(alone({ country: filters.country, marketCap_usd: filters.marketCap_usd }));
    expect(funnel.steps[1]!.total).toBeGreaterThan(0);
    expect(funnel.steps[2]!.total).toBe(0);
  });
});
