import { describe, expect, it } from "vitest";
import { twinFilingLabel } from "./filing-labels";

describe("twinFilingLabel", () => {
  it("names another filing of a repeated passage by its fiscal labels, and its type when it differs from the hit's", () => {
    const tenK = { id: "EBAY_2017_10K", type: "10-K", fiscal_year: 2017, fiscal_period: "FY" };
    expect(twinFilingLabel(tenK, "10-K")).toBe("FY2017");
    expect(twinFilingLabel({ ...tenK, type: "annual-report" }, "10-K")).toBe("FY2017 Annual report");
    expect(twinFilingLabel({ ...tenK, type: "10-Q", fiscal_period: "Q2" }, "10-Q")).toBe("FY2017 Q2");
  });

  it("falls back to the filing id when it has no fiscal year", () => {
    expect(twinFilingLabel({ id: "ACME_8K_2019", type: "8-K", fiscal_year: null, fiscal_period: null }, "8-K")).toBe("ACME_8K_2019");
  });
});
