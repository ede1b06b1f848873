/**
 * Data test: the company page's volumes on the as-of share basis, re-derived from the bundled price
 * file (Apple's 7:1 split of 2014-06-09). Needs the database (`npm run ingest`).
 */
import { describe, expect, it } from "vitest";
import type { PricePoint } from "@/lib/companies/company-repository";
import { volumesOnLastBasis } from "@/lib/companies/price-history";
import { builtDb, company, days } from "@/test/support/ingest/raw-files";

const AS_OF = "2017-03-31";

describe("volumes on the as-of share basis", () => {
  it("restate Apple's volumes before its 2014 split by the split coefficients the price file gives after them", () => {
    const id = Number(company("AAPL").id);
    const stored = builtDb().prepare<[number, string], PricePoint>("SELECT date, close, adjusted_close, volume, split_index FROM daily_prices WHERE company_id = ? AND date <= ? ORDER BY date").all(id, AS_OF);
    const volumes = volumesOnLastBasis(stored);
    const onBasis = new Map(stored.map((p, i) => [p.date, volumes[i]!]));
    const raw = days("AAPL").filter((d) => d.date <= AS_OF);
    const splitsAfter = (date: string) => raw.filter((d) => d.date > date).reduce((f, d) => f * d.split, 1);
    expect(splitsAfter("2014-06-06")).toBeCloseTo(7, 4);
    for (const date of ["2013-01-02", "2014-06-06", "2014-06-09", "2017-03-31"]) {
      const day = raw.find((d) => d.date === date)!;
      expect(onBasis.get(date)).toBeCloseTo(day.volume * splitsAfter(date), 0);
    }
  });
});
