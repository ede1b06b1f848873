import { describe, expect, it } from "vitest";
import { formatAmountInput, parseAmount } from "./amount";

const value = (text: string, unit: Parameters<typeof parseAmount>[1]) => {
  const parsed = parseAmount(text, unit);
  return parsed.ok ? parsed.value : parsed.error;
};

describe("parseAmount", () => {
  it("reads magnitude suffixes of dollar amounts exactly", () => {
    expect(value("500M", "usd")).toBe(500_000_000);
    expect(value("2.5B", "usd")).toBe(2_500_000_000);
    expect(value("1.1b", "usd")).toBe(1_100_000_000);
    expect(value("1T", "usd")).toBe(1e12);
    expect(value("$750k", "usd")).toBe(750_000);
    expect(value("3 bn", "usd")).toBe(3e9);
    expect(value("1,000,000", "usd")).toBe(1e6);
    expect(value("-2B", "usd")).toBe(-2e9);
  });

  it("reads percent fields in percent", () => {
    expect(value("10", "percent")).toBe(0.1);
    expect(value("7", "percent")).toBe(0.07);
    expect(value("12.5%", "percent")).toBe(0.125);
    expect(value("−3", "percent")).toBe(-0.03);
  });

  it("reads plain numbers and multiples", () => {
    expect(value("15", "number")).toBe(15);
    expect(value("2x", "number")).toBe(2);
    expect(value(".5", "number")).toBe(0.5);
  });

  it("leaves empty text unset and explains what it cannot read", () => {
    expect(value("  ", "usd")).toBeUndefined();
    expect(value("2.5Q", "usd")).toMatch(/Not a number: USD, e.g. 500M/);
    expect(value("ten", "percent")).toMatch(/in %/);
    expect(value("1e400", "number")).toBe("Number too large");
  });
});

describe("formatAmountInput", () => {
  it("inverts parseAmount", () => {
    expect(formatAmountInput(2_500_000_000, "usd")).toBe("2.5B");
    expect(formatAmountInput(1e12, "usd")).toBe("1T");
    expect(formatAmountInput(500_000_000, "usd")).toBe("500M");
    expect(formatAmountInput(1234, "usd")).toBe("1234");
    expect(formatAmountInput(0.07, "percent")).toBe("7");
    expect(formatAmountInput(0.125, "percent")).toBe("12.5");
    expect(formatAmountInput(undefined, "number")).toBe("");
    for (const [n, unit] of [[0.1, "percent"], [3.3e9, "usd"], [-0.033, "percent"], [2, "number"]] as const) {
      expect(value(formatAmountInput(n, unit), unit)).toBe(n);
    }
  });
});
