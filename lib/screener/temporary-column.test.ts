import { describe, expect, it } from "vitest";
import { FIELD_BY_NAME } from "./catalog";
import { temporaryColumnLabel } from "./temporary-column";

const label = (name: string) => FIELD_BY_NAME.get(name)?.label ?? name;

describe("temporaryColumnLabel", () => {
  it("names the metric without its catalog year, then the column's own year", () => {
    expect(temporaryColumnLabel({ kind: "average", metric: "returnOnInvestedCapital", years: 3, offset: 0 }, label)).toBe("ROIC 3y avg to latest FY");
    expect(temporaryColumnLabel({ kind: "ttm", metric: "netMargin" }, label)).toBe("Net margin TTM");
    expect(temporaryColumnLabel({ kind: "fy", metric: "returnOnEquity", offset: 2 }, label)).toBe("ROE FY−2");
  });

  it("keeps an output field's label whole", () => {
    expect(temporaryColumnLabel({ kind: "field", field: "evToEbitda" }, label)).toBe("EV/EBITDA (latest FY)");
  });
});
