import { describe, expect, it } from "vitest";
import { type PriceDay, priceRows } from "@/lib/market/price-rows";
import { planSeries } from "./append-plan";

const day = (date: string, close: number, extra: Partial<PriceDay> = {}): PriceDay => ({ date, close, adjustedClose: close, volume: 100, dividend: null, split: 1, ...extra });
const history = priceRows([day("2021-04-19", 10), day("2021-04-20", 11), day("2021-04-21", 12, { dividend: 0.5 })]);
const storedOn = (date: string) => history.find((r) => r.date === date);
const plan = (days: PriceDay[]) => planSeries({ companyId: 7, days }, history, storedOn);

describe("planSeries", () => {
  it("continues the running sums from the last stored row, past an agreeing overlap", () => {
    const next = [day("2021-04-22", 13.2), day("2021-04-23", 12)];
    const whole = priceRows([day("2021-04-19", 10), day("2021-04-20", 11), day("2021-04-21", 12, { dividend: 0.5 }), ...next]);
    expect(plan([day("2021-04-21", 12.05), ...next])).toEqual({ companyId: 7, rows: whole.slice(3), overlap: 1 });
  });

  it("refuses a series at its first day that does not extend the history", () => {
    const refused = (days: PriceDay[]) => {
      const result = plan(days);
      return "refused" in result ? result.refused : null;
    };
    expect(refused([day("2021-04-20", 15), day("2021-04-22", 13)])).toEqual({ date: "2021-04-20", reason: expect.stringContaining("disagrees with the stored 11") });
    expect(refused([day("2021-04-18", 10), day("2021-04-22", 13)])).toEqual({ date: "2021-04-18", reason: "not after the last stored day 2021-04-21, and not a stored day" });
    expect(refused([day("2021-04-22", 13), day("2021-04-22", 13)])).toEqual({ date: "2021-04-22", reason: "days not in date order, or a day given twice" });
    expect(refused([day("2021-04-22", 6.5, { split: 2 })])).toEqual({ date: "2021-04-22", reason: expect.stringContaining("a split (2)") });
    expect(planSeries({ companyId: 7, days: [day("2021-04-22", 13)] }, [], () => undefined)).toMatchObject({ refused: { reason: expect.stringContaining("no stored price history") } });
  });
});
