import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { shiftDays } from "@/lib/calendar";
import { FIELDS } from "./catalog";
import { FISCAL_YEAR_VALUE_FIELDS, isStale, monthsBetween, STALENESS_FIELDS, staleCutoff, staleFieldNote, staleNote, withStaleness } from "./staleness";

describe("the staleness rule", () => {
  it("is 15 months before the as-of date, the day clamped to the month's end", () => {
    expect(staleCutoff("2021-04-21")).toBe("2020-01-21");
    expect(staleCutoff("2017-03-31")).toBe("2015-12-31");
    expect(staleCutoff("2017-05-31")).toBe("2016-02-29");
    expect(staleCutoff("2018-05-31")).toBe("2017-02-28");
  });

  it("marks a fiscal year that ended before the cutoff, not one that ended on it", () => {
    expect(isStale("2020-01-21", "2021-04-21")).toBe(false);
    expect(isStale("2020-01-20", "2021-04-21")).toBe(true);
    // The default date: a calendar FY2015 is exactly 15 months old, a September one older.
    expect(isStale("2015-12-31", "2017-03-31")).toBe(false);
    expect(isStale("2015-12-30", "2017-03-31")).toBe(true);
    expect(isStale("2016-06-30", "2017-03-31")).toBe(false);
    expect(isStale("2016-06-30", "2021-04-21")).toBe(true);
    // Clamped: as of 2017-05-31 the cutoff is 2016-02-29.
    expect(isStale("2016-02-29", "2017-05-31")).toBe(false);
    expect(isStale("2016-02-28", "2017-05-31")).toBe(true);
  });

  it("counts whole months", () => {
    expect(monthsBetween("2016-06-30", "2021-04-21")).toBe(57);
    expect(monthsBetween("2016-06-30", "2021-04-30")).toBe(58);
    expect(monthsBetween("2015-12-31", "2017-03-31")).toBe(15);
    expect(monthsBetween("2016-01-31", "2016-02-29")).toBe(1);
    expect(monthsBetween("2016-03-01", "2016-03-31")).toBe(0);
  });

  it("never calls a stale year less than 15 months old", () => {
    const day = fc.integer({ min: 0, max: 365 * 12 }).map((n) => shiftDays("2012-01-01", n));
    fc.assert(
      fc.property(day, day, (periodEnd, asOf) => {
        if (isStale(periodEnd, asOf)) expect(monthsBetween(periodEnd, asOf)).toBeGreaterThanOrEqual(15);
        else if (periodEnd <= asOf) expect(monthsBetween(periodEnd, asOf)).toBeLessThanOrEqual(15);
      }),
    );
  });

  it("says what a stale value rests on", () => {
    expect(staleNote(2016, "2016-06-30", "2021-04-21")).toBe("FY2016, ended 2016-06-30, 57 months and 22 days before 2021-04-21");
    expect(staleNote(2015, "2015-12-26", "2017-03-27")).toBe("FY2015, ended 2015-12-26, 15 months and 1 day before 2017-03-27");
    expect(staleNote(null, "2015-09-30", "2016-12-30")).toBe("ended 2015-09-30, 15 months before 2016-12-30");
    const row = { fiscal_year: 2016, period_end: "2016-06-30", stale_fields: ["peRatio"] };
    expect(staleFieldNote(row, "peRatio", "2021-04-21")).toBe("FY2016, ended 2016-06-30, 57 months and 22 days before 2021-04-21");
    expect(staleFieldNote(row, "price", "2021-04-21")).toBeNull();
    expect(staleFieldNote({ ...row, stale_fields: [] }, "peRatio", "2021-04-21")).toBeNull();
  });
});

describe("withStaleness", () => {
  const fields = ["full_ticker", "peRatio", "priceToBook", "price", "stale_fields", "fundamentals_stale"];
  const row = { full_ticker: "NASDAQ:MSFT", peRatio: 122.9, priceToBook: null, price: 260.58, stale_fields: "2016-06-30", fundamentals_stale: "2016-06-30" };

  it("lists the loaded fields with a value on a stale fiscal year", () => {
    expect(withStaleness(row, fields, "2021-04-21")).toMatchObject({ fundamentals_stale: true, stale_fields: ["peRatio"], price: 260.58 });
  });

  it("lists none on a recent one, and says nothing without a fiscal year", () => {
    expect(withStaleness(row, fields, "2017-03-31")).toMatchObject({ fundamentals_stale: false, stale_fields: [] });
    expect(withStaleness({ ...row, stale_fields: null, fundamentals_stale: null }, fields, "2021-04-21")).toMatchObject({ fundamentals_stale: null, stale_fields: null });
  });

  it("leaves rows without staleness fields as they are", () => {
    const plain = { full_ticker: "NASDAQ:MSFT", peRatio: 122.9 };
    expect(withStaleness(plain, ["full_ticker", "peRatio"], "2021-04-21")).toBe(plain);
  });

  it("covers every value of the latest fiscal year and of valuation in the catalog", () => {
    const categories = ["Valuation", "Fundamentals (latest fiscal year)", "Profitability"];
    const labels = ["fiscal_year", "period_end", ...STALENESS_FIELDS];
    const expected = FIELDS.filter((f) => categories.includes(f.category) && !labels.includes(f.name)).map((f) => f.name);
    expect([...FISCAL_YEAR_VALUE_FIELDS].sort()).toEqual([...expected, "marketCap_usd"].sort());
  });
});
