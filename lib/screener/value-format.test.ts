import { describe, expect, it } from "vitest";
import { formatCell, formatExact, formatValue, unitLabel } from "./value-format";

describe("formatCell", () => {
  it("formats by unit, minus sign for negatives, nothing for missing values", () => {
    expect(formatCell(617_588_491_660, "usd")).toBe("617.59B");
    expect(formatCell(2_500_000_000, "usd")).toBe("2.50B");
    expect(formatCell(-1_250_000, "usd")).toBe("\u22121.25M");
    expect(formatCell(0.1234, "percent")).toBe("12.3");
    expect(formatCell(-0.05, "percent")).toBe("\u22125.0");
    expect(formatCell(15.456, "number")).toBe("15.46");
    expect(formatCell(2016, "integer")).toBe("2016");
    expect(formatCell(null, "usd")).toBe("");
    expect(formatCell("NASDAQ:AAPL", "text")).toBe("NASDAQ:AAPL");
    expect(formatCell(true, "boolean")).toBe("yes");
    expect(formatCell(["peRatio", "marketCap_usd"], "fields")).toBe("peRatio, marketCap_usd");
    expect(formatCell([], "fields")).toBe("none");
  });

  it("gives exact values and unit labels for headers", () => {
    expect(formatExact(0.1234, "percent")).toBe("12.34%");
    expect(formatExact(617_588_491_660, "usd")).toBe("$617,588,491,660");
    expect(formatExact(null, "usd")).toBe("no data");
    expect(unitLabel("percent")).toBe("%");
    expect(unitLabel("usd")).toBe("USD");
    expect(unitLabel("text")).toBe("");
  });

  it("writes the unit into a value that stands alone", () => {
    expect(formatValue(0.1234, "percent")).toBe("12.3%");
    expect(formatValue(617_588_491_660, "usd")).toBe("$617.59B");
    expect(formatValue(-1_250_000, "usd")).toBe("\u2212$1.25M");
    expect(formatValue(13.87, "number")).toBe("13.87");
    expect(formatValue(null, "percent")).toBe("\u2014");
    expect(formatValue("Apple Inc.", "text")).toBe("Apple Inc.");
  });
});
